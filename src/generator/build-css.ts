import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import type * as LightningCss from "lightningcss";
import { digestOf } from "./cache-names.ts";
import { blocksOf, cutSheet, keepMatchable, prepareSheet, prepareUtilities, type PreparedSheet, type PreparedUtilities } from "./cut-sheet.ts";

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
 * The stylesheet of every class the templates may use, as Tailwind builds it, split and finished
 * (finishSheet, finishRules): made from the generator's sources alone, so the compiled CLI makes
 * it once with its code (compiled-assets.ts) and a build starts from it.
 */
export interface TemplatesSheet {
  /** The classes it holds: every word of the templates' strings (sourceWords), in order. */
  seed: string[];
  head: string;
  utilities: string;
}

type Tailwind = Awaited<ReturnType<typeof import("tailwindcss").compile>>;

/** Tailwind's compiler for the stylesheet at `entry`. */
async function loadTailwind(entry: string): Promise<Tailwind> {
  const source = await readFile(entry, "utf8");
  const base = path.dirname(entry);
  const { compile } = await import("tailwindcss");
  const resolve = createRequire(entry).resolve;
  const loadStylesheet = async (id: string, from: string) => {
    const file = id.startsWith(".") || path.isAbsolute(id) ? path.resolve(from, id) : resolve(id);
    return { path: file, base: path.dirname(file), content: await readFile(file, "utf8") };
  };
  return compile(source, { base, loadStylesheet });
}

/** The site's stylesheet for these classes, in two finished parts (see finishSheet). */
function buildSheet(tailwind: Tailwind, classes: Iterable<string>): { head: string; utilities: string } {
  const { head, utilities } = finishSheet(tailwind.build([...classes]));
  return { head: finishRules(head), utilities: finishRules(utilities) };
}

/** The templates' stylesheet (TemplatesSheet) of the stylesheet at `entry`, its classes the words of `sources`' modules. */
export async function compileTemplatesSheet(entry: string, sources: string[]): Promise<TemplatesSheet> {
  const seed = [...(await sourceWords(sources))];
  return { seed, ...buildSheet(await loadTailwind(entry), seed) };
}

/**
 * Tailwind in this thread, one compiler for the whole site: it builds one stylesheet for every
 * class it has been given so far (the seed, then any a page brings that the seed lacked), and
 * each page's sheet is cut out of it (cutSheet): the head without the rules for elements the page
 * lacks, the utilities of the page's own classes, the variables and keyframes those use. A
 * compile and a build per set of classes cost twice as long at 160 pages. Given the templates'
 * sheet already built, Tailwind loads only for a page with a class the templates do not have.
 */
export async function createSheetCompiler(
  entry: string,
  /** Classes to build from the start (those the templates may use), so that few pages find one missing. */
  seed: Iterable<string> = [],
  built?: TemplatesSheet,
): Promise<SheetCompiler> {
  let tailwind: Promise<Tailwind> | undefined;
  const known = new Set(built?.seed ?? seed);
  let sheet = built && { head: built.head, utilities: built.utilities };
  // The utilities read once per sheet, and the head without the rules for elements a page lacks,
  // read once per set of elements: each page's cut then only keeps and leaves out.
  let utilities: PreparedUtilities | undefined;
  const heads = new Map<string, PreparedSheet>();
  return async (candidates, elements) => {
    if (!sheet || candidates.some((candidate) => !known.has(candidate))) {
      for (const candidate of candidates) known.add(candidate);
      sheet = buildSheet(await (tailwind ??= loadTailwind(entry)), known);
      utilities = undefined;
      heads.clear();
    }
    const present = new Set(elements);
    const elementsKey = elements.join(" ");
    let head = heads.get(elementsKey);
    if (head === undefined)
      heads.set(elementsKey, (head = prepareSheet(keepMatchable(sheet.head, present), (utilities ??= prepareUtilities(sheet.utilities)))));
    const wanted = new Set(candidates.filter((candidate) => !stylesMissingElements([candidate], present)));
    return cutSheet(head, (candidate) => wanted.has(candidate));
  };
}

/**
 * Whether a candidate styles elements inside that the page does not have: `[&_h3]:mt-6` (every h3
 * inside, written for Markdown) on a page with no h3. Its utilities are then pruned as the head is.
 */
export function stylesMissingElements(candidates: string[], elements: Set<string>): boolean {
  return candidates.some((candidate) => {
    for (const match of candidate.matchAll(/(?:^|:)\[&[_>]([a-z][a-z0-9]*)\]:/g)) if (!elements.has(match[1]!)) return true;
    return false;
  });
}

/**
 * Tailwind, page by page: each page inlines only the rules its own markup uses, so the first
 * response carries everything needed to draw the page. Pages that use the same classes and
 * elements (the same template in five languages) share one result; results are kept between
 * builds (`kept`). They are made in this thread: in a thread of their own (tried twice, the second
 * time started with the build and warmed up while the site was read) they saved no time, the two
 * cores being busy with this thread, the writer's and esbuild, and cost 50-70 MB at 5,930 pages.
 */
