import { languages } from "../shared/languages.ts";
import { ProblemList } from "./errors.ts";
import type { PageInfo } from "./render-pages.tsx";

export interface SiteCheckInput {
  origin: string;
  pages: PageInfo[];
  /** Final HTML by output path (`en/prices.html`). */
  html: Map<string, string>;
  /** URLs of the other files the build writes (`/assets/islands.1234.js`, `/favicon.svg`, ...). */
  assets: Set<string>;
  sitemap: string;
}

// One expression per attribute's name, made once: every tag of every page is read with them.
const attributePatterns = new Map<string, RegExp>();
const attribute = (tag: string, name: string) => {
  let pattern = attributePatterns.get(name);
  if (!pattern) attributePatterns.set(name, (pattern = new RegExp(`\\s${name}="([^"]*)"`, "i")));
  return pattern.exec(tag)?.[1];
};
const decode = (value: string) =>
  value.includes("&")
    ? value
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
    : value;
// A part of a page's markup that the check keeps: a copy, since a substring would keep the whole
// page alive, and the check sees thousands of pages.
const detached = (text: string) => Buffer.from(text).toString();

/** What the whole-site checks need to know of a page: its hreflang set, as its markup gives it. */
export interface PageFacts {
  alternates?: [string, string][];
}

export interface SiteCheck {
  /** Checks one page's final HTML on its own, and keeps (and returns) what the whole-site checks need. */
  page(page: PageInfo, html: string): PageFacts;
  /** A page an earlier build of the same site checked and made the same: only its part in the whole-site checks. */
  known(page: PageInfo, facts: PageFacts): void;
  /** Takes back a page given by `known`, to check it anew. */
  forget(page: PageInfo): void;
  /** Checks the site as a whole; throws every problem found, the pages' included. */
  finish(sitemap: string): void;
}

/**
 * Checks the built site as a whole before it is swapped in: internal links and assets exist,
 * hreflang sets are complete and reciprocal with x-default, canonicals point to the page itself,
 * the sitemap agrees with the pages, titles and descriptions are unique within a language, images
 * have alt text, and every page declares its own language. Pages are checked one by one as they
 * are written (`allUrls` are the URLs of every page the build makes; `isAsset` knows every other
 * file by then), then the site; it fails once with every problem found.
 */
