import { readFile } from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";
import matter from "gray-matter";
import { codeToLanguage, languages } from "../shared/languages.ts";
import { ProblemList } from "./errors.ts";
import { formatAddress, phoneToTel, type SiteConfig } from "./load-config.ts";

export const blogCategories = ["cars", "locks", "doors", "security", "maintenance", "keys"] as const;
export type BlogCategory = (typeof blogCategories)[number];
export const serviceFamilies = ["cars", "doors", "armored-doors"] as const;
export type ServiceFamily = (typeof serviceFamilies)[number];

interface DocumentBase {
  /** The route id, e.g. `services/cars/opening`, `blog/defender-benefits`, `terms`. */
  id: string;
  /** The language code (`el`, `en`, ...). */
  code: string;
  /** The source file, relative to the working directory, for messages. */
  file: string;
  title: string;
  description: string;
  /** Markdown with placeholders filled in. */
  body: string;
  /** Links to other pages (`route:ID`), with the line they are on. */
  links: { id: string; line: number }[];
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
}

export interface PageDocument extends DocumentBase {
  kind: "page";
  updated: string;
}

export type ContentDocument = ServiceDocument | BlogDocument | PageDocument;

const placeholders = ["brand", "phone", "tel", "email", "address", "legalName"] as const;

/**
 * Reads every Markdown document under `dir`:
 * services/<family>/<slug>/<code>.md, blog/<slug>/<code>.md and pages/<slug>/<code>.md.
 */
export async function loadContent(dir: string, config: SiteConfig, label: (file: string) => string = (file) => file): Promise<ContentDocument[]> {
  const problems = new ProblemList();
  const files = await fg("**/*.md", { cwd: dir, onlyFiles: true });
  const documents: ContentDocument[] = [];
  const codes = languages.map((language) => language.code).join(", ");

  for (const relative of files.sort()) {
    const source = path.join(dir, relative);
    const file = label(source);
    const parts = relative.split("/");
    const code = path.basename(relative, ".md");
    const shape = matchShape(parts);
    if (!shape) {
      problems.add(file, "not where a document can be; use services/<family>/<service>/<code>.md, blog/<slug>/<code>.md or pages/<slug>/<code>.md");
      continue;
    }
    if (!codeToLanguage(code)) {
      problems.add(file, `unknown language "${code}" in the file name; name the file after one of ${codes}`);
      continue;
    }
    const text = await readFile(source, "utf8");
    let parsed: matter.GrayMatterFile<string>;
    try {
      // gray-matter caches by content; a fresh object per call keeps repeated builds honest.
      parsed = matter(text, {});
    } catch (cause) {
      const mark = (cause as { mark?: { line: number } }).mark;
      const reason = (cause as { reason?: string }).reason ?? String(cause);
      problems.add(file, `front matter is not valid YAML: ${reason}; quote values that contain a colon and close the block with ---`, mark ? mark.line + 2 : 1);
      continue;
    }
    if (!text.startsWith("---")) {
      problems.add(file, "no front matter; start the file with --- then title: and description:, and close it with ---", 1);
      continue;
    }
    const data = parsed.data as Record<string, unknown>;
    const bodyStart = text.length - parsed.content.length;
    const bodyLine = text.slice(0, bodyStart).split("\n").length;
    const fieldLine = (key: string) => {
      const index = text.search(new RegExp(`^${key}\\s*:`, "m"));
      return index >= 0 && index < bodyStart ? text.slice(0, index).split("\n").length : 1;
    };
    const field = (key: string, { max, min }: { max?: number; min?: number } = {}): string => {
      const value = data[key];
      if (typeof value !== "string" || value.trim() === "") {
        problems.add(file, `missing required field "${key}" in the front matter; add ${key}: "..."`, fieldLine(key));
        return "";
      }
      const trimmed = value.trim();
      if (max && trimmed.length > max) problems.add(file, `"${key}" is ${trimmed.length} characters; keep it to ${max} at most`, fieldLine(key));
      if (min && trimmed.length < min) problems.add(file, `"${key}" is ${trimmed.length} characters; write at least ${min}`, fieldLine(key));
      return fill(trimmed, config, code, (name) => problems.add(file, unknownPlaceholder(name), fieldLine(key)));
    };
    const date = (key: string, required: boolean): string => {
      const value = data[key];
      if (value === undefined && !required) return "";
      const iso = value instanceof Date ? value.toISOString().slice(0, 10) : typeof value === "string" ? value : "";
      if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(Date.parse(iso))) {
        problems.add(
          file,
          `${value === undefined ? "missing required field" : "invalid"} "${key}"; write the date as YYYY-MM-DD, e.g. ${key}: 2024-01-15`,
          fieldLine(key),
        );
        return "";
      }
      return iso;
    };

    const links = [...parsed.content.matchAll(/\]\(route:([^)\s]*)\)/g)].map((match) => ({
      id: match[1]!,
      line: bodyLine + parsed.content.slice(0, match.index).split("\n").length - 1,
    }));
    const body = fill(parsed.content, config, code, (name, index) =>
      problems.add(file, unknownPlaceholder(name), bodyLine + parsed.content.slice(0, index).split("\n").length - 1),
    );
    const base = { id: shape.id, code, file, title: field("title", { max: 70 }), description: field("description", { min: 50, max: 170 }), body, links };

    if (shape.kind === "service") {
      if (!(serviceFamilies as readonly string[]).includes(shape.family)) {
        problems.add(file, `unknown service family "${shape.family}"; put the service under one of ${serviceFamilies.join(", ")}`);
        continue;
      }
      documents.push({ ...base, kind: "service", family: shape.family as ServiceFamily, summary: field("summary", { max: 160 }) });
    } else if (shape.kind === "blog") {
      const category = data.category;
      if (!(blogCategories as readonly unknown[]).includes(category)) {
        problems.add(
          file,
          category === undefined
            ? `missing required field "category"; use one of ${blogCategories.join(", ")}`
            : `unknown category "${String(category)}"; use one of ${blogCategories.join(", ")}`,
          fieldLine("category"),
        );
      }
      const keywords = data.keywords;
      if (!Array.isArray(keywords) || keywords.length === 0 || keywords.some((k) => typeof k !== "string" || !k.trim())) {
        problems.add(file, 'missing or invalid "keywords"; list them as keywords: ["one", "two"]', fieldLine("keywords"));
      }
      const published = date("date", true);
      documents.push({
        ...base,
        kind: "blog",
        excerpt: field("excerpt", { max: 220 }),
        date: published,
        updated: date("updated", false) || published,
        category: category as BlogCategory,
        keywords: Array.isArray(keywords) ? keywords.map(String) : [],
      });
    } else {
      documents.push({ ...base, kind: "page", updated: date("updated", false) });
    }
  }
  problems.throwIfAny();
  return documents;
}

