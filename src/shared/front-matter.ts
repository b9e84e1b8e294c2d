// The schemas of the documents' front matter: checks, messages and the types of what they read.
// Only the reading of a document needs them (and zod): see src/generator/read-document.ts.
import { z } from "zod";
import { closestName } from "./closest-name.ts";
import { blogCategories, isIsoDate } from "./content.ts";
import { text } from "./schema-fields.ts";

const isoDate = (key: string, required: boolean) => {
  const message = (input: unknown) =>
    `${input === undefined ? "missing required field" : "invalid"} "${key}"; write the date as YYYY-MM-DD, e.g. ${key}: 2024-01-15`;
  const date = z
    .string({ error: (issue) => message(issue.input) })
    .refine(isIsoDate, { error: (issue) => message(issue.input) })
    .meta({ description: `The ${key === "date" ? "publication" : "last update"} date, YYYY-MM-DD.` });
  return required ? date : date.optional();
};

const common = {
  title: text({ description: "The page title; the <title> adds the brand.", max: 70 }),
  description: text({ description: "The meta description for search results; name the town.", min: 50, max: 155 }),
};

/**
 * A document's front matter: a field it does not know is named, with the field meant where the
 * name is close to one (`drafts: true` would otherwise publish a draft without a word).
 */
function frontMatter<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const fields = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? issue.keys
            .map((key) => {
              const meant = closestName(key, fields);
              return `unknown field "${key}"; ${meant ? `did you mean "${meant}"? The fields here are` : "the fields here are"} ${fields.join(", ")}`;
            })
            // One line per field: each is reported on its own line of the file (schemaProblems).
            .join("\n")
        : "the front matter must be fields, one per line (title: ..., description: ...)",
  });
}

/** A cover image: at the top of the page, on the blog card, and the page's link preview. */
const cover = {
  image: text({ description: "A cover image, beside the document (van.jpg): shown at the top of the page, on its card and in link previews.", optional: true }),
  imageAlt: text({ description: "What the cover image shows, in the document's language; required with image.", optional: true, max: 250 }),
};

/** Front matter of content/services/<family>/<slug>/<code>.md. */
export const serviceFrontMatter = frontMatter({ ...common, ...cover, summary: text({ description: "The text of the service's card.", max: 160 }) });

/** Front matter of content/blog/<slug>/<code>.md. */
export const blogFrontMatter = frontMatter({
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
export const pageFrontMatter = frontMatter({ ...common, updated: isoDate("updated", false) });
