import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { defaultLanguage, languages } from "../../../src/shared/languages.ts";

/** What a host does with `/x/`: redirect permanently to `/x`, or (Netlify) serve the page there too. */
export type SlashBehaviour = "redirect" | "same-page";

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

/**
 * The routing contract every host must keep, made from a built site: every page at its URL with
 * 200, its language and the security headers; the slash form; `/` and unknown first segments;
 * not-found pages per language with 404; real files; immutable assets. Returns one line per
 * broken promise, so a failing host lists everything it gets wrong at once.
 */
export async function checkRoutes(baseUrl: string, dist: string, options: { slash: SlashBehaviour } = { slash: "redirect" }): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(dist, "site.json"), "utf8")) as {
    origin: string;
    headers: Record<string, string>;
    redirects: Record<string, string>;
  };
  const sitemap = await readFile(path.join(dist, "sitemap.xml"), "utf8");
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.slice(manifest.origin.length));
  const script = (await readdir(path.join(dist, "assets"))).find((name) => /^islands\.[0-9a-f]+\.js$/.test(name));
  const firstIn = async (folder: string, pattern: RegExp) => {
    const name = (await readdir(path.join(dist, folder)).catch(() => [] as string[])).find((candidate) => pattern.test(candidate));
    if (!name) throw new Error(`${folder} in ${dist} has no file like ${pattern}`);
    return `/${folder}/${name}`;
  };
  const images = {
    card: await firstIn("assets/og", /\.png$/),
    avif: await firstIn("assets/images", /\.avif$/),
    webp: await firstIn("assets/images", /\.webp$/),
  };
  const failures: string[] = [];
  const fail = (pathname: string, message: string) => failures.push(`${pathname}: ${message}`);

  const get = async (pathname: string): Promise<Answer> => {
    const response = await fetch(baseUrl + pathname, { redirect: "manual", headers: { "Accept-Encoding": "identity" } });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };
  const location = (answer: Answer) => {
    const value = answer.headers.get("location");
    return value ? new URL(value, baseUrl).pathname + new URL(value, baseUrl).search : undefined;
  };
  const expectHeaders = (pathname: string, answer: Answer) => {
    for (const [name, value] of Object.entries(manifest.headers))
      if (answer.headers.get(name) !== value) fail(pathname, `${name} is ${JSON.stringify(answer.headers.get(name))}`);
  };
  const expectPage = (pathname: string, answer: Answer, status: number, code: string) => {
    if (answer.status !== status) return fail(pathname, `status ${answer.status}, expected ${status}`);
    if (!answer.headers.get("content-type")?.startsWith("text/html")) fail(pathname, `content-type ${answer.headers.get("content-type")}`);
    if (!answer.body.includes(`<html lang="${code}"`)) fail(pathname, `not the ${code} page`);
    expectHeaders(pathname, answer);
  };

  if (pages.length === 0) fail("/sitemap.xml", "lists no page");
  for (const page of pages) {
    const language = languages.find((candidate) => page === `/${candidate.url}` || page.startsWith(`/${candidate.url}/`))!;
    expectPage(page, await get(page), 200, language.code);
    const slashed = await get(`${page}/`);
    if (options.slash === "redirect") {
      if (slashed.status !== 301 && slashed.status !== 308) fail(`${page}/`, `status ${slashed.status}, expected a permanent redirect`);
      else if (location(slashed) !== page) fail(`${page}/`, `redirects to ${location(slashed)}`);
    } else {
      expectPage(`${page}/`, slashed, 200, language.code);
      if (!slashed.body.includes(`<link rel="canonical" href="${manifest.origin}${page}"/>`))
        fail(`${page}/`, "canonical link does not name the URL without the slash");
    }
  }

  const root = await get("/");
  if (root.status !== 200 || !root.body.includes(`url=/${defaultLanguage.url}`))
    fail("/", `status ${root.status}, or not the page that goes on to /${defaultLanguage.url}`);
  else expectHeaders("/", root);

  for (const pathname of ["/es", "/xx/services", "/GR/prices", "/index.php"]) {
    const answer = await get(pathname);
    if (answer.status !== 302 || location(answer) !== `/${defaultLanguage.url}`)
      fail(pathname, `status ${answer.status} to ${location(answer)}, expected 302 to /gr`);
  }

  for (const language of languages) {
    for (const pathname of [`/${language.url}/no-such-page`, `/${language.url}/services/cars/nothing`, `/${language.url}/blog/x/y/z`]) {
      const answer = await get(pathname);
      expectPage(pathname, answer, 404, language.code);
      if (!answer.body.includes('<meta name="robots" content="noindex"/>')) fail(pathname, "the not-found page is not marked noindex");
    }
  }

  // A list's first page has one URL: /page/1 goes there for good. A page past the end is a 404.
  if (Object.keys(manifest.redirects).length === 0) fail("/site.json", "names no redirect, though every list has a /page/1");
  for (const [from, to] of Object.entries(manifest.redirects)) {
    const answer = await get(from);
    if (answer.status !== 301 && answer.status !== 308) fail(from, `status ${answer.status}, expected a permanent redirect`);
    else if (location(answer) !== to) fail(from, `redirects to ${location(answer)}, expected ${to}`);
  }
  for (const language of languages) {
    for (const pathname of [`/${language.url}/blog/page/999`, `/${language.url}/blog/page/0`, `/${language.url}/blog/category/boats`]) {
      const answer = await get(pathname);
      expectPage(pathname, answer, 404, language.code);
    }
    const feed = await get(`/${language.url}/blog/feed.xml`);
    if (feed.status !== 200) fail(`/${language.url}/blog/feed.xml`, `status ${feed.status}`);
    else if (
      !/xml/.test(feed.headers.get("content-type") ?? "") ||
      !feed.body.includes(`<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${language.code}">`)
    )
      fail(`/${language.url}/blog/feed.xml`, `content-type ${feed.headers.get("content-type")}, or not the ${language.code} Atom feed`);
  }

  for (const [pathname, type] of [
    ["/robots.txt", "text/plain"],
    ["/sitemap.xml", "xml"],
    ["/favicon.svg", "image/svg+xml"],
    [`/assets/${script}`, "javascript"],
    ["/manifest.webmanifest", "application/manifest+json"],
    ["/apple-touch-icon.png", "image/png"],
    [images.card, "image/png"],
    [images.avif, "image/avif"],
    [images.webp, "image/webp"],
  ] as const) {
    const answer = await get(pathname);
    if (answer.status !== 200) fail(pathname, `status ${answer.status}`);
    else if (!answer.headers.get("content-type")?.includes(type)) fail(pathname, `content-type ${answer.headers.get("content-type")}`);
    if (answer.headers.get("x-content-type-options") !== "nosniff") fail(pathname, "no X-Content-Type-Options: nosniff");
  }
  for (const pathname of [`/assets/${script}`, images.card, images.avif]) {
    const asset = await get(pathname);
    if (!/max-age=31536000/.test(asset.headers.get("cache-control") ?? "") || !/immutable/.test(asset.headers.get("cache-control") ?? ""))
      fail(pathname, `cache-control ${asset.headers.get("cache-control")}, expected a year, immutable`);
  }
  const missing = await get("/assets/islands.0000000000.js");
  if (missing.status !== 404) fail("/assets/islands.0000000000.js", `status ${missing.status}, expected 404`);
  return failures;
}
