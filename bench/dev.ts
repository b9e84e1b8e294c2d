// The save-to-reload row of `npm run bench`: `site dev` on a site, an article open in Chromium;
// a line of its Markdown is changed and saved, and the time is taken from the save to the moment
// the open tab shows the new text (the watcher, the new version of the site, the reload, the page
// made and drawn).
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import type { BenchRow } from "./report.ts";
import { chromiumArgs, chromiumExecutable } from "../tests/support/browser.ts";
import { makeScaledSite } from "../tests/support/scaled-site.ts";
import { repoRoot, startSite } from "../tests/support/servers.ts";
import { setAside } from "./set-aside.ts";

export const devBudgetMs = 200;

/** Milliseconds from saving a change to the open tab showing it, `rounds` times; the site at `root`. */
async function saveToReload(root: string, article: string, rounds: number): Promise<{ body: number[]; title: number[]; firstPage: number }> {
  const started = performance.now();
  const dev = await startSite(["dev", "--root", root, "--port", "0", "--host", "127.0.0.1"], { SITE_CACHE_DIR: path.join(repoRoot, ".cache") });
  const browser = await chromium.launch({ executablePath: chromiumExecutable({ headlessShell: false }), args: chromiumArgs });
  try {
    const page = await browser.newPage();
    await page.goto(`${dev.url}/en/blog/${article}`);
    const firstPage = performance.now() - started;
    const file = path.join(root, "content/blog", article, "en.md");
    const original = await readFile(file, "utf8");
    // From the save to the reloaded page's first paint, on the browser's own clock (its
    // timeOrigin is the machine's time): what the owner sees, without the test driver's polling.
    const timed = async (change: (text: string, mark: string) => string, mark: string) => {
      const saved = Date.now();
      await writeFile(file, change(original, mark));
      await page
        .waitForFunction((text) => document.body.innerText.includes(text), mark, { timeout: 30_000 })
        .catch(async (error: Error) => {
          throw new Error(
            `${error.message}\nThe tab shows: ${(await page.locator("body").innerText()).slice(0, 500)}\nsite dev said:\n${dev.output().slice(-3000)}`,
          );
        });
      const painted = await page.evaluate(async () => {
        const paint = () => performance.getEntriesByName("first-contentful-paint")[0] as PerformanceEntry | undefined;
        while (!paint()) await new Promise(requestAnimationFrame);
        return performance.timeOrigin + paint()!.startTime;
      });
      return painted - saved;
    };
    const body: number[] = [];
    const title: number[] = [];
    for (let round = 0; round < rounds; round++) {
      body.push(await timed((text, mark) => text.replace(/\n## /, `\n${mark}\n\n## `), `Saved sentence ${round}.`));
      title.push(await timed((text, mark) => text.replace(/^title: .*$/m, `title: "${mark} in Nafplio"`), `Saved title ${round}`));
      // The check of the whole site runs after each version: each round starts from a quiet server.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await writeFile(file, original);
    return { body, title, firstPage };
  } finally {
    await browser.close();
    dev.process.kill("SIGTERM");
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchDev(rounds = 5): Promise<BenchRow[]> {
  const work = await mkdtemp(path.join(os.tmpdir(), "site-bench-dev-"));
  try {
    const real = path.join(work, "real");
    for (const entry of ["site.config.yml", "locales", "content"]) await cp(path.join(repoRoot, entry), path.join(real, entry), { recursive: true });
    const scaled = path.join(work, "scaled");
    await makeScaledSite(scaled, 1000);
    const rows: BenchRow[] = [];
    for (const [name, root, article] of [
      ["the real site (160 pages)", real, "spare-key-importance"],
      ["a site of 1,000 posts × 5 languages", scaled, "spare-key-importance"],
    ] as const) {
      const { body, title, firstPage } = await saveToReload(root, article, rounds);
      const ms = (value: number) => `${Math.round(value)} ms`;
      rows.push(
        {
          label: `site dev, ${name}: save a paragraph → the tab shows it (median of ${rounds})`,
          value: ms(median(body)),
          budget: `≤ ${devBudgetMs} ms`,
          ok: median(body) <= devBudgetMs,
          note: `runs ${body.map(ms).join(", ")}`,
        },
        {
          label: `site dev, ${name}: save a new title → the tab shows it (median of ${rounds})`,
          value: ms(median(title)),
          budget: `≤ ${devBudgetMs} ms`,
          ok: median(title) <= devBudgetMs,
          note: `runs ${title.map(ms).join(", ")}; every page's links and lists may show a title, so all are made again, the open one first`,
        },
        {
          label: `site dev, ${name}: from start to the first page shown`,
          value: ms(firstPage),
          budget: "-",
          ok: null,
        },
      );
    }
    return rows;
  } finally {
    setAside(work);
  }
}