export async function createCssBuilder(
  entry: string,
  /** Stylesheets kept between builds, by a digest of the stylesheet's source and the page's classes and elements. */
  kept: { get(key: string): Promise<Buffer | undefined>; set(key: string, css: string): Promise<void> } = { get: async () => undefined, set: async () => {} },
  /** The folders of the modules that give pages and their scripts classes: the words of their strings seed the site's sheet. */
  sources: string[] = [path.dirname(entry)],
  /** The templates' stylesheet of `entry` and `sources`, made before (by the compiled CLI): the site's sheet starts from it. */
  built?: TemplatesSheet,
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
          sheets ??= built ? createSheetCompiler(entry, [], built) : sourceWords(sources).then((seed) => createSheetCompiler(entry, seed));
          const css = await (await sheets)(candidates, elements);
          await kept.set(keptKey, css);
          return css;
        })();
        pruned.set(pageKey, result);
      }
      return result;
    },
  };
}

/**
 * Every word of every string in a module: the classes it may give an element, written whole
 * (`"px-4 md:flex"`, or in a template literal's parts). Tailwind keeps only what is a utility, so
 * any word may be offered.
 */
export function stringWords(source: string): Set<string> {
  const words = new Set<string>();
  for (const match of source.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`([^`]*)`/g))
    for (const word of (match[1] ?? match[2] ?? match[3] ?? "").split(/[\s${}"'`]+/)) if (word) words.add(word);
  return words;
}

/** The words of the strings in the modules of these folders and below. */
async function sourceWords(folders: string[]): Promise<Set<string>> {
  const files = (await Promise.all(folders.map(async (folder) => (await readdir(folder, { recursive: true })).map((file) => path.join(folder, file))))).flat();
  const words = new Set<string>();
  for (const source of await Promise.all(files.filter((file) => /\.tsx?$/.test(file)).map((file) => readFile(file, "utf8"))))
    for (const word of stringWords(source)) words.add(word);
  return words;
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

// Loaded on first use: a build whose stylesheets are all kept never needs it.
let loaded: typeof LightningCss | undefined;
const lightningCss = () => (loaded ??= createRequire(import.meta.url)("lightningcss") as typeof LightningCss);

/**
 * Lightning CSS as Tailwind's own Node API runs it on Tailwind's output (`optimize` of
 * @tailwindcss/node, which the build does not load: it and all it imports cost a tenth of a second
 * of a cold build): nesting and media ranges lowered for the browsers Tailwind 4 supports (Safari
 * 16.4, Firefox 128, Chrome 111), minified. Tailwind runs it twice, the second pass merging what
 * lowering the nesting split; a test compares the result with Tailwind's. With a visitor, the
 * tests read the selectors as Lightning CSS does, to compare with the cut of each page's sheet.
 */
export function finish(css: string, visitor?: LightningCss.Visitor<LightningCss.CustomAtRules>): string {
  const { transform, Features } = lightningCss();
  const { code } = transform({
    filename: "page.css",
    code: Buffer.from(css),
    minify: true,
    drafts: { customMedia: true },
    nonStandard: { deepSelectorCombinator: true },
    include: Features.Nesting | Features.MediaQueries,
    exclude: Features.LogicalProperties | Features.DirSelector | Features.LightDark,
    targets: { safari: (16 << 16) | (4 << 8), ios_saf: (16 << 16) | (4 << 8), firefox: 128 << 16, chrome: 111 << 16 },
    errorRecovery: true,
    ...(visitor ? { visitor } : {}),
  });
  // As Tailwind spells it for those Safaris.
  return code.toString().replaceAll("@media not (", "@media not all and (");
}

/**
 * A stylesheet as Tailwind built it, after the first pass, in two parts: its head (properties,
 * theme and base layers: the rules that select elements) and its utilities (they select by class,
 * but for a few such as `[&_h3]:mt-6`). Each part then has its second pass (finishRules), and is
 * cut for each page (cutSheet, keepMatchable).
 */
export function finishSheet(built: string): { head: string; utilities: string } {
  const css = finish(built);
  const split = utilitiesStart(css);
  return split === -1 ? { head: css, utilities: "" } : { head: css.slice(0, split), utilities: css.slice(split) };
}

/** The second pass over part of a stylesheet. */
export const finishRules = (css: string): string => (css ? finish(css) : "");

/**
 * Where the utilities begin in a minified Tailwind stylesheet: the index of its top-level
 * `@layer utilities{`, or -1.
 */
export function utilitiesStart(css: string): number {
  return blocksOf(css).find((block) => css.slice(block.start, block.open) === "@layer utilities")?.start ?? -1;
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
