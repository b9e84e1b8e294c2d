import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, test } from "vitest";
import { createSheetCompiler, finish, finishRules, finishSheet, stringWords } from "../../src/generator/build-css.ts";
import { keepMatchable, selectorClass } from "../../src/generator/cut-sheet.ts";
import { repoRoot } from "../support/servers.ts";

const entry = path.join(repoRoot, "src/templates/styles.css");

// Classes of the kinds the templates use: variants, arbitrary values, escapes, shadows and rings
// (which register many properties), transitions, an animation, utilities styling elements inside.
const pages = [
  ["px-4", "md:flex", "hover:underline", "js:hidden", "sr-only", "text-sm", "font-bold", "leading-tight"],
  ["shadow-sm", "ring-2", "ring-amber-400", "bg-white/20", "-translate-x-1/2", "lg:-my-3", "2xl:px-4"],
  ["transition", "space-y-4", "divide-y", "divide-slate-200", "[&_h3]:mt-6", "[&_p]:my-4", "group-aria-expanded:block"],
  ["transition", "duration-200", "animate-spin", "focus-visible:outline-2", "[&::-webkit-details-marker]:hidden", "top-[6.75rem]"],
  [],
];
const elements = ["a", "button", "h3", "li", "p", "ul"];

/** Tailwind's sheet for exactly these classes, after the first pass, in its two parts. */
async function builtSheet(candidates: string[]) {
  const { compile } = await import("tailwindcss");
  const resolve = createRequire(entry).resolve;
  const loadStylesheet = async (id: string) => {
    const file = resolve(id);
    return { path: file, base: path.dirname(file), content: await readFile(file, "utf8") };
  };
  return finishSheet((await compile(await readFile(entry, "utf8"), { base: path.dirname(entry), loadStylesheet })).build(candidates));
}

/** The page's sheet as a compiler of its own makes it: Tailwind's sheet for exactly these classes. */
async function ownSheet(candidates: string[]) {
  const { head, utilities } = await builtSheet(candidates);
  return keepMatchable(finishRules(head), new Set(elements)) + finishRules(utilities);
}

/**
 * Lightning CSS's own reading of the selectors, to compare with: a rule stays where one of its
 * selectors names, at its own level, only elements the page has (a form control's pseudo-element
 * only with a field). The build's second pass, with a visitor.
 */
function keepMatchableByLightningCss(css: string, present: Set<string>): string {
  const hasField = present.has("input") || present.has("textarea");
  return finish(css, {
    Rule: {
      style(rule) {
        const matchable = rule.value.selectors.some((selector) =>
          selector.every((part) =>
            part.type === "type"
              ? present.has(part.name)
              : part.type === "pseudo-element" && /date|calendar|search|file-selector|placeholder|spin-button/.test(JSON.stringify(part))
                ? hasField
                : true,
          ),
        );
        return matchable ? undefined : [];
      },
    },
  });
}

test("a page's base rules are those whose selectors may match its elements, as Lightning CSS reads the selectors", async () => {
  const { head } = await builtSheet(["px-4"]);
  const sets = [
    ["p"],
    ["input"],
    ["a", "button", "h3", "li", "p", "ul"],
    ["textarea", "table", "sub", "abbr", "progress", "summary", "select", "optgroup", "option", "code", "kbd"],
    ["html", "body", "img", "svg", "picture", "source", "details", "summary", "form", "label", "input", "hr", "small", "b", "strong"],
  ];
  for (const present of sets) expect(keepMatchable(finishRules(head), new Set(present))).toBe(keepMatchableByLightningCss(head, new Set(present)));
});

