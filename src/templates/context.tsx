import { createContext, useContext } from "react";
import type { TFunction } from "i18next";
import type { Language } from "../shared/languages.ts";
import type { PhotoPlace, SiteConfig } from "../shared/config.ts";
import type { ContentDocument } from "../shared/content.ts";
import type { ResponsiveImage, SocialImage } from "../shared/images.ts";
import type { Route, RouteTable } from "../shared/routes.ts";

/** Everything a template needs to draw one page in one language. */
export interface PageContext {
  config: SiteConfig;
  language: Language;
  t: TFunction;
  /** Another language's interface strings: `tFor("de")("languageHint.text")`. */
  tFor(code: string): TFunction;
  routes: RouteTable;
  route: Route;
  /** The URL of another page in this page's language: `href("contact")` → `/gr/contact`. */
  href(id: string): string;
  /** The page's Markdown document, for document-backed pages. */
  document?: ContentDocument;
  /** The document's body rendered to HTML. */
  html?: string;
  /** `2024-01-15` written as this language writes dates. */
  formatDate(iso: string): string;
  /** `250` written as this language writes euro amounts. */
  formatEuro(amount: number): string;
  title: string;
  description: string;
  /** Inline scripts, keyed by purpose; their hashes go into the Content-Security-Policy. */
  inlineScripts: { boot: string };
  /** JSON-LD objects for the page's <head>. */
  structuredData: object[];
  /** A photo the build made, by its source file (a document's cover, a photo of the config). */
  image(source: string): ResponsiveImage | undefined;
  /** The business's own photo for a place (the van, the shop, the owner), with its alt text in the page's language. */
  photo(place: PhotoPlace): { image: ResponsiveImage; alt: string } | undefined;
  /** The page's link preview: its cover image, or the card the build draws with its title. */
  socialImage: SocialImage;
}

export const Page = createContext<PageContext | null>(null);

export function usePage(): PageContext {
  const page = useContext(Page);
  if (!page) throw new Error("usePage() outside a page");
  return page;
}
