// What a measured build must not find (an earlier build's output, its caches) is moved aside, not
// deleted, until the benchmark ends. On this project's machine (ext4 without a journal) creating
// a file costs more for minutes after many files were deleted: the kernel does not reuse a freed
// inode for a while, and skips each such inode again for every file it creates (perf:
// find_inode_bit, recently_deleted). A build timed just after another's output was deleted paid
// for that deletion: 4 s of system time more at 5,930 pages, measured. A rename frees nothing.
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const folder = path.join(os.tmpdir(), `site-bench-set-aside-${process.pid}`);
let moved = 0;

/** Moves `target` (a file or a folder) out of the way; deleted where it cannot be moved (another disk). */
export function setAside(target: string): void {
  if (!existsSync(target)) return;
  mkdirSync(folder, { recursive: true });
  try {
    renameSync(target, path.join(folder, String(moved++)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    rmSync(target, { recursive: true, force: true });
  }
}

/** Deletes everything set aside: once the benchmark has measured what it measures. */
export async function deleteSetAside(): Promise<void> {
  await rm(folder, { recursive: true, force: true });
}
