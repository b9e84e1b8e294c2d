// The pages of one site, described once for every peer (Eleventy, Astro, Hugo): for each language
// and route its URL, title, description, hreflang set, Markdown (with route:ID links and
// placeholders already filled, so each peer renders the Markdown itself) or, for the pages that
// have no document, the body the project drew, and the contents of the blog's lists. Read with
// the project's own loaders, so the peers get exactly the pages `site build` makes.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import matter from "gray-matter";
import { listingId, pageNumbers, type Listing } from "../../src/shared/blog.ts";
import { brandFor, formatAddress, phoneToTel } from "../../src/shared/business.ts";
import { blogCategories, type BlogDocument, type ContentDocument, type ServiceDocument } from "../../src/shared/content.ts";
import { siteTimeZone, todayIn } from "../../src/shared/dates.ts";
import { escapeHtml } from "../../src/shared/html.ts";
import { codeToLanguage, defaultLanguage, langToDir, languages } from "../../src/shared/languages.ts";
import { visitorLogFields } from "../../src/shared/privacy.ts";
import type { Route, RouteTable } from "../../src/shared/routes.ts";
import { withoutJoiners } from "../../src/shared/typography.ts";
import { switchLanguagePath, urlToFile } from "../../src/shared/urls.ts";
import { loadConfig } from "../../src/generator/load-config.ts";
import { loadContent } from "../../src/generator/load-content.ts";
import { fill } from "../../src/generator/read-document.ts";
import { loadLocales } from "../../src/generator/load-locales.ts";
import { resolveRoutes } from "../../src/generator/resolve-routes.ts";
import { schedulePosts, unpublishedReasons } from "../../src/generator/schedule-posts.ts";

const repoRoot = path.resolve(import.meta.dirname, "../..");

export interface Link {
  label: string;
  href: string;
}

export interface Alternate {
  hreflang: string;
  href: string;
}

/** A post as the end of an article names it: related, older, newer. */
export interface PostLink {
  title: string;
  href: string;
  category: string;
  date: string;
  dateText: string;
}

/** A post as a list's card shows it. */
export interface Card extends PostLink {
  excerpt: string;
  keywords: string[];
}

/** One item of a list's page links: the previous and next page, a number, the current number, a gap. */
export interface PageLink {
  kind: "prev" | "next" | "page" | "current" | "gap";
  label: string;
  href?: string;
  ariaLabel?: string;
}

/**
 * static: a page without a document (home, services, prices, about, contact, 404), its body given
 * as HTML; legal, service, article: a Markdown document in the page's frame; list: a page of the
 * blog or of a category.
 */
export type PageKind = "static" | "legal" | "service" | "article" | "list";

export interface PeerPage {
  /** The URL code of the page's language: gr, en, de, fr, ru. */
  lang: string;
  /** `/en/blog/page/2`; the language's home is `/en`. */
  url: string;
  kind: PageKind;
  /** The navigation item the page belongs to (an article to the blog). */
  section: string;
  /** The <title>. */
  title: string;
  description: string;
  heading: string;
  subtitle?: string;
  /** Absolute; none for the not-found page, which is noindex. */
  canonical?: string;
  /** hreflang alternates with x-default; empty for the not-found page. */
  alternates: Alternate[];
  prev?: string;
  next?: string;
  ogType: "website" | "article";
  ogAlternates: string[];
  /** The page in every language (the language control and the footer): `code` is hreflang's, `url` the URL's. */
  languages: (Link & { code: string; url: string; current: boolean })[];
  /** `sep`: a separator goes before it. */
  breadcrumbs?: { name: string; href?: string; sep: boolean }[];
  markdown?: string;
  html?: string;
  updated?: string;
  article?: { category: string; date: string; dateText: string; related: PostLink[]; older?: PostLink; newer?: PostLink };
  list?: { chips: (Link & { current: boolean })[]; cards: Card[]; paginated: boolean; pages: PageLink[]; empty?: string };
}

