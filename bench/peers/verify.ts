// A peer's build is only compared once it is known to have made the whole site: every page of
// the description at its URL, and in every language a sample of pages that really carry their
// canonical, their hreflang set, their rendered Markdown or their list, the stylesheet and the
// island script; and the sitemap with every indexable page.
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";
import { languages } from "../../src/shared/languages.ts";
import type { PeerPage, PeerSite } from "./pages.ts";

/** The file a page is served from: `/en/prices` → `en/prices.html` or `en/prices/index.html`. */
function pageFile(out: string, url: string): string | undefined {
  const base = url.slice(1);
  return [`${base}.html`, `${base}/index.html`].map((file) => path.join(out, file)).find((file) => existsSync(file));
}

/** In each language: home, contact, the first service, legal page, article, list, category and the blog's page 2. */
function samples(site: PeerSite): PeerPage[] {
  return languages.flatMap(({ url }) => {
    const own = site.pages.filter((page) => page.lang === url);
    const first = (test: (page: PeerPage) => boolean) => own.find(test);
    return [
      first((page) => page.url === `/${url}`),
      first((page) => page.url === `/${url}/contact`),
      first((page) => page.kind === "service"),
      first((page) => page.kind === "legal"),
      first((page) => page.kind === "article"),
      first((page) => page.url === `/${url}/blog`),
      first((page) => page.url === `/${url}/blog/page/2`),
      first((page) => page.url.startsWith(`/${url}/blog/category/`)),
    ].filter((page): page is PeerPage => page !== undefined);
  });
}

async function checkSample(out: string, page: PeerPage, file: string): Promise<string[]> {
  const html = await readFile(file, "utf8");
  const problems: string[] = [];
  const say = (what: string) => problems.push(`${page.url}: ${what}`);
  if (page.canonical && !html.includes(`rel="canonical" href="${page.canonical}"`)) say(`no canonical ${page.canonical}`);
  const hreflangs = html.match(/rel="alternate" hreflang=/g)?.length ?? 0;
  if (hreflangs !== page.alternates.length) say(`${hreflangs} hreflang alternates, expected ${page.alternates.length}`);
  if (page.markdown !== undefined && (!/<(h2|p)[\s>]/.test(html) || html.includes("route:") || /\{\{\s*\w+\s*\}\}/.test(html)))
    say("Markdown not rendered, or a route: link or a placeholder left");
  if (page.list && (html.match(/<li class="flex flex-col rounded-2xl/g)?.length ?? 0) !== page.list.cards.length)
    say(`not the ${page.list.cards.length} cards of the list`);
  if (!html.includes('<script type="module" src="/assets/islands.js"')) say("no island script");
  const css = /<link rel="stylesheet" href="\/([^"]+\.css)"/.exec(html)?.[1];
  if (!css) say("no stylesheet");
  else {
    const cssFile = path.join(out, css);
    const ok = existsSync(cssFile) && (await stat(cssFile)).size > 10_000 && (await readFile(cssFile, "utf8")).includes(".bg-amber-400");
    if (!ok) say(`stylesheet /${css} missing or without the pages' classes`);
  }
  return problems;
}

/** Checks the output; throws, naming what is missing, if the site is empty or partial. Returns the number of HTML files. */
export async function verifyOutput(label: string, out: string, site: PeerSite): Promise<number> {
  const htmlFiles = (await fg("**/*.html", { cwd: out })).length;
  const problems: string[] = [];
  const missing = site.pages.filter((page) => !pageFile(out, page.url));
  if (missing.length)
    problems.push(
      `${missing.length} of ${site.pages.length} pages missing, e.g. ${missing
        .slice(0, 5)
        .map((page) => page.url)
        .join(", ")}`,
    );
  for (const page of samples(site)) {
    const file = pageFile(out, page.url);
    if (file) problems.push(...(await checkSample(out, page, file)));
  }
  if (!existsSync(path.join(out, "assets/islands.js"))) problems.push("no /assets/islands.js");
  const sitemapFile = path.join(out, "sitemap.xml");
  const locs = existsSync(sitemapFile) ? ((await readFile(sitemapFile, "utf8")).match(/<loc>/g)?.length ?? 0) : 0;
  if (locs !== site.sitemap.length) problems.push(`sitemap.xml lists ${locs} pages, expected ${site.sitemap.length}`);
  if (problems.length)
    throw new Error(
      `${label} made an empty or partial site in ${out} (${htmlFiles} HTML files for ${site.pages.length} pages):\n  ${problems.slice(0, 12).join("\n  ")}`,
    );
  return htmlFiles;
}