const customProperties = (css: string) => new Set([...css.matchAll(/(--[\w-]+):/g)].map((match) => match[1]));
// The sheet without its custom properties: every rule, at-rule and declaration else, in order.
const withoutCustomProperties = (css: string) =>
  css
    .replace(/@property --[\w-]+\{[^}]*\}/g, "")
    .replace(/--[\w-]+:(?:[^;}"]|"[^"]*")*;?/g, "")
    .replace(/@layer properties\{@supports [^{]*\{[^{]*\{\}\}\}/g, "")
    .replace(/;}/g, "}");

test("a page's sheet cut from the site's has every rule of Tailwind's own sheet for the page, less the variables nothing on it uses", async () => {
  const site = await createSheetCompiler(entry, pages.flat());
  for (const candidates of pages) {
    const cut = await site(candidates, elements);
    const own = await ownSheet(candidates);
    expect(withoutCustomProperties(cut)).toBe(withoutCustomProperties(own));
    const kept = customProperties(cut);
    for (const name of kept) expect(customProperties(own)).toContain(name);
  }
  // A shadow uses the rings' shadows without a fallback: they stay registered, with their defaults.
  const shadow = await site(pages[1]!, elements);
  expect(shadow).toContain("@property --tw-ring-shadow{");
  expect(shadow).toMatch(/\*,:before,:after,::backdrop\{[^}]*--tw-ring-shadow:0 0 #0000/);
  // `transition` falls back to the default duration: --tw-duration is registered only where a
  // `duration-*` sets it; the spinner keeps its keyframes, a page without it does not.
  const transition = await site(pages[2]!, elements);
  const timed = await site(pages[3]!, elements);
  expect(transition).not.toContain("--tw-duration:");
  expect(timed).toContain("@property --tw-duration{");
  expect(timed).toContain("@keyframes spin{");
  expect(transition).not.toContain("@keyframes");
  // Theme variables the page does not use are left out; those of its classes stay.
  expect(shadow).toContain("--color-amber-400:");
  expect(transition).not.toContain("--color-amber-400:");
  // A page without classes still names the utilities' layer, once.
  const plain = await site([], elements);
  expect(plain.endsWith("@layer utilities;")).toBe(true);
  expect(plain.match(/@layer utilities/g)).toHaveLength(1);
});

test("a page's sheet does not depend on what else the site's sheet holds", async () => {
  const templates = new Set<string>(pages.flat());
  for (const word of stringWords(await readFile(path.join(repoRoot, "src/templates/Header.tsx"), "utf8"))) templates.add(word);
  const seeded = await createSheetCompiler(entry, templates);
  const grown = await createSheetCompiler(entry);
  for (const candidates of [...pages].reverse()) await grown(candidates, ["p"]);
  for (const candidates of pages) {
    const alone = await (await createSheetCompiler(entry))(candidates, elements);
    expect(await seeded(candidates, elements)).toBe(alone);
    expect(await grown(candidates, elements)).toBe(alone);
  }
});

test("a rule's class is read from its selector, escapes and variants' own classes and all", () => {
  expect(selectorClass(".md\\:flex")).toBe("md:flex");
  expect(selectorClass(".hover\\:underline:hover")).toBe("hover:underline");
  expect(selectorClass(".\\32 xl\\:px-4")).toBe("2xl:px-4");
  expect(selectorClass(".-translate-x-1\\/2")).toBe("-translate-x-1/2");
  expect(selectorClass(":where(.space-y-4>:not(:last-child))")).toBe("space-y-4");
  expect(selectorClass(".\\[\\&_h3\\]\\:mt-6 h3")).toBe("[&_h3]:mt-6");
  expect(selectorClass('[data-x=".no"] .yes')).toBe("yes");
  expect(selectorClass(":is(:where(.group)[aria-expanded=true] .group-aria-expanded\\:block)")).toBe("group-aria-expanded:block");
  expect(selectorClass(".js\\:hidden:where(.js,.js *)")).toBe("js:hidden");
  expect(selectorClass("html")).toBeUndefined();
});

test("the words of a module's strings are offered as classes, template literals' parts included", () => {
  const words = stringWords('const a = `flex ${on ? "bg-sky-50 font-semibold" : \'hover:bg-slate-100\'}`; const b = "px-4 md:flex";');
  for (const word of ["flex", "bg-sky-50", "font-semibold", "hover:bg-slate-100", "px-4", "md:flex"]) expect(words).toContain(word);
  expect([...words].some((word) => /["'`]/.test(word))).toBe(false);
});