/** What every page of one language shares: the business's facts and the interface's words. */
export interface LanguageChrome {
  url: string;
  code: string;
  dir: string;
  ogLocale: string;
  brand: string;
  phone: string;
  tel: string;
  email: string;
  mailto: string;
  address: string;
  legalLine: string;
  nav: (Link & { id: string })[];
  footerLinks: Link[];
  legalLinks: Link[];
  feed: Link;
  hrefs: { home: string; services: string; blog: string; contact: string };
  /** The interface's strings the templates use, in this language. */
  s: Record<string, string>;
}

export interface PeerSite {
  origin: string;
  /** By URL code. */
  chrome: Record<string, LanguageChrome>;
  pages: PeerPage[];
  sitemap: { loc: string; alternates: Alternate[] }[];
  /** Lucide icons as the project draws them: the inside of a 24×24 <svg>, by name. */
  icons: Record<string, string>;
  /** The inside of a 27×18 <svg>, by URL code. */
  flags: Record<string, string>;
  /** The project's island script, to be copied to /assets/islands.js. */
  islandsScript: string;
}

const navItems = ["home", "services", "prices", "about", "blog", "contact"];
const staticTemplates = new Set(["home", "services", "prices", "about", "contact", "not-found"]);
const metaKeys: Record<string, string> = { home: "home", services: "services", prices: "prices", about: "about", contact: "contact", "not-found": "notFound" };
const iconNames = [
  "key-round",
  "phone",
  "globe",
  "chevron-down",
  "menu",
  "x",
  "mail",
  "map-pin",
  "arrow-left",
  "arrow-right",
  "clock",
  "rss",
  "chevron-left",
  "chevron-right",
];
// The switcher's flags, as src/templates/flags.tsx draws them.
const flags: Record<string, string> = {
  gr:
    '<rect width="27" height="18" fill="#0D5EAF"></rect><rect y="2" width="27" height="2" fill="#fff"></rect><rect y="6" width="27" height="2" fill="#fff"></rect>' +
    '<rect y="10" width="27" height="2" fill="#fff"></rect><rect y="14" width="27" height="2" fill="#fff"></rect><rect width="10" height="10" fill="#0D5EAF"></rect>' +
    '<rect x="4" width="2" height="10" fill="#fff"></rect><rect y="4" width="10" height="2" fill="#fff"></rect>',
  en:
    '<rect width="27" height="18" fill="#012169"></rect><path d="M0 0l27 18M27 0L0 18" stroke="#fff" stroke-width="3.6"></path>' +
    '<path d="M0 0l27 18M27 0L0 18" stroke="#C8102E" stroke-width="1.2"></path><path d="M13.5 0v18M0 9h27" stroke="#fff" stroke-width="6"></path>' +
    '<path d="M13.5 0v18M0 9h27" stroke="#C8102E" stroke-width="3.6"></path>',
  de: '<rect width="27" height="6" fill="#000"></rect><rect y="6" width="27" height="6" fill="#DD0000"></rect><rect y="12" width="27" height="6" fill="#FFCE00"></rect>',
  fr: '<rect width="9" height="18" fill="#002654"></rect><rect x="9" width="9" height="18" fill="#fff"></rect><rect x="18" width="9" height="18" fill="#CE1126"></rect>',
  ru: '<rect width="27" height="6" fill="#fff"></rect><rect y="6" width="27" height="6" fill="#0039A6"></rect><rect y="12" width="27" height="6" fill="#D52B1E"></rect>',
};

/** The <title>: the page's own title, followed by the brand where it fits in 60 characters (as render-pages.tsx). */
function pageTitle(title: string, brand: string): string {
  const full = `${title} | ${brand}`;
  return full.length <= 60 || title.includes(brand) ? full : title;
}

/** The navigation item a page highlights (as Header.tsx). */
function sectionOf(routeId: string): string {
  if (routeId.startsWith("services/")) return "services";
  if (routeId.startsWith("blog/")) return "blog";
  return routeId;
}

/**
 * Describes the site in `siteDir` as `site build` makes it. `projectOut` is a build of the same
 * site by the project: the bodies of the pages without a document and the island script come
 * from it, so every tool ships the same markup there.
 */
