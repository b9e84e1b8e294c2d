// The scaling row of `npm run bench`: a site of 1,000 posts in each language, made in a temporary
// folder from the real articles, built cold in a new process; its pages, build time, peak memory
// and heaviest page, beside the real site's time per page.
import { spawnSync } from "node:child_process";
import { cp, mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";
import { parse, stringify } from "yaml";
import { budgets, withTempDir } from "./build.ts";
import type { BenchRow } from "./report.ts";

const repoRoot = path.resolve(import.meta.dirname, "..");
export const scaleBudgets = { peakBytes: 1024 ** 3, pageBrotli: budgets.pageBrotli };

/**
 * Writes into `dir` the real site with `postsPerLanguage` posts in each language: the real
 * articles, then copies of them in turn, each with its own slug, title, description and date (one
 * day apart, going back from the real posts), filed in a folder per year as an owner with many
 * posts would.
 */
export async function makeScaledSite(dir: string, postsPerLanguage: number): Promise<void> {
  for (const entry of ["site.config.yml", "locales", "content"]) await cp(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true });
  const blog = path.join(repoRoot, "content/blog");
  const slugs = (await readdir(blog)).sort();
  const sources = await Promise.all(
    slugs.map(async (slug) => {
      const names = await readdir(path.join(blog, slug));
      const texts = await Promise.all(names.map((name) => readFile(path.join(blog, slug, name), "utf8")));
      return { slug, files: Object.fromEntries(names.map((name, index) => [name, texts[index]!])) };
    }),
  );
  const first = Date.parse("2023-12-31T00:00:00Z");
  for (let n = 1; n <= postsPerLanguage - slugs.length; n++) {
    const source = sources[n % sources.length]!;
    const date = new Date(first - n * 86_400_000).toISOString().slice(0, 10);
    const folder = path.join(dir, "content/blog", date.slice(0, 4), `${source.slug}-${n}`);
    await mkdir(folder, { recursive: true });
    for (const [name, text] of Object.entries(source.files)) {
      const [, yaml, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)!;
      const data = parse(yaml!) as Record<string, unknown>;
      const description = String(data.description);
      data.title = `${String(data.title)} · ${n}`;
      data.description = `${description.length > 158 ? description.slice(0, 158).replace(/\s+\S*$/, "") : description} (${n})`;
      data.date = date;
      delete data.updated;
      await writeFile(path.join(folder, name), `---\n${stringify(data, { lineWidth: 0 })}---\n${body}`);
    }
  }
}

/** A build in a new process, with its wall time and the peak memory (resident set) it reached. */
function timedBuild(root: string, out: string): { ms: number; peakBytes: number; stdout: string } {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ["--import", path.join(repoRoot, "bench/peak-memory.ts"), path.join(repoRoot, "bin/site.js"), "build", "--root", root, "--out", out],
    { cwd: repoRoot, encoding: "utf8", env: process.env, maxBuffer: 64 * 1024 * 1024 },
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
