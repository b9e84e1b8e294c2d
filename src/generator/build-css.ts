import { readFile } from "node:fs/promises";
import path from "node:path";
import { compile, optimize } from "@tailwindcss/node";

export interface CssBuilder {
  /** The minified stylesheet holding exactly the utilities `html` uses, and those its island script may set. */
  cssFor(html: string, scriptCandidates?: string[]): Promise<string>;
}

/**
 * Tailwind, page by page: each page inlines only the rules its own markup uses, so the first
 * response carries everything needed to draw the page. Pages that use the same classes (the
 * same template in five languages) share one compiled result.
 */
export async function createCssBuilder(entry: string): Promise<CssBuilder> {
  const source = await readFile(entry, "utf8");
  const base = path.dirname(entry);
  const cache = new Map<string, Promise<string>>();
  return {
    cssFor(html, scriptCandidates = []) {
      const candidates = [...new Set([...extractCandidates(html), ...scriptCandidates])].sort();
      const key = candidates.join(" ");
      let css = cache.get(key);
      if (!css) {
        css = (async () => {
          // A compiler remembers every candidate it has seen, so each class set gets its own.
          const compiler = await compile(source, { base, onDependency: () => {} });
          return optimize(compiler.build(candidates), { minify: true }).code;
        })();
        cache.set(key, css);
      }
      return css;
    },
  };
}

/** Every class name in the markup, sorted and without repeats. */
export function extractCandidates(html: string): string[] {
  const set = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of match[1]!.split(/\s+/)) if (name) set.add(name.replace(/&amp;/g, "&").replace(/&#x27;/g, "'"));
  return [...set].sort();
}