export async function describeSite(siteDir: string, projectOut: string): Promise<PeerSite> {
  const config = await loadConfig(path.join(siteDir, "site.config.yml"));
  const locales = await loadLocales(path.join(siteDir, "locales"), config.missingTranslations);
  const content = await loadContent(path.join(siteDir, "content"), config);
  const { documents, heldBack } = schedulePosts(content.documents, { today: todayIn(siteTimeZone), preview: false, draftsLeftOut: content.draftsLeftOut });
  const routes = resolveRoutes(documents, "content", unpublishedReasons(heldBack));
  const origin = config.origin;
  const chrome: Record<string, LanguageChrome> = {};
  const tools = new Map<string, LanguageTools>();
  for (const language of languages) {
    const made = languageTools(config, locales.t(language.code), routes, language.code);
    tools.set(language.code, made);
    chrome[language.url] = made.chrome;
  }
  const pages: PeerPage[] = [];
  for (const route of routes.routes)
    for (const code of route.codes) pages.push(await describePage(route, tools.get(code)!, routes, origin, projectOut, config));
  const sitemap = pages.filter((page) => page.canonical).map((page) => ({ loc: page.canonical!, alternates: page.alternates }));
  return { origin, chrome, pages, sitemap, icons: await lucideIcons(), flags, islandsScript: await islandsScriptOf(projectOut) };
}

type Config = Awaited<ReturnType<typeof loadConfig>>;
type Translate = ReturnType<Awaited<ReturnType<typeof loadLocales>>["t"]>;

interface LanguageTools {
  code: string;
  url: string;
  t: Translate;
  href(id: string): string;
  formatDate(iso: string): string;
  logFields: string;
  chrome: LanguageChrome;
}

function languageTools(config: Config, t: Translate, routes: RouteTable, code: string): LanguageTools {
  const language = codeToLanguage(code)!;
  const href = (id: string) => routes.href(code, id);
  const dateFormat = new Intl.DateTimeFormat(language.intl, { dateStyle: "long", timeZone: "UTC" });
  const brand = brandFor(config, code);
  const legalLine =
    `© ${new Date().getFullYear()} ${config.legalName}` +
    (config.registryNumber ? ` · ${t("footer.registry")} ${config.registryNumber}` : "") +
    (config.vatNumber ? ` · ${t("footer.vat")} ${config.vatNumber}` : "") +
    `. ${t("footer.rights")}`;
  const strings: Record<string, string> = {
    skip: t("common.skipToContent"),
    navMain: t("nav.main"),
    menu: t("common.menu"),
    call24: t("nav.call24"),
    always: t("nav.always"),
    chooseLanguage: `${t("common.label", { label: t("common.chooseLanguage") })} `,
    footerAbout: t("footer.about"),
    quickLinks: t("footer.quickLinks"),
    legal: t("footer.legal"),
    contact: t("footer.contact"),
    languages: t("footer.languages"),
    breadcrumb: t("common.breadcrumb"),
    published: t("article.published"),
    ctaTitle: t("article.ctaTitle"),
    ctaText: t("article.ctaText"),
    call: t("hero.call"),
    related: t("article.related"),
    neighbours: t("article.neighbours"),
    older: t("article.older"),
    newer: t("article.newer"),
    allArticles: t("common.allArticles"),
    callCardTitle: t("callCard.title"),
    arrival: t("callCard.arrival"),
    hoursTitle: t("contactPage.hours.title"),
    hoursEmergency: t("contactPage.hours.emergency"),
    hoursRegular: t("contactPage.hours.regular", { opens: config.hours.opens, closes: config.hours.closes }),
    callCta: t("servicePage.callCta"),
    allServices: t("common.allServices"),
    bandTitle: t("cta.title"),
    bandText: t("cta.text"),
    bandCall: t("cta.call"),
    bandContact: t("cta.contact"),
    filterLabel: t("blogPage.filterLabel"),
    readMore: t("blogPage.readMore"),
    readMorePrefix: t("common.label", { label: "" }),
    keywords: t("blogPage.keywords"),
    feedLink: t("blogPage.feed.link"),
    paginationLabel: t("blogPage.pagination.label"),
  };
  return {
    code,
    url: language.url,
    t,
    href,
    formatDate: (iso) =>
      dateFormat
        .formatToParts(new Date(`${iso}T00:00:00Z`))
        .map(({ type, value }) => (type === "day" && value === "1" && language.firstOfMonth ? language.firstOfMonth : value))
        .join(""),
    logFields: new Intl.ListFormat(language.intl, { type: "conjunction" }).format(visitorLogFields.map((field) => t(`privacyPolicy.logFields.${field}`))),
    chrome: {
      url: language.url,
      code,
      dir: langToDir(code),
      ogLocale: language.ogLocale,
      brand,
      phone: config.phone,
      tel: phoneToTel(config.phone),
      email: config.email,
      mailto: `mailto:${config.email}`,
      address: formatAddress(config, code),
      legalLine,
      nav: navItems.map((id) => ({ id, label: t(`nav.${id}`), href: href(id) })),
      footerLinks: ["services", "prices", "about", "blog", "contact"].map((id) => ({ label: t(`nav.${id}`), href: href(id) })),
      legalLinks: [
        { label: t("footer.privacy"), href: href("privacy-policy") },
        { label: t("footer.terms"), href: href("terms") },
      ],
      feed: { label: t("blogPage.feed.title", { brand }), href: `/${language.url}/blog/feed.xml` },
      hrefs: { home: href("home"), services: href("services"), blog: href("blog"), contact: href("contact") },
      s: strings,
    },
  };
}

