import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, stat, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import fg from "fast-glob";
import type { BenchRow } from "./report.ts";
import { setAside } from "./set-aside.ts";

export const budgets = {
  // Whole process, start to exit, on this project's 2-core machine (see the README's Performance).
  coldBuildMs: 600,
  warmBuildMs: 300,
  pageBrotli: 14_600,
  jsBrotli: 8 * 1024,
  menuOnlyJsBrotli: 4 * 1024,
  // A photo is about a second on a slow 3G phone; a card is fetched by a messenger, once.
  photoBytes: 100 * 1024,
  cardBytes: 30 * 1024,
};
/** The islands every page has: the menu, the top bar's language control and the language hint. */
const everyPageIslands = ["menu", "language-switcher", "language-hint"];
const repoRoot = path.resolve(import.meta.dirname, "..");

const brotli = (data: Buffer) => zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const gzip = (data: Buffer) => zlib.gzipSync(data, { level: 9 }).length;

/** Builds the site into `out` in a new process, with extra environment (keys) if given. */
export function buildSite(out: string, env: Record<string, string> = {}, args: string[] = []): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(repoRoot, "bin/site.js"), "build", "--out", out, ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}${result.stderr}`);
  return performance.now() - started;
}

/**
 * A cache folder as a cold build finds it: no build cache (.cache/build), and the project's image
 * cache (encoded photos and link-preview cards are made once per photo and title; a build
 * without them is measured on its own row).
 */
export async function emptyBuildCache(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "site-bench-cache-"));
  await mkdir(path.join(repoRoot, ".cache/images"), { recursive: true });
  await symlink(path.join(repoRoot, ".cache/images"), path.join(dir, "images"));
  return dir;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const runs = (values: number[]) => `runs ${values.map((value) => Math.round(value)).join(", ")} ms`;

/**
 * The real site built by `site build` in a new process, whole process from start to exit, five
 * times each: cold (no output folder, an empty build cache) and warm (built before, nothing
 * changed). Medians.
 */
export async function benchBuilds(out: string): Promise<BenchRow[]> {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < 5; run++) {
    const cache = await emptyBuildCache();
    try {
      // No output: the last round's is moved aside, not deleted (see set-aside.ts).
      setAside(out);
      cold.push(buildSite(out, { SITE_CACHE_DIR: cache }));
      warm.push(buildSite(out, { SITE_CACHE_DIR: cache }));
    } finally {
      setAside(cache);
    }
  }
  const pages = (await fg("**/*.html", { cwd: out })).length;
  return [
    {
      label: `cold build, the real site (${pages} HTML files; new process, no output, empty build cache; median of 5)`,
      value: `${Math.round(median(cold))} ms`,
      budget: `≤ ${budgets.coldBuildMs} ms`,
      ok: median(cold) <= budgets.coldBuildMs,
      note: runs(cold),
    },
    {
      label: "warm build, nothing changed (new process; pages linked from the build cache; median of 5)",
      value: `${Math.round(median(warm))} ms`,
      budget: `≤ ${budgets.warmBuildMs} ms`,
      ok: median(warm) <= budgets.warmBuildMs,
      note: runs(warm),
    },
  ];
}

/**
 * Per page: the HTML document with its inlined CSS, raw, gzip and brotli as served, and the
 * first-party JavaScript it loads (its island script as served, .br, plus inline scripts), with
 * the stricter budget (4 KB, set for a page whose only island is the menu) for every page whose
 * islands are only those every page has.
 */
export async function benchPageBytes(out: string): Promise<BenchRow[]> {
  const files = (await fg("**/*.html", { cwd: out })).sort();
  const rows: BenchRow[] = [];
  const served = async (file: string) =>
    readFile(path.join(out, `${file}.br`)).then(
      (br) => br.length,
      async () => brotli(await readFile(path.join(out, file))),
    );
  const scripts = new Map<string, number>();
  for (const file of files) {
    const data = await readFile(path.join(out, file));
    // What the server sends: the build's own .br files, not a best-case recompression.
    const size = await served(file);
    const html = data.toString();
    let js = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].reduce((sum, match) => sum + brotli(Buffer.from(match[1]!)), 0);
    for (const [, src] of html.matchAll(/<script[^>]*src="\/([^"]+)"/g)) {
      if (!scripts.has(src!)) scripts.set(src!, await served(src!));
      js += scripts.get(src!)!;
    }
    const islands = [...new Set([...html.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1]!))];
    // The stricter budget holds for pages with nothing interactive beyond what every page has.
    const jsBudget = islands.every((name) => everyPageIslands.includes(name)) ? budgets.menuOnlyJsBrotli : budgets.jsBrotli;
    rows.push({
      label: `${file}  raw ${data.length} B, gzip ${gzip(data)} B, JS ${js} B br (${islands.join(", ") || "no islands"})`,
      value: `${size} B br`,
      budget: `≤ ${budgets.pageBrotli} B (JS ≤ ${jsBudget} B)`,
      ok: size <= budgets.pageBrotli && js <= jsBudget,
    });
  }
  return rows;
}

/** A build with an empty image cache: every photo, card and icon encoded, as on a fresh clone. */
export async function benchUncachedBuild(out: string): Promise<BenchRow> {
  return withTempDir(async (cache) => {
    const started = performance.now();
    buildSite(out, { SITE_CACHE_DIR: cache });
    const ms = performance.now() - started;
    const entries = await fg("images/**/*", { cwd: cache, onlyFiles: true });
    return {
      label: "build without the image cache (new process; every photo, link-preview card and icon encoded)",
      value: `${(ms / 1000).toFixed(1)} s`,
      budget: "once per photo and title: later builds read the cache",
      ok: null,
      note: `${entries.length} photos, cards and icons encoded; what a fresh clone's first build does`,
    };
  });
}

