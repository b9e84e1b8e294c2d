export const blogCategories = ["cars", "locks", "doors", "security", "maintenance", "keys"] as const;
export type BlogCategory = (typeof blogCategories)[number];
export const serviceFamilies = ["cars", "doors", "armored-doors"] as const;
export type ServiceFamily = (typeof serviceFamilies)[number];

/** The placeholders a document may use; each is filled from the config in the page's language. */
export const placeholders = [
  "brand",
  "town",
  "phone",
  "tel",
  "email",
  "address",
  "legalName",
  "opens",
  "closes",
  "messagesRetention",
  "analyticsRetention",
  "host",
  "hostCountry",
  "mailProvider",
  "mailProviderCountry",
  "serverLogFields",
] as const;

/**
 * Facts of the config a document may depend on: `{{#recaptcha}}…{{/recaptcha}}` is kept only where
 * a reCAPTCHA site key is configured, `{{^recaptcha}}…{{/recaptcha}}` only where none is. `google`
 * is reCAPTCHA or analytics.
 */
export const conditions = ["identityChecks", "recaptcha", "analytics", "google"] as const;

/** `2024-01-15` is; `2024-1-15` and `2024-02-30` (which Date.parse rolls over to March) are not. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An image a document shows, as the owner named it and where it is on disk. */
export interface DocumentImage {
  /** As written in the document: `van.jpg`. */
  written: string;
  /** The file, absolute. */
  source: string;
  alt: string;
  /** Where the document names it, for messages. */
  line: number;
  column?: number;
}

interface DocumentBase {
  /** The route id, e.g. `services/cars/opening`, `blog/defender-benefits`, `terms`. */
  id: string;
  /** The language code (`el`, `en`, ...). */
  code: string;
  /** The source file, relative to the site folder, for messages. */
  file: string;
  title: string;
  description: string;
  /**
   * The text as HTML (Markdown with placeholders filled in, rendered when read), with marks where
   * a page fills in its links to pages and its images (render-markdown.ts).
   */
  html: string;
  /** Links to other pages (`route:ID`), with the line they are on. */
  links: { id: string; line: number }[];
  /** Images beside the document that its Markdown shows (`![alt](van.jpg)`). */
  images: DocumentImage[];
  /** The cover image of front matter's `image`, for articles and service pages. */
  cover?: DocumentImage;
}

export interface ServiceDocument extends DocumentBase {
  kind: "service";
  family: ServiceFamily;
  summary: string;
}

export interface BlogDocument extends DocumentBase {
  kind: "blog";
  excerpt: string;
  date: string;
  updated: string;
  category: BlogCategory;
  keywords: string[];
  /** Shown only by `site dev`, marked as a draft. */
  draft: boolean;
  /** Dated after the build's day: shown only by `site dev`, marked with its date. */
  scheduled: boolean;
}

export interface PageDocument extends DocumentBase {
  kind: "page";
  updated: string;
}

export type ContentDocument = ServiceDocument | BlogDocument | PageDocument;