async function describePage(route: Route, tools: LanguageTools, routes: RouteTable, origin: string, projectOut: string, config: Config): Promise<PeerPage> {
  const { code, t, href } = tools;
  const url = href(route.id);
  const document = route.documents[code];
  const metaKey = metaKeys[route.template];
  const own = document
    ? { title: document.title, description: document.description }
    : route.listing
      ? listingMeta(route.listing, t, code)
      : { title: t(`meta.${metaKey}.title`), description: t(`meta.${metaKey}.description`) };
  const brand = brandFor(config, code);
  const page: PeerPage = {
    lang: tools.url,
    url,
    kind: staticTemplates.has(route.template)
      ? "static"
      : route.template === "blog"
        ? "list"
        : route.template === "article"
          ? "article"
          : (route.template as PageKind),
    section: sectionOf(route.id),
    title: withoutJoiners(route.id === "home" ? own.title : pageTitle(own.title, brand)),
    description: withoutJoiners(own.description),
    heading: own.title,
    ...(route.indexable ? { canonical: `${origin}${url}` } : {}),
    alternates: route.indexable ? alternates(route, routes, origin) : [],
    ogType: route.template === "article" ? "article" : "website",
    ogAlternates: route.codes.filter((other) => other !== code).map((other) => codeToLanguage(other)!.ogLocale),
    languages: languages.map((other) => {
      const elsewhere = route.parent && routes.has(other.code, route.parent) ? routes.href(other.code, route.parent) : routes.href(other.code, "home");
      const same = route.template !== "not-found" && routes.has(other.code, route.id);
      return {
        code: other.code,
        url: other.url,
        label: other.label,
        href: same ? switchLanguagePath(url, other.url) : elsewhere,
        current: other.code === code,
      };
    }),
  };
  const crumbsTo = (parent: "services" | "blog", title: string) =>
    withSeparators([{ name: t("nav.home"), href: href("home") }, { name: t(`nav.${parent}`), href: href(parent) }, { name: title }]);
  if (page.kind === "static") page.html = await projectMain(projectOut, url);
  else if (page.kind === "list") Object.assign(page, describeList(route, tools, routes, origin));
  else {
    page.markdown = await markdownOf(document!, tools, routes, config);
    if (document!.kind === "service")
      Object.assign(page, { subtitle: (document as ServiceDocument).summary, breadcrumbs: crumbsTo("services", document!.title) });
    if (document!.kind === "page" && document!.updated) page.updated = t("common.updated", { date: tools.formatDate(document!.updated) });
    if (document!.kind === "blog") {
      const post = document as BlogDocument;
      const neighbours = route.neighbours?.[code];
      const link = (other: BlogDocument): PostLink => postLink(other, tools);
      page.subtitle = post.excerpt;
      page.breadcrumbs = crumbsTo("blog", post.title);
      page.article = {
        ...link(post),
        related: (neighbours?.related ?? []).map(link),
        ...(neighbours?.older ? { older: link(neighbours.older) } : {}),
        ...(neighbours?.newer ? { newer: link(neighbours.newer) } : {}),
      };
    }
  }
  return page;
}