export function createSiteCheck(origin: string, allUrls: Iterable<string>, isAsset: (path: string) => boolean): SiteCheck {
  const problems = new ProblemList();
  const urls = new Set(allUrls);
  // The site's own spelling of every page's address: hreflang targets are kept as these.
  const addresses = new Map([...urls].map((url) => [origin + url, origin + url]));
  const alternatesByUrl = new Map<string, Map<string, string>>();
  const seen = new Map<string, string>();
  const pages: PageInfo[] = [];
  // Addresses found to exist (copies, as the problems' are): every page of a language links the same menu and footer.
  const found = new Set<string>();

  /** The checks that compare pages with each other: unique titles and descriptions; the hreflang sets are compared in finish(). */
  const register = (page: PageInfo, facts: PageFacts) => {
    pages.push(page);
    if (!page.route.indexable) return;
    const where = `dist/${page.file}`;
    const from = page.route.documents[page.language.code]?.file;
    const hint = from ? ` (its page ${where})` : "";
    alternatesByUrl.set(origin + page.url, new Map(facts.alternates));
    for (const [kind, value] of [
      ["title", page.title],
      ["meta description", page.description],
    ] as const) {
      const key = `${page.language.code} ${kind} ${value}`;
      const other = seen.get(key);
      if (other) problems.add(from ?? where, `duplicate ${kind} "${value}", also on ${other}${hint}; make each page's ${kind} its own`);
      else seen.set(key, page.url);
    }
  };

  return {
    known: register,
    forget(page) {
      pages.splice(pages.indexOf(page), 1);
      alternatesByUrl.delete(origin + page.url);
      for (const kind of ["title", "meta description"])
        for (const value of [page.title, page.description]) {
          const key = `${page.language.code} ${kind} ${value}`;
          if (seen.get(key) === page.url) seen.delete(key);
        }
    },
    page(page, document) {
      const where = `dist/${page.file}`;
      const from = page.route.documents[page.language.code]?.file;
      const hint = from ? ` (its page ${where})` : "";

      const lang = /<html[^>]*\slang="([^"]*)"/.exec(document)?.[1];
      if (lang !== page.language.code) problems.add(where, `<html lang="${lang ?? ""}"> but the page is in ${page.language.code}`);

      const check = (written: string | undefined, image = false) => {
        if (written === undefined || found.has(written)) return;
        // Links in the head name pages and files by their full address (canonical, hreflang, og:image).
        const target = written.startsWith(`${origin}/`) ? written.slice(origin.length) : written;
        if (!target || !target.startsWith("/") || target.startsWith("//")) return;
        const path = decode(target).split(/[?#]/)[0]!;
        if (urls.has(path) || isAsset(path)) found.add(detached(written));
        // Written in a document: named there first, where it is to be mended.
        else if (image)
          problems.add(
            from ?? where,
            `image ${detached(path)}, which the site does not have${hint}; put the photo beside the document and write its file name: ![what it shows](${path.split("/").pop()})`,
          );
        else
          problems.add(from ?? where, `link to ${detached(path)}, which the site does not have${hint}; link to an existing page by its id: [text](route:ID)`);
      };
      // One pass over the page's tags: links and sources, and each image's alt text.
      for (const match of document.matchAll(/<(a|link|script|img|source)\b[^>]*>/gi)) {
        const tag = match[0];
        const name = match[1]!.toLowerCase();
        const src = attribute(tag, name === "a" || name === "link" ? "href" : "src");
        const image = name === "img" || name === "source";
        check(src, image);
        const srcset = attribute(tag, "srcset");
        for (const candidate of srcset?.split(",") ?? []) check(candidate.trim().split(/\s+/)[0], image);
        if (name !== "img") continue;
        const alt = attribute(tag, "alt");
        if (!alt || !alt.trim()) problems.add(from ?? where, `image ${detached(src ?? "")} has no alt text${hint}; describe it: ![what it shows](...)`);
      }
      const preview = /<meta property="og:image" content="([^"]*)"/.exec(document)?.[1];
      if (!preview) problems.add(where, "has no og:image, the picture shown when its link is shared");
      else check(preview);

      if (!page.route.indexable) {
        register(page, {});
        return {};
      }
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(document)?.[1];
      if (canonical !== origin + page.url)
        problems.add(where, `canonical is ${canonical ? detached(canonical) : "missing"}, not the page itself (${origin}${page.url})`);

      const alternates = new Map<string, string>();
      // The hreflang set is in the head: the body is not read for it.
      const headEnd = document.indexOf("</head>");
      const head = headEnd < 0 ? document : document.slice(0, headEnd);
      for (const match of head.matchAll(/<link rel="alternate" hrefLang="([^"]*)" href="([^"]*)"/gi))
        alternates.set(detached(match[1]!), addresses.get(match[2]!) ?? detached(match[2]!));
      const expected = languages.filter((language) => page.route.codes.includes(language.code)).map((language) => language.code);
      for (const code of expected) if (!alternates.has(code)) problems.add(where, `hreflang set lacks ${code}, though the page exists in ${code}`);
      if (!alternates.has("x-default")) problems.add(where, "hreflang set lacks x-default");
      if (alternates.get(page.language.code) !== origin + page.url) problems.add(where, `hreflang ${page.language.code} does not point to the page itself`);
      const facts = { alternates: [...alternates] };
      register(page, facts);
      return facts;
    },

    finish(sitemap) {
      const fileOf = new Map(pages.map((page) => [origin + page.url, `dist/${page.file}`]));
      for (const [url, alternates] of alternatesByUrl) {
        for (const [code, target] of alternates) {
          if (code === "x-default") continue;
          const back = alternatesByUrl.get(target);
          if (!back) problems.add(fileOf.get(url)!, `hreflang ${code} points to ${target}, which is not a page of the site`);
          else if (![...back.values()].includes(url)) problems.add(fileOf.get(url)!, `hreflang ${code} points to ${target}, which does not point back`);
        }
      }

      const listed = new Set([...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!));
      for (const page of pages) {
        if (page.route.indexable && !listed.has(origin + page.url)) problems.add("dist/sitemap.xml", `lacks ${origin}${page.url}`);
        listed.delete(origin + page.url);
      }
      for (const url of listed) problems.add("dist/sitemap.xml", `lists ${url}, which is not a page of the site`);

      problems.throwIfAny();
    },
  };
}

/** The whole check at once, on a site whose final HTML is at hand (tests tamper with it). */
export function checkSite({ origin, pages, html, assets, sitemap }: SiteCheckInput): void {
  const check = createSiteCheck(
    origin,
    pages.map((page) => page.url),
    (path) => assets.has(path),
  );
  for (const page of pages) check.page(page, html.get(page.file) ?? "");
  check.finish(sitemap);
}
