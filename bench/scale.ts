// The scaling row of `npm run bench`: a site of 1,000 posts in each language, made in a temporary
// folder from the real articles, built cold in a new process; its pages, build time, peak memory
// and heaviest page, beside the real site's time per page.
import { spawnSync } from "node:child_process";
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";
import { budgets, emptyBuildCache, withTempDir } from "./build.ts";
import { setAside } from "./set-aside.ts";
import type { BenchRow } from "./report.ts";
import { buildWithProcesses, peakOf } from "./tree-memory.ts";
import { makeScaledSite } from "../tests/support/scaled-site.ts";

const repoRoot = path.resolve(import.meta.dirname, "..");
export const scaleBudgets = { ms: 6000, peakBytes: 600 * 1024 ** 2, pageBrotli: budgets.pageBrotli };

/**
 * A cold build in a new process (no output, an empty build cache; the project's image cache, so
 * the generated posts' link-preview cards are drawn on the first run only), with its wall time
 * and the peak memory (resident set) it reached.
 */
async function timedBuild(root: string, out: string): Promise<{ ms: number; peakBytes: number; stdout: string }> {
  const cache = await emptyBuildCache();
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ["--import", path.join(repoRoot, "bench/peak-memory.mjs"), path.join(repoRoot, "bin/site.js"), "build", "--root", root, "--out", out],
    { cwd: repoRoot, encoding: "utf8", env: { ...process.env, SITE_CACHE_DIR: cache }, maxBuffer: 64 * 1024 * 1024 },
  );
  const ms = performance.now() - started;
  setAside(cache);
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}${result.stderr.slice(-4000)}`);
  return { ms, peakBytes: peakOf(result.stderr, result.pid), stdout: result.stdout };
}

/** The heaviest page as served (its .br), and how many pages are over the page budget. */
async function heaviestPage(out: string): Promise<{ file: string; bytes: number; pages: number; over: number }> {
  const files = await fg("**/*.html", { cwd: out });
  let heaviest = { file: "", bytes: 0 };
  let over = 0;
  for (const file of files) {
    const bytes = (await stat(path.join(out, `${file}.br`))).size;
    if (bytes > scaleBudgets.pageBrotli) over++;
    if (bytes > heaviest.bytes) heaviest = { file, bytes };
  }
  return { ...heaviest, pages: files.length, over };
}

const pagesBuilt = (stdout: string) => Number(/Built (\d+) pages/.exec(stdout)?.[1]);

/**
 * The real site and a site of `postsPerLanguage` posts per language, each built cold once, each
 * measured alike: pages, time, time per page, peak memory, heaviest page.
 */
export async function benchScale(postsPerLanguage = 1000): Promise<BenchRow[]> {
  return withTempDir(async (work) => {
    const real = await timedBuild(repoRoot, path.join(work, "real-dist"));
    const realPages = pagesBuilt(real.stdout);
    const site = path.join(work, "site");
    await makeScaledSite(site, postsPerLanguage);
    // Once to draw the new posts' cards into the image cache (a fresh clone's first build), then
    // measured, into a folder of its own (a build over an earlier output moves each file in by a rename).
    await timedBuild(site, path.join(work, "first-dist"));
    const scaled = await timedBuild(site, path.join(work, "dist"));
    const scaledPages = pagesBuilt(scaled.stdout);
    const heaviest = await heaviestPage(path.join(work, "dist"));
    const perPage = (ms: number, pages: number) => ms / pages;
    const ratio = perPage(scaled.ms, scaledPages) / perPage(real.ms, realPages);
    const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;
    const label = `${postsPerLanguage.toLocaleString("en")} posts × 5 languages`;
    return [
      {
        label: `${label}: cold build, ${scaledPages} pages (new process, no output, empty build cache)`,
        value: `${(scaled.ms / 1000).toFixed(1)} s`,
        budget: `≤ ${scaleBudgets.ms / 1000} s`,
        ok: scaled.ms <= scaleBudgets.ms,
        note: `${perPage(scaled.ms, scaledPages).toFixed(2)} ms a page; the real site ${realPages} pages in ${Math.round(real.ms)} ms, ${perPage(real.ms, realPages).toFixed(2)} ms a page (ratio ${ratio.toFixed(2)}: linear or better)`,
      },
      {
        label: `${label}: peak memory of the build (resident set; real site: ${mb(real.peakBytes)})`,
        value: mb(scaled.peakBytes),
        budget: `≤ ${mb(scaleBudgets.peakBytes)}`,
        ok: scaled.peakBytes <= scaleBudgets.peakBytes,
      },
      {
        label: `${label}: heaviest page, HTML with its CSS, brotli as served (${heaviest.file})`,
        value: `${heaviest.bytes} B br`,
        budget: `≤ ${scaleBudgets.pageBrotli} B, every page`,
        ok: heaviest.over === 0,
        note: `${heaviest.over} of ${heaviest.pages} pages over`,
      },
    ];
  });
}

/**
 * The first build of a fresh clone of a large blog: `postsPerLanguage` posts per language with an
 * empty image cache of its own, so every page's link-preview card is drawn (the scale rows read
 * them from the project's cache). Its time, and its memory with the encoders' processes.
 */
export async function benchFirstBuild(postsPerLanguage = 1000): Promise<BenchRow[]> {
  return withTempDir(async (work) => {
    const site = path.join(work, "site");
    await makeScaledSite(site, postsPerLanguage);
    const cache = path.join(work, "cache");
    await mkdir(cache);
    const first = await buildWithProcesses(site, path.join(work, "dist"), cache);
    const cards = (await fg("assets/og/*.png", { cwd: path.join(work, "dist") })).length;
    const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;
    return [
      {
        label: `${postsPerLanguage.toLocaleString("en")} posts × 5 languages, without the image cache (${cards} link-preview cards drawn): peak memory of the build and its processes together`,
        value: mb(first.peakBytes),
        budget: `≤ ${mb(scaleBudgets.peakBytes)}`,
        ok: first.peakBytes <= scaleBudgets.peakBytes,
        note: `${(first.ms / 1000).toFixed(0)} s; the build's own process ${mb(first.ownPeakBytes)}`,
      },
    ];
  });
}