/** Each crumb but the first has a separator before it; said in the data, so no template needs a loop index. */
function withSeparators(crumbs: { name: string; href?: string }[]): { name: string; href?: string; sep: boolean }[] {
  return crumbs.map((crumb, index) => ({ ...crumb, sep: index > 0 }));
}

function alternates(route: Route, routes: RouteTable, origin: string): Alternate[] {
  const own = languages
    .filter((other) => route.codes.includes(other.code))
    .map((other) => ({ hreflang: other.code, href: `${origin}${routes.href(other.code, route.id)}` }));
  const xDefault = route.codes.includes(defaultLanguage.code) ? defaultLanguage.code : route.codes[0]!;
  return [...own, { hreflang: "x-default", href: `${origin}${routes.href(xDefault, route.id)}` }];
}

function postLink(post: BlogDocument, tools: LanguageTools): PostLink {
  return {
    title: post.title,
    href: tools.href(post.id),
    category: tools.t(`blogPage.categories.${post.category}`),
    date: post.date,
    dateText: tools.formatDate(post.date),
  };
}

/** The title and description of a list's page (as listingMeta in pages/Blog.tsx). */
function listingMeta({ category, page, pages }: Listing, t: Translate, code: string): { title: string; description: string } {
  const title = category ? t(`blogCategory.${category}.title`) : t("meta.blog.title");
  if (page === 1) return { title, description: category ? t(`blogCategory.${category}.description`) : t("meta.blog.description") };
  const numbers = { page, pages: pages[code] };
  return {
    title: t("blogPage.pagedTitle", { title, page }),
    description: category ? t(`blogCategory.${category}.pagedDescription`, numbers) : t("blogPage.pagedDescription", numbers),
  };
}

/** A page of the blog or of a category: heading, chips, cards and page links (as Blog.tsx and Pagination.tsx). */
function describeList(route: Route, tools: LanguageTools, routes: RouteTable, origin: string): Partial<PeerPage> {
  const { code, t, href } = tools;
  const { category, page } = route.listing!;
  const pages = route.listing!.pages[code] ?? 1;
  const posts = route.listing!.posts[code] ?? [];
  const crumbs: { name: string; href?: string }[] = [
    { name: t("nav.home"), href: href("home") },
    { name: t("nav.blog"), href: href("blog") },
  ];
  if (category) crumbs.push({ name: t(`blogPage.categories.${category}`), ...(page > 1 ? { href: href(listingId(category, 1)) } : {}) });
  if (page > 1) crumbs.push({ name: t("blogPage.pagination.page", { page }) });
  const previous = page > 1 ? listingId(category, page - 1) : undefined;
  const next = page < pages ? listingId(category, page + 1) : undefined;
  const links: PageLink[] = [];
  if (pages > 1) {
    if (previous)
      links.push({ kind: "prev", label: t("blogPage.pagination.previous"), href: href(previous), ariaLabel: t("blogPage.pagination.previousPage") });
    for (const number of pageNumbers(page, pages)) {
      if (number === null) links.push({ kind: "gap", label: "…" });
      else
        links.push({
          kind: number === page ? "current" : "page",
          label: String(number),
          href: href(listingId(category, number)),
          ariaLabel: t("blogPage.pagination.page", { page: number }),
        });
    }
    if (next) links.push({ kind: "next", label: t("blogPage.pagination.next"), href: href(next), ariaLabel: t("blogPage.pagination.nextPage") });
  }
  const chips = [undefined, ...blogCategories]
    .filter((chip) => routes.has(code, listingId(chip, 1)))
    .map((chip) => ({ label: t(`blogPage.categories.${chip ?? "all"}`), href: href(listingId(chip, 1)), current: chip === category }));
  return {
    heading: category ? t(`blogCategory.${category}.heading`) : t("blogPage.title"),
    subtitle: page > 1 ? t("blogPage.pageOf", { page, pages }) : category ? t(`blogCategory.${category}.description`) : t("blogPage.subtitle"),
    ...(crumbs.length > 2 ? { breadcrumbs: withSeparators(crumbs) } : {}),
    ...(previous ? { prev: `${origin}${href(previous)}` } : {}),
    ...(next ? { next: `${origin}${href(next)}` } : {}),
    list: {
      chips,
      cards: posts.map((post) => ({ ...postLink(post, tools), excerpt: post.excerpt, keywords: post.keywords.slice(0, 2) })),
      paginated: links.length > 0,
      pages: links,
      ...(posts.length ? {} : { empty: t("blogPage.empty") }),
    },
  };
}

