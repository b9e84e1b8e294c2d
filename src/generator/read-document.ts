// Reading one Markdown document: its front matter (YAML with positions, checked by the schema),
// its placeholders filled, its links and images found. Loaded only when a document is not known
// from an earlier read, so a build whose documents are all known never loads the parsers.
import path from "node:path";
import type { z } from "zod";
import { brandFor, formatAddress, phoneToTel, townFor } from "../shared/business.ts";
import type { SiteConfig } from "../shared/config.ts";
import { conditions, placeholders, serviceFamilies, type ContentDocument, type DocumentImage, type ServiceFamily } from "../shared/content.ts";
import { blogFrontMatter, pageFrontMatter, serviceFrontMatter } from "../shared/front-matter.ts";
import { codeToLanguage, languages } from "../shared/languages.ts";
import { durationToWords } from "../shared/retention.ts";
import { ProblemList, type Problem } from "./errors.ts";
import { matter } from "./gray-matter.ts";
import type { DocumentRead } from "./load-content.ts";
import { findMarkdownLinks, type MarkdownNote } from "./markdown-links.ts";
import { readMarkdown } from "./render-markdown.ts";
import { parseYamlSource, schemaProblems, type YamlSource } from "./yaml-source.ts";

const frontMatterSchemas = { service: serviceFrontMatter, blog: blogFrontMatter, page: pageFrontMatter } as const;

/** What reading one file gave: its document or the draft it is (none where it has a problem), and its problems. */
export type ReadResult = { read?: DocumentRead; problems: Problem[] };

/** Reads one document, for load-content.ts and its second reader (read-thread.ts). */
export function readOne(dir: string, relative: string, file: string, text: string, config: SiteConfig, drafts: boolean): ReadResult {
  const problems = new ProblemList();
  const seen: Seen = {};
  const document = readDocument(dir, relative, file, text, config, problems, drafts, seen);
  // A draft is left out by site build, unread further. site dev shows it once it is complete:
  // until then it is left out too, its problems (what is still to fill) shown on its own address,
  // and the rest of the site is served as usual.
  if (seen.draft && (!drafts || problems.items.length))
    return { read: { draft: { ...seen.draft, file, ...(problems.items.length ? { problems: problems.items } : {}) } }, problems: [] };
  return { ...(document ? { read: { document } } : {}), problems: problems.items };
}

/** What readDocument found out before any problem: whether the file is a post marked as a draft. */
type Seen = { draft?: { id: string; code: string } };

