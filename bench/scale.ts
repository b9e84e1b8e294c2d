// The scaling row of `npm run bench`: a site of 1,000 posts in each language, made in a temporary
// folder from the real articles, built cold in a new process; its pages, build time, peak memory
// and heaviest page, beside the real site's time per page.
import { spawnSync } from "node:child_process";
import { stat } from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";
import { budgets, withTempDir } from "./build.ts";
import type { BenchRow } from "./report.ts";
import { makeScaledSite } from "../tests/support/scaled-site.ts";

const repoRoot = path.resolve(import.meta.dirname, "..");
export const scaleBudgets = { peakBytes: 1024 ** 3, pageBrotli: budgets.pageBrotli };

/** A build in a new process, with its wall time and the peak memory (resident set) it reached. */
function timedBuild(root: string, out: string): { ms: number; peakBytes: number; stdout: string } {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ["--import", path.join(repoRoot, "bench/peak-memory.ts"), path.join(repoRoot, "bin/site.js"), "build", "--root", root, "--out", out],
    // The project's image cache: the generated posts' link-preview cards are drawn on the first run only.
    { cwd: repoRoot, encoding: "utf8", env: { ...process.env, SITE_CACHE_DIR: path.join(repoRoot, ".cache") }, maxBuffer: 64 * 1024 * 1024 },
  );
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}${result.stderr.slice(-4000)}`);
  const peak = /peak-rss (\d+)/.exec(result.stderr);
  return { ms, peakBytes: peak ? Number(peak[1]) : NaN, stdout: result.stdout };
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
    const real = timedBuild(repoRoot, path.join(work, "real-dist"));
    const realPages = pagesBuilt(real.stdout);
    const site = path.join(work, "site");
    await makeScaledSite(site, postsPerLanguage);
    const scaled = timedBuild(site, path.join(work, "dist"));
    const scaledPages = pagesBuilt(scaled.stdout);
    const heaviest = await heaviestPage(path.join(work, "dist"));
    const perPage = (ms: number, pages: number) => ms / pages;
    const ratio = perPage(scaled.ms, scaledPages) / perPage(real.ms, realPages);
    const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;
    const label = `${postsPerLanguage.toLocaleString("en")} posts × 5 languages`;
    return [
      {
        label: `${label}: cold build, ${scaledPages} pages (real site: ${realPages} pages in ${Math.round(real.ms)} ms)`,
        value: `${(scaled.ms / 1000).toFixed(1)} s`,
        budget: "≤ linear: time per page ≤ 1× the real site's",
        ok: ratio <= 1,
        note: `${perPage(scaled.ms, scaledPages).toFixed(1)} ms/page vs ${perPage(real.ms, realPages).toFixed(1)} ms/page, ratio ${ratio.toFixed(2)}`,
      },
      {
        label: `${label}: peak memory of the build (resident set; real site: ${mb(real.peakBytes)})`,
        value: mb(scaled.peakBytes),
        budget: "≤ 1024 MB",
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