/**
 * The document's Markdown with everything the project fills before rendering already filled:
 * placeholders (as loadContent does), the privacy policy's log fields, and `route:ID` links made
 * this language's URLs. What is left is plain Markdown for the peer's own renderer.
 */
async function markdownOf(document: ContentDocument, tools: LanguageTools, routes: RouteTable, config: Config): Promise<string> {
  const written = matter(await readFile(document.file, "utf8"), { engines: { yaml: () => ({}) } }).content;
  return fill(written, config, document.code, () => {})
    .replace(/\{\{serverLogFields\}\}/g, tools.logFields)
    .replace(/(\]\(\s*<?|\]:\s*<?)route:([a-z0-9/-]+)/g, (whole, lead: string, id: string) =>
      routes.has(tools.code, id) ? `${lead}${tools.href(id)}` : whole,
    );
}

/** The inside of the project's <main> for a page that has no document. */
async function projectMain(projectOut: string, url: string): Promise<string> {
  const file = path.join(projectOut, urlToFile(url));
  const html = await readFile(file, "utf8");
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html);
  if (!main) throw new Error(`${file}: no <main> in the project's page; the peers take the bodies of pages without a document from it`);
  return main[1]!;
}

/** The island script the project's pages load (the one of /en/about: the set every page has). */
async function islandsScriptOf(projectOut: string): Promise<string> {
  const html = await readFile(path.join(projectOut, "en/about.html"), "utf8");
  const src = /<script type="module" src="(\/assets\/islands\.[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error(`${projectOut}/en/about.html loads no island script`);
  return path.join(projectOut, src);
}

async function lucideIcons(): Promise<Record<string, string>> {
  const nodes = createRequire(path.join(repoRoot, "package.json"))("lucide-static/icon-nodes.json") as Record<string, [string, Record<string, string>][]>;
  return Object.fromEntries(
    iconNames.map((name) => [
      name,
      nodes[name]!.map(
        ([tag, attrs]) =>
          `<${tag}${Object.entries(attrs)
            .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
            .join("")}></${tag}>`,
      ).join(""),
    ]),
  );
}

/**
 * The peers' Tailwind input: the project's own stylesheet (theme, `js:` variant, base rules) with
 * its three imports made one, and the places to scan for classes (none given: Tailwind's own
 * detection, as in Astro).
 */
export async function tailwindInput(sources: string[]): Promise<string> {
  const own = (await readFile(path.join(repoRoot, "src/templates/styles.css"), "utf8")).replace(/^@import .*\n/gm, "");
  const detection = sources.length ? ` source(none);\n${sources.map((source) => `@source "${source}";`).join("\n")}` : ";";
  return `@import "tailwindcss"${detection}\n${own}`;
}
