import { defaultLanguage, languages } from "../shared/languages.ts";
import type { PageInfo } from "./render-pages.tsx";
import type { RouteTable } from "../shared/routes.ts";

/** sitemap.xml: every indexable page in every language, each with its hreflang alternates. */
export function createSitemap(pages: PageInfo[], routes: RouteTable, origin: string, lastmod?: (page: PageInfo) => string | undefined): string {
  const entries = pages
    .filter((page) => page.route.indexable)
    .map((page) => {
      const alternates = languages
        .filter((language) => page.route.codes.includes(language.code))
        .map((language) => `<xhtml:link rel="alternate" hreflang="${language.code}" href="${origin}${routes.href(language.code, page.route.id)}"/>`);
      const xDefault = page.route.codes.includes(defaultLanguage.code) ? defaultLanguage.code : page.route.codes[0]!;
      alternates.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin}${routes.href(xDefault, page.route.id)}"/>`);
      const modified = lastmod?.(page);
      return `<url><loc>${origin}${page.url}</loc>${modified ? `<lastmod>${modified}</lastmod>` : ""}${alternates.join("")}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
}

export function createRobots(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
