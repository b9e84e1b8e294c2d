import { readdir, rm } from "node:fs/promises";
import path from "node:path";

/**
 * The folder a build writes its files into before they are moved into `outDir`: beside it (on
 * the same disk, so that the move is a rename), named for the build's process and the time, e.g.
 * `dist.tmp-4242-1767225600000`.
 */
export function stagingFolderOf(outDir: string): string {
  return `${outDir}.tmp-${process.pid}-${Date.now()}`;
}

/** The process that wrote a folder named by stagingFolderOf for `outDir`, or undefined for any other name. */
function stagingProcessOf(outDir: string, name: string): number | undefined {
  const prefix = `${path.basename(outDir)}.tmp-`;
  if (!name.startsWith(prefix)) return undefined;
  const match = /^(\d+)-\d+$/.exec(name.slice(prefix.length));
  return match ? Number(match[1]) : undefined;
}

/** Whether a process with this id is running (one of another user's is: it may not be signalled, but it is there). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the staging folders that builds into `outDir` left behind (killed, or the machine
 * stopped, before they could remove their own): those whose process is no longer running. A
 * folder whose process is running (another build, into the same folder) is left alone, and so is
 * one whose process id has been given to another program since; a later build removes it.
 * Returns the names of the folders removed.
 */
export async function removeLeftStaging(outDir: string): Promise<string[]> {
  const parent = path.dirname(outDir);
  // A parent that cannot be listed holds nothing this build could remove.
  const names = await readdir(parent).catch(() => [] as string[]);
  const left = names.filter((name) => {
    const pid = stagingProcessOf(outDir, name);
    return pid !== undefined && !isRunning(pid);
  });
  await Promise.all(left.map((name) => rm(path.join(parent, name), { recursive: true, force: true })));
  return left;
}
