import { withoutJoiners } from "../shared/typography.ts";
import { renderToStaticMarkup } from "react-dom/server";
import type { ContentDocument } from "../shared/content.ts";
import { socialImageSize, type ResponsiveImage } from "../shared/images.ts";
import { Picture, textColumnSizes } from "../templates/Picture.tsx";
import { cardPath, type CardText } from "./social-cards.ts";
import { brandFor } from "../shared/business.ts";
import { codeToLanguage, type Language } from "../shared/languages.ts";
import { visitorLogFields } from "../shared/privacy.ts";
import { urlToFile } from "../shared/urls.ts";
import { Page, type PageContext } from "../templates/context.tsx";
import { templates } from "../templates/index.tsx";
import { listingMeta } from "../templates/pages/Blog.tsx";
import { IslandsUsed, type IslandName } from "../templates/islands/Island.tsx";
import type { PhotoPlace, SiteConfig } from "../shared/config.ts";
import type { Locales } from "./load-locales.ts";
import type { Route, RouteTable } from "../shared/routes.ts";
import { createMarkdownFinisher, textAsHtml } from "./render-markdown.ts";
import { structuredDataFor } from "./structured-data.ts";

/** A page the build made, without its markup (which goes to the output as soon as it is final). */
export type PageInfo = Omit<RenderedPage, "html">;

export interface RenderedPage {
  url: string;
  /** Path of the HTML file inside the output folder. */
  file: string;
  route: Route;
  language: Language;
  title: string;
  description: string;
  /** The document, with markers where the stylesheet and the island script go. */
  html: string;
  /** The islands the page has, sorted. */
  islands: IslandName[];
  /** The link-preview card the page names in its <head>, for the build to draw; none where a cover image is the preview. */
  card?: { path: string; text: CardText };
}

export interface RenderInput {
  config: SiteConfig;
  locales: Locales;
  routes: RouteTable;
  inlineScripts: PageContext["inlineScripts"];
  /** The photos the build made, by source file. */
  image(source: string): ResponsiveImage | undefined;
  /** The config's photos, made. */
  photos: Partial<Record<PhotoPlace, { image: ResponsiveImage; alt: Record<string, string> }>>;
}

const metaKeys: Partial<Record<Route["template"], string>> = {
  home: "home",
  services: "services",
  prices: "prices",
  about: "about",
  contact: "contact",
  "not-found": "notFound",
};

/** The <title>: the page's own title, followed by the brand where it fits in 60 characters. */
export function pageTitle(title: string, brand: string): string {
  const full = `${title} | ${brand}`;
  return full.length <= 60 || title.includes(brand) ? full : title;
}

/**
 * A date (`2024-02-15`) as the language writes it in full ("15 February 2024", "1er février 2024").
 * Intl's parts of a date are taken once per month, the day then written in its place: in every
 * language the site has, the day is its number and nothing else depends on it (a test compares
 * every day of several years with Intl's own), and a large blog has a thousand dates in each
 * language, at some 30 µs each from Intl. The same dates come back on every list: each is kept.
 */
export function dateWriter(language: Language): (iso: string) => string {
  const format = new Intl.DateTimeFormat(language.intl, { dateStyle: "long", timeZone: "UTC" });
  const months = new Map<string, Intl.DateTimeFormatPart[]>();
  const dates = new Map<string, string>();
  return (iso) => {
    let written = dates.get(iso);
    if (written === undefined) {
      const month = iso.slice(0, 7);
      let parts = months.get(month);
      if (!parts) months.set(month, (parts = format.formatToParts(new Date(`${month}-02T00:00:00Z`))));
      const day = String(Number(iso.slice(8, 10)));
      written = parts.map(({ type, value }) => (type === "day" ? (day === "1" && language.firstOfMonth ? language.firstOfMonth : day) : value)).join("");
      dates.set(iso, written);
    }
    return written;
  };
}

/** What every page of one language shares, made once per language rather than once per page. */
interface LanguageTools {
  language: Language;
  t: PageContext["t"];
  href(id: string): string;
  markdown(document: ContentDocument): string;
  formatDate(iso: string): string;
  formatEuro(amount: number): string;
}