function readDocument(
  dir: string,
  relative: string,
  file: string,
  text: string,
  config: SiteConfig,
  problems: ProblemList,
  drafts: boolean,
  seen: Seen,
): ContentDocument | undefined {
  const code = path.basename(relative, ".md");
  const shape = matchShape(relative.split("/"));
  if (!shape) {
    const folder = badFolderName(relative.split("/"));
    if (folder)
      problems.add(
        file,
        `the folder name "${folder}" is part of the page's address, which uses only a-z, 0-9 and single hyphens; rename the folder${slugFor(folder) ? ` to ${slugFor(folder)}` : ", in Latin letters (winter-lockout)"}`,
      );
    else
      problems.add(
        file,
        "not where a document can be; use services/<family>/<service>/<code>.md, blog/<slug>/<code>.md, blog/<year>/<slug>/<code>.md or pages/<slug>/<code>.md",
      );
    return undefined;
  }
  if (!codeToLanguage(code)) {
    problems.add(file, `unknown language "${code}" in the file name; name the file after one of ${languages.map((language) => language.code).join(", ")}`);
    return undefined;
  }
  if (shape.kind === "service" && !(serviceFamilies as readonly string[]).includes(shape.family)) {
    problems.add(file, `unknown service family "${shape.family}"; put the service under one of ${serviceFamilies.join(", ")}`);
    return undefined;
  }
  if (!text.startsWith("---")) {
    problems.add(file, "no front matter; start the file with --- then title: and description:, and close it with ---", 1, 1);
    return undefined;
  }
  if (!/\r?\n---[ \t]*(\r?\n|$)/.test(text.slice(3))) {
    const fields = text.split("\n").findIndex((line, index) => index > 0 && !/^[\w-]+:|^\s|^#|^\s*$/.test(line));
    problems.add(
      file,
      `the front matter opened on line 1 is never closed; add a line with --- after its last field${fields > 1 ? ` (before line ${fields + 1})` : ""}`,
      1,
      1,
    );
    return undefined;
  }
  // gray-matter finds the front matter block; YAML with positions reads it, from line 2.
  const parsed = matter(text, { engines: { yaml: () => ({}) } });
  let source: YamlSource;
  try {
    source = parseYamlSource(parsed.matter.replace(/^\r?\n/, ""), file, 2);
  } catch (error) {
    const problem = (error as { problem?: Problem }).problem;
    if (!problem) throw error;
    // A draft half written (a quote not yet closed) never stops a build: its own line says it is one.
    if (shape.kind === "blog" && /^draft:[ \t]*true[ \t]*(#.*)?\r?$/m.test(parsed.matter)) {
      seen.draft = { id: shape.id, code };
      if (!drafts) return undefined;
    }
    problems.push({
      ...problem,
      message: `front matter is not valid YAML: ${problem.message}`,
    });
    return undefined;
  }
  const isDraft = shape.kind === "blog" && (source.value as { draft?: unknown } | null)?.draft === true;
  if (isDraft) {
    seen.draft = { id: shape.id, code };
    if (!drafts) return undefined;
  }
  const bodyStart = text.length - parsed.content.length;
  const bodyLine = text.slice(0, bodyStart).split("\n").length;
  const lineInBody = (index: number) => bodyLine + parsed.content.slice(0, index).split("\n").length - 1;
  const columnInBody = (index: number) => index - parsed.content.lastIndexOf("\n", index - 1);

  const body = fill(parsed.content, config, code, (message, index) => problems.add(file, message, lineInBody(index), columnInBody(index)));
  const schema: z.ZodType = frontMatterSchemas[shape.kind];
  const result = schema.safeParse(source.value ?? {});
  if (!result.success) {
    problems.push(...schemaProblems(source, file, result.error.issues, describeFrontMatterIssue));
    return undefined;
  }
  const data = result.data as Record<string, string> & z.output<typeof blogFrontMatter>;
  if (shape.kind === "blog" && data.date && data.updated && data.updated < data.date) {
    const { line, column } = source.positionOf(["updated"]);
    problems.add(
      file,
      `"updated" (${data.updated}) is before "date" (${data.date}): a post is updated after it is published; correct one of them`,
      line,
      column,
    );
    return undefined;
  }
  const fillField = (key: string) =>
    fill(data[key] as string, config, code, (message) => {
      const { line, column } = source.positionOf([key]);
      problems.add(file, message, line, column);
    });
  // The text is lexed once, for its HTML and its links. Where filling it moved lines (parts kept
  // or dropped by a condition, a value of more than one line), its links are found in the text
  // as written, so each is reported on its own line, dropped parts included.
  if (!body.trim()) {
    problems.add(file, "has no text after its front matter; write the page's text below the closing ---", bodyLine);
    return undefined;
  }
  let read: ReturnType<typeof readMarkdown>;
  try {
    read = readMarkdown(body);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    // Reported at the line that nests deepest: the longest run of quote and list marks.
    const depths = body.split("\n").map((line) => /^(\s*(>|[-*+]|\d+[.)])(?=\s|>))*/.exec(line)![0].length);
    problems.add(
      file,
      "has lists or quotes nested too deep to read (hundreds of levels); keep them a few levels deep",
      bodyLine + depths.indexOf(Math.max(...depths)),
    );
    return undefined;
  }
  const sameLines = !/\{\{[#^/]/.test(parsed.content) && body.split("\n").length === parsed.content.split("\n").length;
  const notes: MarkdownNote[] = sameLines ? read.notes : [];
  const found = sameLines ? read.links : findMarkdownLinks(parsed.content, undefined, notes);
  for (const note of notes) {
    const problem = noteProblem(note);
    if (problem) problems.add(file, problem, bodyLine + note.line - 1);
  }
  for (const link of found) {
    const line = bodyLine + link.line - 1;
    // `({{tel}})` is checked as a placeholder, and filled.
    if (link.href.includes("{{")) continue;
    if (/^\s*(javascript|vbscript|data):/i.test(link.href))
      problems.add(
        file,
        `link to "${link.href.slice(0, 40)}", which the site's security policy blocks; link to a page (route:ID) or an address (https://...)`,
        line,
      );
    else if (link.kind === "image" && /^(https?:)?\/\//i.test(link.href))
      problems.add(
        file,
        `image ${link.href} is on another site, and the site's security policy lets browsers show only its own; save the photo beside the document and write its file name: ![${link.text}](photo.jpg)`,
        line,
      );
    else if (link.kind !== "image" && isBesideDocument(link.href)) {
      const id = relativeTarget(link.href);
      problems.add(
        file,
        `link to "${link.href}" is relative, so it would lead elsewhere from each page's address; link a page by its id${id ? ` (route:${id}, if that is the page)` : ", route:ID (route:contact, route:blog/<slug>)"}, or another site by its full address`,
        line,
      );
    }
  }
  const links = found
    .filter((link) => link.href.startsWith("route:"))
    .map((link) => ({ id: link.href.slice("route:".length), line: bodyLine + link.line - 1 }));
  // Images beside the document are the build's to publish; addresses (https:, /files/...) are left as written.
  const folder = path.dirname(path.join(dir, relative));
  const images = found
    .filter((link) => link.kind === "image" && isBesideDocument(link.href))
    .map((link) => ({ written: link.href, source: path.resolve(folder, decodeURI(link.href)), alt: link.text.trim(), line: bodyLine + link.line - 1 }));
  for (const image of images)
    if (!image.alt)
      problems.add(file, `image ${image.written} has no alt text; describe what it shows: ![Our van at the harbour](${image.written})`, image.line);
  const cover = coverImage(data, folder, source, file, problems);
  const base = {
    id: shape.id,
    code,
    file,
    title: fillField("title"),
    description: fillField("description"),
    html: read.html,
    links,
    images,
    ...(cover ? { cover } : {}),
  };

  if (shape.kind === "service") return detach({ ...base, kind: "service", family: shape.family as ServiceFamily, summary: fillField("summary") });
  if (shape.kind === "blog")
    return detach({
      ...base,
      kind: "blog",
      excerpt: fillField("excerpt"),
      date: data.date!,
      updated: data.updated ?? data.date!,
      category: data.category,
      keywords: data.keywords,
      draft: data.draft,
      scheduled: false,
    });
  return detach({ ...base, kind: "page", updated: (data.updated as string | undefined) ?? "" });
}

/**
 * The document as a copy of its own: its title, text and the rest are otherwise pieces of the
 * file's whole text (V8 keeps a string a piece is cut from), which would stay in memory beside
 * them for as long as the document does (a large site's texts, twice over).
 */
function detach<T extends ContentDocument>(document: T): T {
  return structuredClone(document);
}

/** A relative address (`van.jpg`, `photos/van.jpg`): a file beside the document, not a page or another site. */
function isBesideDocument(href: string): boolean {
  return href !== "" && !/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(href);
}

/** Front matter's `image` and `imageAlt`: the cover, found beside the document. */
function coverImage(data: Record<string, unknown>, folder: string, source: YamlSource, file: string, problems: ProblemList): DocumentImage | undefined {
  const written = typeof data.image === "string" ? data.image : "";
  if (!written) return undefined;
  const { line, column } = source.positionOf(["image"]);
  if (!isBesideDocument(written)) {
    problems.add(file, `image "${written}" must be a file beside the document, e.g. image: van.jpg`, line, column);
    return undefined;
  }
  const alt = typeof data.imageAlt === "string" ? data.imageAlt : "";
  if (!alt) problems.add(file, `"imageAlt" is missing: describe what the cover image shows, e.g. imageAlt: "Our van at the harbour"`, line, column);
  return { written, source: path.resolve(folder, written), alt, line, column };
}

/** Front matter problems read as before: `missing required field "title" ...`, `"description" is 6 characters ...`. */
function describeFrontMatterIssue(key: string, message: string): string {
  if (message.startsWith("is required")) return `missing required field "${key}" in the front matter; add ${key}: "..."`;
  if (message.startsWith("is ") || message.startsWith("must ")) return `"${key}" ${message}`;
  return message;
}

function matchShape(parts: string[]): { kind: "service"; id: string; family: string } | { kind: "blog" | "page"; id: string } | undefined {
  const slug = /^[a-z0-9]+(-[a-z0-9]+)*$/;
  if (parts[0] === "services" && parts.length === 4 && slug.test(parts[1]!) && slug.test(parts[2]!))
    return { kind: "service", id: `services/${parts[1]}/${parts[2]}`, family: parts[1]! };
  if (parts[0] === "blog" && parts.length === 3 && slug.test(parts[1]!)) return { kind: "blog", id: `blog/${parts[1]}` };
  // Many posts may be grouped in a folder per year; the year is not part of the URL.
  if (parts[0] === "blog" && parts.length === 4 && /^\d{4}$/.test(parts[1]!) && slug.test(parts[2]!)) return { kind: "blog", id: `blog/${parts[2]}` };
  if (parts[0] === "pages" && parts.length === 3 && slug.test(parts[1]!)) return { kind: "page", id: parts[1]! };
  return undefined;
}

/** Why a note of the Markdown (markdown-links.ts) stops the build, if it does. */
function noteProblem(note: MarkdownNote): string | undefined {
  const shown = note.raw.length > 60 ? `${note.raw.slice(0, 57)}...` : note.raw;
  if (note.kind === "skip") {
    const level = /^#+/.exec(note.raw)?.[0].length ?? 0;
    return `"${shown}" skips a heading level (the outline a screen reader lists would have a gap); make it ${"#".repeat(level - 1)} or put a ${"#".repeat(level - 1)} heading before it`;
  }
  if (note.kind === "title")
    return `"${shown}" is a main heading, and the page has one already: its title; make it a section heading: ## ${note.raw.replace(/^#\s*/, "")}`;
  if (note.kind === "unread") {
    if (/\][ \t]+\(/.test(note.raw) && !/!?\[[^\]\n]*\]\(/.test(note.raw)) return `"${shown}" would show as written: remove the space between ] and (`;
    const target = /\]\(([^)\n]*)(\)?)/.exec(note.raw);
    if (target && !target[2]) return `"${shown}" would show as written: close the link with )`;
    if (target && /\s/.test(target[1]!.trim()))
      return `"${shown}" would show as written: an address has no spaces; rename the file without them (van-photo.jpg), or write the address in angle brackets: (<${target[1]!.trim()}>)`;
    return `"${shown}" would show as written; write a link as [text](route:ID) and a photo as ![what it shows](photo.jpg)`;
  }
  const tag = /^<\s*\/?\s*([a-z][a-z0-9-]*)/i.exec(note.raw)?.[1]?.toLowerCase();
  if (tag && ["script", "iframe", "object", "embed", "frame", "frameset", "form", "base", "link", "meta", "style"].includes(tag)) {
    if (tag === "style") return `<style> in a document would restyle the whole page; remove it`;
    if (tag === "iframe" || tag === "object" || tag === "embed" || tag === "frame" || tag === "frameset")
      return `<${tag}> is blocked by the site's security policy and would show as an empty box; link to what it shows instead: [Our shop on the map](https://...)`;
    return `<${tag}> is blocked by the site's security policy (or would break the page); remove it`;
  }
  if (/\son[a-z]+\s*=/i.test(note.raw)) return `"${shown}": event attributes (onclick=...) are blocked by the site's security policy; remove them`;
  if (/(href|src|action)\s*=\s*["']?\s*(javascript|vbscript|data):/i.test(note.raw))
    return `"${shown}" links to a script, which the site's security policy blocks; remove it`;
  if (/<(img|source|video|audio)\b[^>]*\bsrc(set)?\s*=\s*["']?\s*(https?:)?\/\//i.test(note.raw))
    return `"${shown}" shows a file from another site, and the site's security policy lets browsers show only its own; save the photo beside the document and write it as ![what it shows](photo.jpg)`;
  return undefined;
}

/** The page a relative link most likely meant: `../lock-change-moving/en.md` → `blog/lock-change-moving`, `contact` → `contact`. */
function relativeTarget(href: string): string | undefined {
  const written = href.split(/[?#]/)[0]!.replace(/^(\.{1,2}\/)+/, "");
  const post = /(?:^|\/)([a-z0-9]+(?:-[a-z0-9]+)*)(?:\/[a-z]{2})?\.md$/.exec(written);
  if (post) return `blog/${post[1]}`;
  const page = written.replace(/\.html$/, "").replace(/\/$/, "");
  return /^[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*$/.test(page) ? page : undefined;
}

/** The folder of a document's path that is where a slug should be but is not one (`Winter Lockout`), if that is what is wrong. */
function badFolderName(parts: string[]): string | undefined {
  const slug = /^[a-z0-9]+(-[a-z0-9]+)*$/;
  const candidates =
    parts[0] === "blog" && parts.length === 3
      ? [parts[1]!]
      : parts[0] === "blog" && parts.length === 4 && /^\d{4}$/.test(parts[1]!)
        ? [parts[2]!]
        : parts[0] === "pages" && parts.length === 3
          ? [parts[1]!]
          : parts[0] === "services" && parts.length === 4
            ? [parts[1]!, parts[2]!]
            : [];
  return candidates.find((name) => !slug.test(name));
}

/** A folder name as an address can have it: `Winter Lockout` → `winter-lockout`; empty when nothing Latin is left. */
function slugFor(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** `{{phone` or `tel}}` (a brace short) and `{phone}` (one brace each side) would be published as written. */
function unclosedPlaceholders(text: string, onProblem: (message: string, index: number) => void): void {
  if (!text.includes("{") && !text.includes("}")) return;
  for (const match of text.matchAll(/\{\{(?![#^/]?\s*[A-Za-z]*\s*\}\})|(?<!\{\{[#^/]?\s*[A-Za-z]*\s*)\}\}/g))
    onProblem(
      match[0] === "{{"
        ? "{{ opens a placeholder that is not closed; write it whole, as {{phone}}"
        : "}} closes a placeholder that was not opened; write it whole, as {{phone}}",
      match.index,
    );
  for (const match of text.matchAll(/(?<!\{)\{\s*([A-Za-z]+)\s*\}(?!\})/g))
    if ((placeholders as readonly string[]).includes(match[1]!))
      onProblem(`{${match[1]}} has one brace on each side; a placeholder has two: {{${match[1]}}}`, match.index);
}

function unknownPlaceholder(name: string): string {
  return `unknown placeholder {{${name}}}; use one of ${placeholders.map((p) => `{{${p}}}`).join(", ")}`;
}

/**
 * Replaces `{{phone}}` and the other placeholders with the config's values for that language, and
 * keeps or drops the `{{#condition}}…{{/condition}}` parts as the config says. `{{serverLogFields}}`
 * needs the page's strings and is filled when the page is rendered.
 */
export function fill(text: string, config: SiteConfig, code: string, onProblem: (message: string, index: number) => void): string {
  const values = placeholderValues(config, code);
  const facts: Record<(typeof conditions)[number], boolean> = {
    identityChecks: config.identityChecks,
    recaptcha: Boolean(config.recaptcha.siteKey),
    analytics: Boolean(config.analytics.measurementId),
    google: Boolean(config.recaptcha.siteKey || config.analytics.measurementId),
  };
  // Problems are reported where they are written; what is kept is then filled.
  unclosedPlaceholders(text, onProblem);
  const kept = keepWhere(text, facts, onProblem);
  fillPlaceholders(text, values, onProblem);
  return fillPlaceholders(kept, values, () => {});
}

// The values are the same for every document of a language: worked out (Intl's formatters are
// slow to make) once per config and language.
const valuesMade = new WeakMap<SiteConfig, Map<string, Record<(typeof placeholders)[number], string>>>();

function placeholderValues(config: SiteConfig, code: string): Record<(typeof placeholders)[number], string> {
  const made = valuesMade.get(config) ?? new Map<string, Record<(typeof placeholders)[number], string>>();
  valuesMade.set(config, made);
  const known = made.get(code);
  if (known) return known;
  const intl = codeToLanguage(code)?.intl ?? code;
  const country = new Intl.DisplayNames([intl], { type: "region" });
  const values: Record<(typeof placeholders)[number], string> = {
    brand: brandFor(config, code),
    town: townFor(config, code),
    // No-break spaces: a number never breaks across lines.
    phone: config.phone.replace(/ /g, "\u00a0"),
    tel: phoneToTel(config.phone),
    email: config.email,
    address: formatAddress(config, code),
    legalName: config.legalName,
    opens: config.hours.opens,
    closes: config.hours.closes,
    messagesRetention: durationToWords(config.retention.messages, intl).replace(/ /g, "\u00a0"),
    analyticsRetention: durationToWords(config.analytics.retention, intl).replace(/ /g, "\u00a0"),
    host: config.processors.host.name,
    hostCountry: country.of(config.processors.host.country) ?? config.processors.host.country,
    mailProvider: config.processors.mail.name,
    mailProviderCountry: country.of(config.processors.mail.country) ?? config.processors.mail.country,
    serverLogFields: "{{serverLogFields}}",
  };
  made.set(code, values);
  return values;
}

function fillPlaceholders(text: string, values: Record<string, string>, onProblem: (message: string, index: number) => void): string {
  return text.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (whole, name: string, index: number) => {
    if (name in values) return values[name]!;
    onProblem(unknownPlaceholder(name), index);
    return whole;
  });
}

/** `{{#name}}…{{/name}}` stays where the fact is true, `{{^name}}…{{/name}}` where it is false; the markers go. */
function keepWhere(text: string, facts: Record<string, boolean>, onProblem: (message: string, index: number) => void): string {
  const known = conditions.map((name) => `{{#${name}}}`).join(", ");
  const open: { name: string; marker: string; index: number }[] = [];
  for (const match of text.matchAll(/\{\{([#^/])\s*([A-Za-z]*)\s*\}\}/g)) {
    const [marker, kind, name] = match as unknown as [string, string, string];
    if (!(name in facts)) onProblem(`unknown condition ${marker}; use one of ${known}, each closed by {{/name}}`, match.index);
    else if (kind !== "/") open.push({ name, marker, index: match.index });
    else if (open.at(-1)?.name === name) open.pop();
    else onProblem(`${marker} closes no open part; open it with {{#${name}}} or {{^${name}}}`, match.index);
  }
  for (const part of open) onProblem(`${part.marker} is never closed; end the part with {{/${part.name}}}`, part.index);
  let result = text;
  let previous: string;
  do {
    previous = result;
    result = result.replace(/\{\{([#^])(\w+)\}\}\n?([\s\S]*?)\{\{\/\2\}\}\n?/g, (whole, kind: string, name: string, inner: string) =>
      name in facts ? (facts[name] === (kind === "#") ? inner : "") : whole,
    );
  } while (result !== previous);
  return result;
}
