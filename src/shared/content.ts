import { z } from "zod";
import { text } from "./schema-fields.ts";

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

const isoDate = (key: string, required: boolean) => {
  const message = (input: unknown) =>
    `${input === undefined ? "missing required field" : "invalid"} "${key}"; write the date as YYYY-MM-DD, e.g. ${key}: 2024-01-15`;
  const date = z
    .string({ error: (issue) => message(issue.input) })
    .refine(isIsoDate, { error: (issue) => message(issue.input) })
    .meta({ description: `The ${key === "date" ? "publication" : "last update"} date, YYYY-MM-DD.` });
  return required ? date : date.optional();
};

/** `2024-01-15` is; `2024-1-15` and `2024-02-30` (which Date.parse rolls over to March) are not. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const common = {
  title: text({ description: "The page title; the <title> adds the brand.", max: 70 }),
  description: text({ description: "The meta description for search results; name the town.", min: 50, max: 155 }),
};

/** A cover image: at the top of the page, on the blog card, and the page's link preview. */
const cover = {
  image: text({ description: "A cover image, beside the document (van.jpg): shown at the top of the page, on its card and in link previews.", optional: true }),
  imageAlt: text({ description: "What the cover image shows, in the document's language; required with image.", optional: true, max: 250 }),
};

/** Front matter of content/services/<family>/<slug>/<code>.md. */
export const serviceFrontMatter = z.object({ ...common, ...cover, summary: text({ description: "The text of the service's card.", max: 160 }) });

/** Front matter of content/blog/<slug>/<code>.md. */
export const blogFrontMatter = z.object({
  ...common,
  ...cover,
  excerpt: text({ description: "One or two sentences for the blog card.", max: 220 }),
  date: isoDate("date", true),
  updated: isoDate("updated", false),
  category: z
    .enum(blogCategories, {
      error: (issue) =>
        issue.input === undefined
          ? `missing required field "category"; use one of ${blogCategories.join(", ")}`
          : `unknown category "${String(issue.input)}"; use one of ${blogCategories.join(", ")}`,
    })
    .meta({ description: "The blog category." }),
  draft: z
    .boolean({ error: (issue) => `"draft" is ${JSON.stringify(issue.input)}; write draft: true (site dev shows it, site build leaves it out) or draft: false` })
    .default(false)
    .meta({ description: "A draft: site dev shows it, marked as a draft; site build leaves it out." }),
  keywords: z
    .custom<string[]>((value) => Array.isArray(value) && value.length > 0 && value.every((keyword) => typeof keyword === "string" && keyword.trim() !== ""), {
      error: 'missing or invalid "keywords"; list them as keywords: ["one", "two"]',
    })
    .transform((keywords) => keywords.map((keyword) => keyword.trim()))
    .meta({ description: "Keywords; the first two show on the card." }),
});

/** Front matter of content/pages/<slug>/<code>.md. */
export const pageFrontMatter = z.object({ ...common, updated: isoDate("updated", false) });

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
  /** Markdown with placeholders filled in. */
  body: string;
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