function languageTools({ locales, routes, image }: RenderInput, code: string): LanguageTools {
  const language = codeToLanguage(code)!;
  const t = locales.t(code);
  const href = (id: string) => routes.href(code, id);
  const toHtml = createMarkdownFinisher((id) => (routes.has(code, id) ? href(id) : undefined));
  // What the server logs about a visitor, named in this language: the list the server is tested against.
  const logFields = textAsHtml(
    new Intl.ListFormat(language.intl, { type: "conjunction" }).format(visitorLogFields.map((field) => t(`privacyPolicy.logFields.${field}`))),
  );
  const euroFormat = new Intl.NumberFormat(language.intl, { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
  return {
    language,
    t,
    href,
    markdown: (document) =>
      toHtml(document.html, (written, alt) => {
        const found = document.images.find((reference) => reference.written === written);
        const picture = found && image(found.source);
        return picture
          ? renderToStaticMarkup(<Picture image={picture} alt={alt} sizes={textColumnSizes} fill={false} className="my-6 rounded-2xl" />)
          : undefined;
      }).replace(/\{\{serverLogFields\}\}/g, logFields),
    formatDate: dateWriter(language),
    formatEuro: (amount) => euroFormat.format(amount),
  };
}

/**
 * A renderer of the site's pages, one at a time as they are asked for (a build asks for each in
 * turn and never holds the whole site; `site dev` asks for the one the browser wants).
 */
export function createRenderer(input: RenderInput): (route: Route, code: string) => RenderedPage {
  const tools = new Map<string, LanguageTools>();
  const toolsFor = (code: string) => {
    if (!tools.has(code)) tools.set(code, languageTools(input, code));
    return tools.get(code)!;
  };
  const tFor = (code: string) => toolsFor(code).t;
  return (route, code) => renderPage(input, route, toolsFor(code), tFor);
}

/** Every page of the route table in every language it exists in, in turn. */
export function* renderPages(input: RenderInput): Generator<RenderedPage> {
  const render = createRenderer(input);
  for (const route of input.routes.routes) for (const code of route.codes) yield render(route, code);
}

function renderPage(input: RenderInput, route: Route, tools: LanguageTools, tFor: PageContext["tFor"]): RenderedPage {
  const { config, routes, inlineScripts } = input;
  const { language, t, href, formatDate, formatEuro } = tools;
  const document = route.documents[language.code];
  const metaKey = metaKeys[route.template];
  const { title: ownTitle, description } = document
    ? document
    : route.listing
      ? listingMeta(route.listing, t, language.code)
      : // The shop's hours, where a description names them, come from the config as on the page.
        { title: t(`meta.${metaKey}.title`), description: t(`meta.${metaKey}.description`, { opens: config.hours.opens, closes: config.hours.closes }) };
  const context: PageContext = {
    config,
    language,
    t,
    tFor,
    routes,
    route,
    href,
    document,
    html: document ? tools.markdown(document) : undefined,
    image: input.image,
    photo: (place) => {
      const made = input.photos[place];
      return made && { image: made.image, alt: made.alt[language.code]! };
    },
    formatDate,
    formatEuro,
    title: withoutJoiners(route.id === "home" ? ownTitle : pageTitle(ownTitle, brandFor(config, language.code))),
    description: withoutJoiners(description),
    inlineScripts,
    structuredData: [],
    socialImage: { url: "", ...socialImageSize, alt: "" },
  };
  // The link preview: the cover image where the page has one, else a card with its title.
  const url = href(route.id);
  const cover = document?.cover && input.image(document.cover.source);
  const brand = brandFor(config, language.code);
  const card: CardText | undefined = cover?.preview ? undefined : { title: withoutJoiners(ownTitle), brand, phone: config.phone, always: t("nav.always") };
  const cardFile = card && cardPath(url, card);
  context.socialImage = {
    url: `${config.origin}${cover?.preview ?? `/${cardFile}`}`,
    ...socialImageSize,
    alt: cover?.preview ? document!.cover!.alt : `${card!.title} – ${brand}`,
  };
  context.structuredData = structuredDataFor(context);
  const Template = templates[route.template];
  const islands = new Set<IslandName>();
  const body = renderToStaticMarkup(
    <Page.Provider value={context}>
      <IslandsUsed.Provider value={islands}>
        <Template />
      </IslandsUsed.Provider>
    </Page.Provider>,
  );
  return {
    url,
    file: urlToFile(url),
    route,
    language,
    title: context.title,
    description,
    html: `<!DOCTYPE html>${body}`,
    islands: [...islands].sort(),
    ...(card ? { card: { path: cardFile!, text: card } } : {}),
  };
}
