/**
 * Cutting one page's stylesheet out of a stylesheet made for many pages: Tailwind compiles the
 * classes of the whole site once, and each page keeps the utilities of its own classes, the
 * custom properties those use and the keyframes they name. It reads the minified CSS Lightning
 * CSS writes (no nesting, no comments but the licence), in one pass per part, without parsing
 * what it keeps.
 */

/** A rule or an at-rule: `css.slice(start, open)` is its prelude, `css.slice(open + 1, end - 1)` its block. */
export interface Block {
  start: number;
  open: number;
  end: number;
}

/** The index after the string or comment that starts at `index`, or `index` when none does. */
function skipQuoted(css: string, index: number): number {
  const char = css[index];
  if (char === '"' || char === "'") {
    for (index++; index < css.length && css[index] !== char; index++) if (css[index] === "\\") index++;
    return index + 1;
  }
  if (char === "/" && css[index + 1] === "*") {
    const end = css.indexOf("*/", index + 2);
    return end === -1 ? css.length : end + 2;
  }
  return index;
}

/** The rules and at-rules from `from` to `to`, in order; a comment between them is left out. */
export function blocksOf(css: string, from = 0, to = css.length): Block[] {
  const found: Block[] = [];
  let start = -1;
  let open = -1;
  let depth = 0;
  for (let index = from; index < to;) {
    const after = skipQuoted(css, index);
    if (after !== index) {
      index = after;
      continue;
    }
    const char = css[index]!;
    if (depth === 0 && start === -1) {
      if (char === " " || char === "\n" || char === "\t" || char === "\r" || char === "\f") {
        index++;
        continue;
      }
      start = index;
    }
    if (char === "{") {
      if (depth++ === 0) open = index;
    } else if (char === "}") {
      if (--depth === 0) {
        found.push({ start, open, end: index + 1 });
        start = -1;
      }
    } else if (char === ";" && depth === 0) start = -1;
    index++;
  }
  return found;
}

/** The parts of `text` between top-level `separator`s (not inside brackets or strings). */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let last = 0;
  for (let index = 0; index < text.length;) {
    const after = skipQuoted(text, index);
    if (after !== index) {
      index = after;
      continue;
    }
    const char = text[index];
    if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(last, index));
      last = index + 1;
    }
    index++;
  }
  parts.push(text.slice(last));
  return parts;
}

const identifier = /[A-Za-z0-9_\-\u0080-\uffff]/;

/**
 * The class a selector styles, unescaped: `.md\\:flex:hover` gives `md:flex`. A variant may name
 * a class of its own (`:is(:where(.group)[aria-expanded=true] .group-aria-expanded\\:block)`):
 * the class the rule is for holds the variant in its name, and is the longest.
 */
export function selectorClass(selector: string): string | undefined {
  let found: string | undefined;
  for (let index = 0; index < selector.length; index++) {
    const char = selector[index];
    if (char === "[") {
      // An attribute selector: its value is no class.
      while (index < selector.length && selector[index] !== "]") {
        const after = skipQuoted(selector, index);
        index = after === index ? index + 1 : after;
      }
      continue;
    }
    if (char !== ".") continue;
    let name = "";
    for (index++; index < selector.length;) {
      const next = selector[index]!;
      if (next === "\\") {
        const hex = /^[0-9a-fA-F]{1,6} ?/.exec(selector.slice(index + 1, index + 8));
        if (hex) {
          name += String.fromCodePoint(Number.parseInt(hex[0].trim(), 16));
          index += 1 + hex[0].length;
        } else {
          name += selector[index + 1] ?? "";
          index += 2;
        }
      } else if (identifier.test(next)) {
        name += next;
        index++;
      } else break;
    }
    index--;
    if (found === undefined || name.length > found.length) found = name;
  }
  return found;
}

/**
 * A rule of a sheet's utilities with each selector's class found, or an at-rule around such
 * rules: read once per sheet, then kept or left out for each page (see prepareUtilities).
 */