/** What the build makes of each photo: bytes per generated file, and the link-preview cards. */
export async function benchImageBytes(out: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const files = await fg("assets/images/*.{avif,webp,jpg,png,svg}", { cwd: out });
  const groups = new Map<string, Map<string, number>>();
  for (const file of files.sort()) {
    const [, stem, variant, extension] = /^assets\/images\/(.+?)-(\d+(?:x\d+)?)\.[0-9a-f]{10}\.(\w+)$/.exec(file) ?? [];
    if (!stem) continue;
    const sizes = groups.get(stem) ?? new Map<string, number>();
    sizes.set(`${variant} ${extension}`, (await stat(path.join(out, file))).size);
    groups.set(stem, sizes);
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const [stem, sizes] of groups) {
    // What a phone (360 px at about 3x) fetches: the 1200 px AVIF, or the widest under it.
    const avif = [...sizes].filter(([name]) => name.endsWith(" avif")).sort(([a], [b]) => parseInt(a) - parseInt(b));
    const [phoneName, phoneBytes] = avif.filter(([name]) => parseInt(name) <= 1200).at(-1) ?? avif[0]!;
    rows.push({
      label: `${stem}: ${phoneName.replace(" ", " px ").toUpperCase()} as a phone fetches it`,
      value: kb(phoneBytes),
      budget: `≤ ${kb(budgets.photoBytes)}`,
      ok: phoneBytes <= budgets.photoBytes,
      note: [...sizes].map(([name, bytes]) => `${name} ${kb(bytes)}`).join(", "),
    });
  }
  const cards = await Promise.all((await fg("assets/og/*.png", { cwd: out })).map(async (file) => (await stat(path.join(out, file))).size));
  cards.sort((a, b) => a - b);
  rows.push({
    label: `link-preview cards (${cards.length}, 1200×630 PNG): largest`,
    value: kb(cards.at(-1) ?? 0),
    budget: `≤ ${kb(budgets.cardBytes)}`,
    ok: cards.length > 0 && cards.at(-1)! <= budgets.cardBytes,
    note: `median ${kb(cards[Math.floor(cards.length / 2)] ?? 0)}, all ${kb(cards.reduce((sum, bytes) => sum + bytes, 0))}`,
  });
  return rows;
}

/** A temporary folder for `run`, set aside after it (deleted when the benchmark ends: set-aside.ts). */
export async function withTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "site-bench-"));
  try {
    return await run(dir);
  } finally {
    setAside(dir);
  }
}
