import { readFile } from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import type { transform as Transform } from "lightningcss";
import { digestOf } from "./cache-names.ts";

export interface CssBuilder {
  /**
   * The minified stylesheet holding exactly the utilities `html` uses and those its island script
   * may set, without the base rules for elements neither has.
   */
  cssFor(html: string, script?: { candidates: string[]; elements: string[] }): Promise<string>;
}

/** Makes the stylesheet of a set of classes and a set of elements. */
export type SheetCompiler = (candidates: string[], elements: string[]) => Promise<string>;

/**
 * Tailwind in this thread: a compiler per set of classes (a compiler remembers every candidate it
 * has seen, so each set gets its own), then the rules for elements the page lacks left out. The
 * stylesheets it imports (Tailwind's theme, preflight and utilities) are found and read once, not
 * at each compile: a compile costs a third as much.
 */
export async function createSheetCompiler(entry: string): Promise<SheetCompiler> {
  const source = await readFile(entry, "utf8");
  const base = path.dirname(entry);
  const [{ compile }, { optimize }] = await Promise.all([import("tailwindcss"), import("@tailwindcss/node")]);
  const resolve = createRequire(entry).resolve;
  const stylesheets = new Map<string, Promise<{ path: string; base: string; content: string }>>();
  const loadStylesheet = (id: string, from: string) => {
    const file = id.startsWith(".") || path.isAbsolute(id) ? path.resolve(from, id) : resolve(id);
    if (!stylesheets.has(file))
      stylesheets.set(
        file,
        readFile(file, "utf8").then((content) => ({ path: file, base: path.dirname(file), content })),
      );
    return stylesheets.get(file)!;
  };
  const compiled = new Map<string, Promise<string>>();
  return async (candidates, elements) => {
    const key = candidates.join(" ");
    if (!compiled.has(key))
      compiled.set(
        key,
        compile(source, { base, loadStylesheet }).then((compiler) => optimize(compiler.build(candidates), { minify: true }).code),
      );
    return pruneRules(await compiled.get(key)!, new Set(elements));
  };
}

/**
 * Tailwind, page by page: each page inlines only the rules its own markup uses, so the first
 * response carries everything needed to draw the page. Pages that use the same classes and
 * elements (the same template in five languages) share one result; results are kept between
 * builds (`kept`). (Made in a thread of their own, they cost memory and saved no time: measured.)
 */
export async function createCssBuilder(
  entry: string,
  /** Stylesheets kept between builds, by a digest of the stylesheet's source and the page's classes and elements. */
  kept: { get(key: string): Promise<Buffer | undefined>; set(key: string, css: string): Promise<void> } = { get: async () => undefined, set: async () => {} },
): Promise<CssBuilder> {
  const source = await readFile(entry, "utf8");
  // Tailwind and Lightning CSS load only when a stylesheet is not kept yet.
  let sheets: Promise<SheetCompiler> | undefined;
  // By the page's classes and elements as they are: pages of one template ask for the same sheet,
  // and are answered without hashing anything.
  const pruned = new Map<string, Promise<string>>();
  // The classes and elements of a page, by its class attributes and elements as they come (the
  // pages of one template give the same): found without splitting, merging and sorting them again
  // on every page, a tenth of a large build's thread. Bounded: a site's pages repeat a few hundred.
  const bySignature = new Map<string, { candidates: string[]; elements: string[]; pageKey: string }>();
  return {
    cssFor(html, script) {
      const found = extractElements(html);
      const signature = `${[...classValues(html)].join("\u0001")}\u0000${[...found].join(" ")}\u0000${script ? `${script.candidates.join(" ")}\u0000${script.elements.join(" ")}` : ""}`;
      let page = bySignature.get(signature);
      if (!page) {
        const candidates = [...new Set([...extractCandidates(html), ...(script?.candidates ?? [])])].sort();
        const elements = [...new Set([...found, ...(script?.elements ?? [])])].sort();
        page = { candidates, elements, pageKey: `${candidates.join(" ")}\n${elements.join(" ")}` };
        if (bySignature.size < 2_000) bySignature.set(signature, page);
      }
      const { candidates, elements, pageKey } = page;
      let result = pruned.get(pageKey);
      if (!result) {
        const keptKey = digestOf(source, pageKey);
        result = (async () => {
          const known = await kept.get(keptKey);
          if (known) return known.toString();
          const css = await (await (sheets ??= createSheetCompiler(entry)))(candidates, elements);
          await kept.set(keptKey, css);
          return css;
        })();
        pruned.set(pageKey, result);
      }
      return result;
    },
  };
}

