import { readFile } from "node:fs/promises";
import path from "node:path";
import { compile, optimize } from "@tailwindcss/node";
import { transform } from "lightningcss";

export interface CssBuilder {
  /**
   * The minified stylesheet holding exactly the utilities `html` uses and those its island script
   * may set, without the base rules for elements neither has.
   */
  cssFor(html: string, script?: { candidates: string[]; elements: string[] }): Promise<string>;
}

/**
 * Tailwind, page by page: each page inlines only the rules its own markup uses, so the first
 * response carries everything needed to draw the page. Pages that use the same classes (the
 * same template in five languages) share one compiled result.
 */
export async function createCssBuilder(entry: string): Promise<CssBuilder> {
  const source = await readFile(entry, "utf8");
  const base = path.dirname(entry);
  const compiled = new Map<string, Promise<string>>();
  const pruned = new Map<string, Promise<string>>();
  return {
    cssFor(html, script) {
      const candidates = [...new Set([...extractCandidates(html), ...(script?.candidates ?? [])])].sort();
      const elements = new Set([...extractElements(html), ...(script?.elements ?? [])]);
      const key = candidates.join(" ");
      let css = compiled.get(key);
      if (!css) {
        css = (async () => {
          // A compiler remembers every candidate it has seen, so each class set gets its own.
          const compiler = await compile(source, { base, onDependency: () => {} });
          return optimize(compiler.build(candidates), { minify: true }).code;
        })();
        compiled.set(key, css);
      }
      const prunedKey = `${key}|${[...elements].sort().join(" ")}`;
      let result = pruned.get(prunedKey);
      if (!result) {
        result = css.then((code) => pruneRules(code, elements));
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
export function pruneRules(css: string, elements: Set<string>): string {
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
  for (const match of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of match[1]!.split(/\s+/)) if (name) set.add(name.replace(/&amp;/g, "&").replace(/&#x27;/g, "'"));
  return [...set].sort();
}
