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
 * has seen, so each set gets its own), then the rules for elements the page lacks left out.
 */
export async function createSheetCompiler(entry: string): Promise<SheetCompiler> {
  const source = await readFile(entry, "utf8");
  const base = path.dirname(entry);
  const { compile, optimize } = await import("@tailwindcss/node");
  const compiled = new Map<string, Promise<string>>();
  return async (candidates, elements) => {
    const key = candidates.join(" ");
    if (!compiled.has(key))
      compiled.set(
        key,
        compile(source, { base, onDependency: () => {} }).then((compiler) => optimize(compiler.build(candidates), { minify: true }).code),
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
  const pruned = new Map<string, Promise<string>>();
  return {
    cssFor(html, script) {
      const candidates = [...new Set([...extractCandidates(html), ...(script?.candidates ?? [])])].sort();
      const elements = [...new Set([...extractElements(html), ...(script?.elements ?? [])])].sort();
      const prunedKey = digestOf(source, candidates.join(" "), elements.join(" "));
      let result = pruned.get(prunedKey);
      if (!result) {
        result = (async () => {
          const known = await kept.get(prunedKey);
          if (known) return known.toString();
          const css = await (await (sheets ??= createSheetCompiler(entry)))(candidates, elements);
          await kept.set(prunedKey, css);
          return css;
        })();
        pruned.set(prunedKey, result);
      }
      return result;
    },
  };
}

/** The elements in the markup: `<p …>` gives `p`. */
export function extractElements(html: string): Set<string> {
  return new Set([...html.matchAll(/<([a-z][a-z0-9]*)[\s>/]/g)].map((match) => match[1]!));
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

/** Every class name in the markup, sorted and without repeats. */
export function extractCandidates(html: string): string[] {
  const set = new Set<string>();
  // Split on the attribute rather than a regular expression over the page: twice as fast, and run on every page.
  const parts = html.split(' class="');
  for (let index = 1; index < parts.length; index++) {
    const part = parts[index]!;
    const value = part.slice(0, part.indexOf('"'));
    for (const name of /[\t\n\r\f]/.test(value) ? value.split(/\s+/) : value.split(" ")) if (name) set.add(name);
  }
  return [...set].map((name) => (name.includes("&") ? name.replace(/&amp;/g, "&").replace(/&#x27;/g, "'") : name)).sort();
}