function matchShape(parts: string[]): { kind: "service"; id: string; family: string } | { kind: "blog" | "page"; id: string } | undefined {
  const slug = /^[a-z0-9]+(-[a-z0-9]+)*$/;
  if (parts[0] === "services" && parts.length === 4 && slug.test(parts[1]!) && slug.test(parts[2]!))
    return { kind: "service", id: `services/${parts[1]}/${parts[2]}`, family: parts[1]! };
  if (parts[0] === "blog" && parts.length === 3 && slug.test(parts[1]!)) return { kind: "blog", id: `blog/${parts[1]}` };
  if (parts[0] === "pages" && parts.length === 3 && slug.test(parts[1]!)) return { kind: "page", id: parts[1]! };
  return undefined;
}

function unknownPlaceholder(name: string): string {
  return `unknown placeholder {{${name}}}; use one of ${placeholders.map((p) => `{{${p}}}`).join(", ")}`;
}

/** Replaces `{{phone}}` and the other placeholders with the config's values for that language. */
export function fill(text: string, config: SiteConfig, code: string, onUnknown: (name: string, index: number) => void): string {
  const values: Record<(typeof placeholders)[number], string> = {
    brand: config.brand,
    phone: config.phone,
    tel: phoneToTel(config.phone),
    email: config.email,
    address: formatAddress(config, code),
    legalName: config.legalName,
  };
  return text.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (whole, name: string, index: number) => {
    if (name in values) return values[name as keyof typeof values];
    onUnknown(name, index);
    return whole;
  });
}