/** The elements in the markup: `<p …>` gives `p`. */
export function extractElements(html: string): Set<string> {
  // A scan for "<" rather than a regular expression over the page: several times faster, and run on every page.
  const found = new Set<string>();
  for (let start = html.indexOf("<"); start !== -1; start = html.indexOf("<", start + 1)) {
    let end = start + 1;
    const first = html.charCodeAt(end);
    if (first < 97 || first > 122) continue;
    for (let code = first; (code >= 97 && code <= 122) || (code >= 48 && code <= 57); code = html.charCodeAt(++end));
    const next = html[end];
    if (next === ">" || next === "/" || next === " " || next === "\n" || next === "\t" || next === "\r" || next === "\f") found.add(html.slice(start + 1, end));
  }
  return found;
}

// Pseudo-elements of form controls: they can match only where the page has a field.
const fieldPseudo = /date|calendar|search|file-selector|placeholder|spin-button/;

/**
 * Leaves out the style rules none of whose selectors can match on the page: each names an
 * element it does not have (Tailwind's base styles reset `sub`, `table`, `progress`, date
 * fields and more, which most pages never use). Utilities select by class and always stay.
 */
// Loaded on first use: a build whose stylesheets are all kept never needs it.
let transform: typeof Transform | undefined;

export function pruneRules(css: string, elements: Set<string>): string {
  transform ??= (createRequire(import.meta.url)("lightningcss") as { transform: typeof Transform }).transform;
  const hasField = elements.has("input") || elements.has("textarea");
  const { code } = transform({
    filename: "page.css",
    code: Buffer.from(css),
    minify: true,
    visitor: {
      Rule: {
        style(rule) {
          const matchable = rule.value.selectors.some((selector) =>
            selector.every((part) =>
              part.type === "type" ? elements.has(part.name) : part.type === "pseudo-element" && fieldPseudo.test(JSON.stringify(part)) ? hasField : true,
            ),
          );
          return matchable ? undefined : [];
        },
      },
    },
  });
  return code.toString();
}

// The class names of each class attribute's value: a site's pages repeat the same few hundred values.
const namesOfValue = new Map<string, string[]>();

function classNames(value: string): string[] {
  let names = namesOfValue.get(value);
  if (!names) {
    names = (/[\t\n\r\f]/.test(value) ? value.split(/\s+/) : value.split(" "))
      .filter(Boolean)
      .map((name) => (name.includes("&") ? name.replace(/&amp;/g, "&").replace(/&#x27;/g, "'") : name));
    // Values written in documents may be many and used once: the cache stays bounded.
    if (namesOfValue.size < 20_000) namesOfValue.set(value, names);
  }
  return names;
}

/** The values of the markup's class attributes, each once, in the order they first come. */
function classValues(html: string): Set<string> {
  const values = new Set<string>();
  const attribute = ' class="';
  for (let start = html.indexOf(attribute); start !== -1; start = html.indexOf(attribute, start)) {
    start += attribute.length;
    const end = html.indexOf('"', start);
    if (end === -1) break;
    values.add(html.slice(start, end));
    start = end;
  }
  return values;
}

/** Every class name in the markup, sorted and without repeats. */
export function extractCandidates(html: string): string[] {
  const set = new Set<string>();
  for (const value of classValues(html)) for (const name of classNames(value)) set.add(name);
  return [...set].sort();
}