type Part = { selectors: { text: string; name: string | undefined }[]; block: string } | { prelude: string; parts: Part[] };

function partsOf(css: string, from: number, to: number): Part[] {
  return blocksOf(css, from, to).map(({ start, open, end }) => {
    const prelude = css.slice(start, open);
    if (prelude.startsWith("@")) return { prelude, parts: partsOf(css, open + 1, end - 1) };
    return { selectors: splitTopLevel(prelude, ",").map((text) => ({ text, name: selectorClass(text) })), block: css.slice(open, end) };
  });
}

/** Rules whose selectors name none of `classes` left out, and selectors naming none left out of the rest. */
function keepRules(parts: Part[], keep: (candidate: string) => boolean): string {
  let kept = "";
  for (const part of parts) {
    if ("parts" in part) {
      const inner = keepRules(part.parts, keep);
      if (inner) kept += `${part.prelude}{${inner}}`;
      continue;
    }
    let selectors = "";
    for (const { text, name } of part.selectors) if (name !== undefined && keep(name)) selectors += selectors ? `,${text}` : text;
    if (selectors) kept += selectors + part.block;
  }
  return kept;
}

// `var(--name` with or without a fallback, `var(--name)` without, and `--name:` setting it.
const variableUse = /var\((--[A-Za-z0-9_-]+)/g;
const variableUseAlone = /var\((--[A-Za-z0-9_-]+)\)/g;
const variableSet = /(?:^|[{;])(--[A-Za-z0-9_-]+):/g;

function addUses(text: string, into: Set<string>, pattern: RegExp) {
  for (const match of text.matchAll(pattern)) into.add(match[1]!);
}

/** The utilities part of a shared sheet (see finishSheet), read once: its rules, `@property` rules, keyframes and the rest. */
export interface PreparedUtilities {
  rules: Part[];
  /** The top-level blocks but the utilities layer, in order. */
  tail: { kind: "property" | "keyframes" | "other"; name: string; text: string; body: string }[];
}

export function prepareUtilities(utilities: string): PreparedUtilities {
  let rules: Part[] = [];
  const tail: PreparedUtilities["tail"] = [];
  for (const block of blocksOf(utilities)) {
    const prelude = utilities.slice(block.start, block.open);
    const text = utilities.slice(block.start, block.end);
    const body = utilities.slice(block.open + 1, block.end - 1);
    if (prelude === "@layer utilities") rules = partsOf(utilities, block.open + 1, block.end - 1);
    else if (prelude.startsWith("@property ")) tail.push({ kind: "property", name: prelude.slice("@property ".length).trim(), text, body });
    else if (prelude.startsWith("@keyframes ")) tail.push({ kind: "keyframes", name: prelude.slice("@keyframes ".length).trim(), text, body });
    else tail.push({ kind: "other", name: "", text, body });
  }
  return { rules, tail };
}

/** A head (see finishSheet, keepMatchable) read once with the utilities it is cut with: what every page's cut of it needs. */
export interface PreparedSheet {
  head: string;
  utilities: PreparedUtilities;
  /** The theme's and the properties' layers, each with its one rule and that rule's declarations. */
  variableBlocks: { block: Block; rule: Block; declarations: string[]; properties: boolean }[];
  /** Custom properties' values by name (the theme's, the properties' defaults, `@property` rules). */
  values: Map<string, string>;
  /** The variables the head's own rules (the base layer) use. */
  headUses: Set<string>;
}

export function prepareSheet(head: string, utilities: PreparedUtilities): PreparedSheet {
  const headBlocks = blocksOf(head);
  const values = new Map<string, string>();
  // The rule inside the theme's and the properties' layers (`@layer theme{:root,:host{…}}`), when it is alone.
  const innermostRule = (block: Block) => {
    let rule: Block | undefined = block;
    while (rule && head[rule.start] === "@") {
      const inside = blocksOf(head, rule.open + 1, rule.end - 1);
      rule = inside.length === 1 ? inside[0] : undefined;
    }
    return rule;
  };
  const variableBlocks: PreparedSheet["variableBlocks"] = [];
  const headUses = new Set<string>();
  for (const block of headBlocks) {
    const layer = /^@layer ([\w-]+)$/.exec(head.slice(block.start, block.open))?.[1];
    const rule = layer === "theme" || layer === "properties" ? innermostRule(block) : undefined;
    if (!rule) {
      addUses(head.slice(block.start, block.end), headUses, variableUse);
      continue;
    }
    const declarations = splitTopLevel(head.slice(rule.open + 1, rule.end - 1), ";");
    variableBlocks.push({ block, rule, declarations, properties: layer === "properties" });
    for (const declaration of declarations) {
      const colon = declaration.indexOf(":");
      values.set(declaration.slice(0, colon), `${values.get(declaration.slice(0, colon)) ?? ""} ${declaration.slice(colon + 1)}`);
    }
  }
  for (const { kind, name, body } of utilities.tail) if (kind === "property") values.set(name, `${values.get(name) ?? ""} ${body}`);
  return { head, utilities, variableBlocks, values, headUses };
}

/**
 * A page's stylesheet out of one made for many: `sheet` read by prepareSheet from a head and
 * utilities as finishSheet splits a finished sheet (the head already without the rules for
 * elements the page lacks), `has` telling which classes the page uses. The utilities keep the
 * rules of those classes; the head's theme variables, the properties' defaults, `@property` rules
 * and keyframes keep what the kept rules use, directly or through one another.
 */
export function cutSheet(sheet: PreparedSheet, has: (candidate: string) => boolean): string {
  const { head, values } = sheet;
  const keptUtilities = keepRules(sheet.utilities.rules, has);
  // Theme variables: those the kept rules and the head's own (the base layer) use, fallbacks
  // included, and those these use in turn.
  const themed = new Set<string>();
  addUses(keptUtilities, themed, variableUse);
  for (const name of sheet.headUses) themed.add(name);
  for (const name of themed) addUses(values.get(name) ?? "", themed, variableUse);
  // Registered properties (the properties' defaults, `@property`): those the kept rules set, and
  // those they use without a fallback. One used only with a fallback is registered by whichever
  // utility sets it, and kept with it: the page's sheet does not depend on what else the shared
  // sheet holds.
  const registered = new Set<string>();
  for (const match of keptUtilities.matchAll(variableSet)) registered.add(match[1]!);
  addUses(keptUtilities, registered, variableUseAlone);
  for (const name of registered) addUses(values.get(name) ?? "", registered, variableUseAlone);
  const used = new Set([...themed, ...registered]);

  // Properties in the order the kept utilities first name them, as Tailwind orders them in a sheet
  // of its own for the page: the same whatever else the shared sheet holds.
  const firstNamed = (name: string) => {
    for (let index = keptUtilities.indexOf(name); index !== -1; index = keptUtilities.indexOf(name, index + 1))
      if (!/[\w-]/.test(keptUtilities[index + name.length] ?? "")) return index;
    return Number.MAX_SAFE_INTEGER;
  };
  const byFirstUse = <T>(items: T[], name: (item: T) => string) =>
    items
      .map((item) => ({ item, at: firstNamed(name(item)) }))
      .sort((a, b) => a.at - b.at || (name(a.item) < name(b.item) ? -1 : 1))
      .map(({ item }) => item);
  const propertyName = (declaration: string) => declaration.slice(0, declaration.indexOf(":"));

  let cut = "";
  let from = 0;
  for (const { block, rule, declarations, properties } of sheet.variableBlocks) {
    const kept = declarations.filter((declaration) => (properties ? registered : themed).has(propertyName(declaration)));
    if (properties) kept.splice(0, kept.length, ...byFirstUse(kept, propertyName));
    cut += head.slice(from, kept.length > 0 ? rule.open + 1 : block.start);
    if (kept.length > 0) cut += kept.join(";") + head.slice(rule.end - 1, block.end);
    from = block.end;
  }
  cut += head.slice(from);
  // Without utilities, the layer is still named, as Tailwind's own sheet names it (at the end of
  // the head when the sheet had none either).
  if (keptUtilities) cut += `@layer utilities{${keptUtilities}}`;
  else if (!cut.endsWith("@layer utilities;")) cut += "@layer utilities;";
  const named = `${keptUtilities} ${[...used].map((name) => values.get(name) ?? "").join(" ")}`;
  const properties: { name: string; text: string }[] = [];
  const keyframes: { name: string; text: string }[] = [];
  for (const { kind, name, text } of sheet.utilities.tail) {
    if (kind === "property") {
      if (registered.has(name)) properties.push({ name, text });
    } else if (kind === "keyframes") {
      if (new RegExp(`(^|[^\\w-])${name.replace(/[^\w-]/g, "\\$&")}($|[^\\w-])`).test(named)) keyframes.push({ name, text });
    } else cut += text;
  }
  for (const { text } of [...byFirstUse(properties, ({ name }) => name), ...byFirstUse(keyframes, ({ name }) => name)]) cut += text;
  return cut;
}

// Pseudo-elements of form controls: they can match only where the page has a field.
const fieldPseudo = /date|calendar|search|file-selector|placeholder|spin-button/;

/** The index after the name that starts at `index` (escapes included). */
function nameEnd(selector: string, index: number): number {
  while (index < selector.length) {
    if (selector[index] === "\\") index += 2;
    else if (identifier.test(selector[index]!)) index++;
    else break;
  }
  return index;
}

/**
 * Whether a selector may match on a page with these elements: every element it names at its own
 * level is on the page (what `:where(…)` and the like hold is not looked into), and a form
 * control's pseudo-element only where the page has a field.
 */
function mayMatch(selector: string, elements: Set<string>, hasField: boolean): boolean {
  for (let index = 0; index < selector.length;) {
    const char = selector[index]!;
    if (char === "(" || char === "[") {
      const close = char === "(" ? ")" : "]";
      let depth = 0;
      do {
        const after = skipQuoted(selector, index);
        if (after !== index) {
          index = after;
          continue;
        }
        if (selector[index] === char) depth++;
        else if (selector[index] === close) depth--;
        index++;
      } while (depth > 0 && index < selector.length);
    } else if (char === "." || char === "#") index = nameEnd(selector, index + 1);
    else if (char === ":") {
      const element = selector[index + 1] === ":";
      const start = index + (element ? 2 : 1);
      index = nameEnd(selector, start);
      if (element && !hasField && fieldPseudo.test(selector.slice(start, index))) return false;
    } else if (identifier.test(char) && char !== "-" && !(char >= "0" && char <= "9")) {
      const end = nameEnd(selector, index);
      if (!elements.has(selector.slice(index, end))) return false;
      index = end;
    } else index++;
  }
  return true;
}

/**
 * Minified CSS without the style rules none of whose selectors may match on a page with these
 * elements (Tailwind's base styles reset `sub`, `table`, `progress`, date fields and more, which
 * most pages never use); the at-rules around them stay, as Lightning CSS's own pass leaves them.
 */
export function keepMatchable(css: string, elements: Set<string>, from = 0, to = css.length): string {
  const hasField = elements.has("input") || elements.has("textarea");
  let kept = "";
  let last = from;
  for (const { start, open, end } of blocksOf(css, from, to)) {
    kept += css.slice(last, start);
    last = end;
    const prelude = css.slice(start, open);
    if (prelude.startsWith("@")) kept += `${prelude}{${keepMatchable(css, elements, open + 1, end - 1)}}`;
    else if (splitTopLevel(prelude, ",").some((selector) => mayMatch(selector, elements, hasField))) kept += css.slice(start, end);
  }
  return kept + css.slice(last, to);
}
