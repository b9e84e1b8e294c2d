import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import fg from "fast-glob";
import type { BenchRow } from "./report.ts";

export const budgets = { coldBuildMs: 1500, pageBrotli: 14_600, jsBrotli: 8 * 1024 };
const repoRoot = path.resolve(import.meta.dirname, "..");

const brotli = (data: Buffer) => zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const gzip = (data: Buffer) => zlib.gzipSync(data, { level: 9 }).length;

/** Cold build: a new process running `site build`, as a developer or CI runs it. Best of three. */
export function benchColdBuild(out: string): BenchRow {
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, [path.join(repoRoot, "bin/site.js"), "build", "--out", out], { cwd: repoRoot, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}${result.stderr}`);
    times.push(performance.now() - started);
  }
  const best = Math.min(...times);
  return {
    label: "cold build, whole site (new process, best of 3)",
    value: `${Math.round(best)} ms`,
    budget: `≤ ${budgets.coldBuildMs} ms`,
    ok: best <= budgets.coldBuildMs,
    note: `runs: ${times.map((t) => Math.round(t)).join(", ")} ms`,
  };
}

/** Per page: the HTML document with its inlined CSS, raw, gzip and brotli as served. */
export async function benchPageBytes(out: string): Promise<BenchRow[]> {
  const files = (await fg("**/*.html", { cwd: out })).sort();
  const rows: BenchRow[] = [];
  const scripts = new Map<string, number>();
  for (const file of files) {
    const data = await readFile(path.join(out, file));
    // What the server sends: the build's own .br file (quality 5), not a best-case recompression.
    const size = await readFile(path.join(out, `${file}.br`)).then(
      (br) => br.length,
      () => brotli(data),
    );
    const html = data.toString();
    for (const match of html.matchAll(/<script[^>]*src="(\/[^"]+)"/g)) {
      if (!scripts.has(match[1]!)) scripts.set(match[1]!, brotli(await readFile(path.join(out, match[1]!))));
    }
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].reduce((sum, match) => sum + brotli(Buffer.from(match[1]!)), 0);
    const js = [...html.matchAll(/<script[^>]*src="(\/[^"]+)"/g)].reduce((sum, match) => sum + scripts.get(match[1]!)!, 0) + inline;
    rows.push({
      label: `${file}  raw ${data.length} B, gzip ${gzip(data)} B, first-party JS ${js} B br`,
      value: `${size} B br`,
      budget: `≤ ${budgets.pageBrotli} B (JS ≤ ${budgets.jsBrotli} B)`,
      ok: size <= budgets.pageBrotli && js <= budgets.jsBrotli,
    });
  }
  return rows;
}

export async function withTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "site-bench-"));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
