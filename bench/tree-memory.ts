// A build in a new process, measured with the processes it starts (the images' encoders): the
// resident set of them all together, read from /proc every 20 ms, and the build's own peak.
import { spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

const repoRoot = path.resolve(import.meta.dirname, "..");

/** The resident set of `pid` and every process under it, in bytes (0 once it has ended). */
async function treeRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  let bytes = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) * 1024;
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  for (const task of tasks) {
    const children = await readFile(`/proc/${pid}/task/${task}/children`, "utf8").catch(() => "");
    for (const child of children.split(" ").filter(Boolean)) bytes += await treeRss(Number(child));
  }
  return bytes;
}

/** The peak resident set bench/peak-memory.mjs wrote for process `pid` (the encoders it starts write theirs too). */
export function peakOf(stderr: string, pid: number | undefined): number {
  return Number(new RegExp(`peak-rss (\\d+) pid ${pid}\\b`).exec(stderr)?.[1] ?? NaN);
}

/**
 * `site build` of `root` into `out` with `cacheDir` as its cache, in a new process: its wall time,
 * the largest resident set it and its processes held at once, and its own peak (VmHWM).
 */
export async function buildWithProcesses(root: string, out: string, cacheDir: string): Promise<{ ms: number; peakBytes: number; ownPeakBytes: number }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ["--import", path.join(repoRoot, "bench/peak-memory.mjs"), path.join(repoRoot, "bin/site.js"), "build", "--root", root, "--out", out],
    { cwd: repoRoot, env: { ...process.env, SITE_CACHE_DIR: cacheDir }, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = new Promise<number | null>((resolve) => child.on("exit", resolve));
  let peakBytes = 0;
  let done = false;
  void ended.then(() => (done = true));
  while (!done) {
    peakBytes = Math.max(peakBytes, await treeRss(child.pid!));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const code = await ended;
  if (code !== 0) throw new Error(`build failed:\n${stderr.slice(-4000)}`);
  return { ms: performance.now() - started, peakBytes, ownPeakBytes: peakOf(stderr, child.pid) };
}
