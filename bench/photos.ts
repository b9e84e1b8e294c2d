// The photos rows of `npm run bench`: the real site with a few large phone photos beside each
// post, built in a new process with an image cache of its own: first with every photo to encode
// (a fresh clone's first build, or the day the photos were added), then with them all encoded.
// The photos are encoded in a process of the build's own (photo-process.ts): the memory measured
// is that of the build and its processes together, read from /proc every 20 ms.
import { spawn } from "node:child_process";
import { mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { withTempDir } from "./build.ts";
import type { BenchRow } from "./report.ts";
import { scaleBudgets } from "./scale.ts";
import { addPhonePhotos, makeScaledSite } from "../tests/support/scaled-site.ts";

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

/** A build in a new process, its wall time and the largest resident set it and its processes held at once. */
async function build(root: string, out: string, cacheDir: string): Promise<{ ms: number; peakBytes: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(repoRoot, "bin/site.js"), "build", "--root", root, "--out", out], {
    cwd: repoRoot,
    env: { ...process.env, SITE_CACHE_DIR: cacheDir },
    stdio: ["ignore", "ignore", "pipe"],
  });
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
  return { ms: performance.now() - started, peakBytes };
}

export async function benchPhotos(perPost = 4): Promise<BenchRow[]> {
  return withTempDir(async (work) => {
    const site = path.join(work, "site");
    // The real site as it is (its own posts only), with the photos beside each post.
    await makeScaledSite(site, 0);
    const { photos, bytes } = await addPhonePhotos(site, perPost);
    const cache = path.join(work, "cache");
    await mkdir(cache);
    const first = await build(site, path.join(work, "first"), cache);
    const later = await build(site, path.join(work, "later"), cache);
    const mb = (value: number) => `${Math.round(value / 1024 ** 2)} MB`;
    const label = `${photos} phone photos (4000×3000 JPEG, ${mb(bytes)} in all) beside the real site's posts`;
    const budget = `≤ ${mb(scaleBudgets.peakBytes)}`;
    return [
      {
        label: `${label}: peak memory of the first build, every photo and card to make (its processes together)`,
        value: mb(first.peakBytes),
        budget,
        ok: first.peakBytes <= scaleBudgets.peakBytes,
        note: `${(first.ms / 1000).toFixed(1)} s; each photo in 4 widths × 3 formats, a card for each of the site's pages`,
      },
      {
        label: `${label}: peak memory of a later build (every photo in the image cache)`,
        value: mb(later.peakBytes),
        budget,
        ok: later.peakBytes <= scaleBudgets.peakBytes,
        note: `${(later.ms / 1000).toFixed(1)} s`,
      },
    ];
  });
}
