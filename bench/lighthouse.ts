import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumExecutable } from "../tests/support/browser.ts";
import type { BenchRow } from "./report.ts";

// The home page shows the van, the about page the owner and the shop: the pages with photos.
const pages = ["", "/services", "/services/cars/opening", "/prices", "/about", "/blog", "/blog/car-lockout-nafplio", "/contact"];

/**
 * Lighthouse with its default mobile settings (throttled 4G, mid-range phone) on eight pages in
 * two languages. Budget: 100 in every category.
 */
export async function benchLighthouse(baseUrl: string, languages = ["gr", "en"]): Promise<BenchRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutable({ headlessShell: false }) ?? (await import("playwright-core")).chromium.executablePath(),
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  const rows: BenchRow[] = [];
  try {
    for (const language of languages) {
      for (const page of pages) {
        const url = `${baseUrl}/${language}${page}`;
        const run = async () =>
          (await lighthouse(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          }))!.lhr;
        // A run Lighthouse itself could not complete (its runtimeError) is tried again, twice at most.
        let lhr = await run();
        for (let retry = 0; lhr.runtimeError && retry < 2; retry++) lhr = await run();
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const scores = ["performance", "accessibility", "best-practices", "seo"].map(score);
        const audit = (id: string) => lhr.audits[id]?.displayValue ?? "?";
        const failing = Object.values(lhr.audits)
          .filter((entry) => entry.score !== null && entry.score < 1 && entry.scoreDisplayMode === "binary")
          .map((entry) => entry.id)
          .slice(0, 4);
        rows.push({
          label: `/${language}${page}  LCP ${audit("largest-contentful-paint")}, CLS ${audit("cumulative-layout-shift")}, TBT ${audit("total-blocking-time")}`,
          value: scores.join(" / "),
          budget: "100 / 100 / 100 / 100 (perf / a11y / best practices / SEO)",
          ok: scores.every((value) => value === 100),
          note: lhr.runtimeError ? `Lighthouse could not run: ${lhr.runtimeError.code}` : failing.length ? `failing: ${failing.join(", ")}` : undefined,
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}
