import { closestName } from "../shared/closest-name.ts";
import { fallbackCode } from "../shared/languages.ts";
import type { Problem } from "./errors.ts";
import { jsonPositions } from "./json-positions.ts";

type Path = (string | number)[];

/** A problem found in a language's strings, placed once the text is read for positions. */
interface Found {
  path: Path;
  message: string;
  /** At the key rather than the value; `false`: at no line (a key the file lacks). */
  at?: "key" | "value" | false;
  /** An index in the string's own text (where a placeholder is written). */
  inString?: number;
}

const reference = `locales/${fallbackCode}/translation.json`;
// i18next's plural suffixes; a key has plural forms where the English file has its `_other`.
const pluralForm = /^(.+)_(zero|one|two|few|many|other)$/;

/**
 * Checks one language's strings (`own`, read from `text`) against English's: the same keys, the
 * plural forms of the language's own rules (Russian's `_few` and `_many`) in place of English's;
 * the same kind of value at each (text, a list, keys, true or false); no empty text; and the
 * same `{{placeholders}}`, each written whole. A key the language lacks is a warning with
 * `missing: "warn"` (English is shown), where i18next would fall back to it.
 */
export function checkTranslations(
  code: string,
  own: unknown,
  english: unknown,
  text: string,
  file: string,
  missing: "error" | "warn",
): { problems: Problem[]; warnings: Problem[] } {
  const found: Found[] = [];
  const warnings: Problem[] = [];
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories as string[];

  const compareMapping = (ref: Record<string, unknown>, value: Record<string, unknown>, path: Path, inList: boolean) => {
    // A key with plural forms is one English writes with `_other`; few keys have an underscore at all.
    const plural = (key: string) => {
      const match = key.includes("_") ? pluralForm.exec(key) : null;
      return match && `${match[1]}_other` in ref ? { base: match[1]!, category: match[2]! } : undefined;
    };
    for (const key in value) {
      const item = value[key];
      const form = plural(key);
      const refKey = key in ref ? key : form && (form.category === "zero" || categories.includes(form.category)) ? `${form.base}_other` : undefined;
      if (refKey !== undefined) {
        const forms = form && Object.keys(ref).flatMap((other) => (plural(other)?.base === form.base ? [ref[other]] : []));
        compareValue(ref[refKey], item, [...path, key], inList, forms);
        continue;
      }
      const message = form
        ? (name: string) =>
            `stray key "${name}": ${code} has no "${form.category}" plural form (its forms are ${categories.map((category) => `${form.base}_${category}`).join(", ")}); remove it`
        : (name: string) => `stray key "${name}": it is not in ${reference}; remove or rename it`;
      for (const leaf of leaves(item, [...path, key])) found.push({ path: leaf, at: "key", message: message(dotted(leaf)) });
    }
    const lacks = (key: string, refValue: unknown) => {
      for (const leaf of leaves(refValue, [...path, key])) {
        const message = `missing key "${dotted(leaf)}"; add it (the English text is ${JSON.stringify(valueAt(refValue, leaf.slice(path.length + 1)))})`;
        // A list's items are the language's own: i18next gives the list as it is, with no English in it.
        if (inList) found.push({ path: leaf, message });
        else if (missing === "warn") warnings.push({ file, message: `${message}; English is shown meanwhile` });
        else found.push({ path: leaf, at: false, message });
      }
    };
    for (const key in ref) {
      const form = plural(key);
      if (!form) {
        if (!(key in value)) lacks(key, ref[key]);
      } else if (form.category === "other")
        // The language's own forms, English's where it has the same.
        for (const category of categories) {
          const name = `${form.base}_${category}`;
          if (!(name in value)) lacks(name, ref[name] ?? ref[key]);
        }
    }
  };

  /**
   * Compares a value with English's. A plural form (`forms`: English's forms of its key) may use
   * the placeholders of any of them, and leave out `{{count}}` (one written as a word).
   */
  const compareValue = (ref: unknown, value: unknown, path: Path, inList: boolean, forms?: unknown[]) => {
    const before = found.length;
    const kind = kindOf(value);
    if (kind !== kindOf(ref)) {
      found.push({ path, message: `"${dotted(path)}" is ${describe(value)}, where English has ${describe(ref)}; ${howToWrite(ref)}` });
      return;
    }
    if (kind === "keys") compareMapping(ref as Record<string, unknown>, value as Record<string, unknown>, path, inList);
    else if (kind === "text" && (value as string).trim() === "") found.push({ path, message: `empty string for "${dotted(path)}"; translate it` });
    else if (kind === "a list") {
      const items = ref as unknown[];
      if ((value as unknown[]).length === 0 && items.length > 0)
        found.push({ path, message: `"${dotted(path)}" is an empty list; translate the ${items.length} items of ${reference}` });
      if (items.length > 0) (value as unknown[]).forEach((item, index) => compareValue(items[Math.min(index, items.length - 1)], item, [...path, index], true));
    }
    // The placeholders of a text or a list are compared as a whole (a list's items may be ordered anew).
    if (!inList && (kind === "text" || kind === "a list")) comparePlaceholders(ref, value, path, forms, found.length === before);
  };

  const comparePlaceholders = (ref: unknown, value: unknown, path: Path, forms: unknown[] | undefined, sameShape: boolean) => {
    // Most of the site's texts have no brace in either language (some 1,000 of 1,250).
    if (!forms && typeof ref === "string" && typeof value === "string" && !hasBrace(ref) && !hasBrace(value)) return;
    const expected = placeholdersOf(forms ?? [ref]);
    const required = forms ? placeholdersOf([ref]) : expected;
    if (forms) required.delete("count");
    const names = [...expected.keys()].map((name) => `{{${name}}}`).join(", ");
    const accounted = new Set<string>();
    for (const { text, path: at } of strings(value, path)) {
      const where = (index: number) => ({ path: at, inString: index });
      const key = `"${dotted(path)}"`;
      for (const token of tokens(text)) {
        const known = token.name !== undefined && (expected.has(token.name) || (forms !== undefined && token.name === "count"));
        if (known) accounted.add(token.name!);
        if (token.whole && known) continue;
        if (token.whole && token.name) {
          const meant = closestName(token.name, expected.keys());
          if (meant) accounted.add(meant);
          const fix = meant
            ? `did you mean {{${meant}}}? The English text has ${names}`
            : expected.size
              ? `the English text has ${names}; use ${expected.size === 1 ? "it" : "them"} as written there`
              : "the English text has none; remove it";
          found.push({ ...where(token.index), message: `unknown placeholder {{${token.name}}} in ${key}; ${fix}` });
        } else if (token.whole) found.push({ ...where(token.index), message: `{{}} in ${key} names no placeholder; remove it` });
        // Single braces are text to i18next, and may be meant so where English has no such placeholder.
        else if (token.single && known) found.push({ ...where(token.index), message: `{${token.name}} in ${key} has single braces; write {{${token.name}}}` });
        else if (token.opens) found.push({ ...where(token.index), message: `{{${token.name ?? ""} in ${key} is not closed; write ${placeholder(token.name)}` });
        else if (token.closes)
          found.push({ ...where(token.index), message: `${token.name ?? ""}}} in ${key} is not opened; write ${placeholder(token.name)}` });
      }
    }
    if (!sameShape) return;
    for (const [name, text] of required)
      if (!accounted.has(name))
        found.push({ path, message: `"${dotted(path)}" lacks {{${name}}}; write it where the English text has it: ${JSON.stringify(text)}` });
  };

  compareValue(english, own, [], false);
  if (found.length === 0) return { problems: [], warnings };
  const positions = jsonPositions(text);
  const problems = found.map(({ path, message, at = "value", inString }): Problem => {
    if (at === false) return { file, message };
    return { file, ...positions.positionOf(path, { key: at === "key", inString }), message };
  });
  return { problems, warnings };
}

/** A placeholder, or a mark where one was meant (`{{opens` not closed, `closes}}` not opened, `{date}`), by where it starts. */
interface Token {
  index: number;
  name?: string;
  whole?: boolean;
  opens?: boolean;
  closes?: boolean;
  single?: boolean;
}

/** `{{ name }}` and `{{- name, format}}` name `name`, as i18next reads them. */
const nameOf = (inside: string) => inside.trim().replace(/^-\s*/, "").split(",")[0]!.trim();

const hasBrace = (text: string) => text.includes("{") || text.includes("}");

function tokens(text: string): Token[] {
  const found: Token[] = [];
  if (!hasBrace(text)) return found;
  for (const match of text.matchAll(/\{\{([^{}]*)\}\}|\{\{|\}\}|\{([^{}\s]+)\}/g)) {
    const index = match.index;
    if (match[1] !== undefined) found.push({ index, whole: true, name: nameOf(match[1]) || undefined });
    else if (match[2] !== undefined) found.push({ index, single: true, name: match[2] });
    else if (match[0] === "{{") found.push({ index, opens: true, name: /^\s*([\w.-]+)/.exec(text.slice(index + 2))?.[1] });
    else {
      const name = /([\w.-]+)\s*$/.exec(text.slice(0, index))?.[1];
      found.push({ index: name ? text.lastIndexOf(name, index) : index, closes: true, name });
    }
  }
  return found;
}

/** What English means to be a placeholder in some texts, written whole or not (English is told of its own), with a text it is in. */
function placeholdersOf(values: unknown[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const { text } of values.flatMap((value) => strings(value, [])))
    for (const token of tokens(text)) if (token.name && !token.single && !names.has(token.name)) names.set(token.name, text);
  return names;
}

const placeholder = (name: string | undefined) => (name ? `{{${name}}}` : "a placeholder as {{name}}");

type Kind = "text" | "a list" | "keys" | "true or false" | "a number" | "null";

function kindOf(value: unknown): Kind {
  if (typeof value === "string") return "text";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "boolean") return "true or false";
  if (typeof value === "number") return "a number";
  return value === null ? "null" : "keys";
}

function describe(value: unknown): string {
  const kind = kindOf(value);
  return kind === "keys" ? `keys (${Object.keys(value as object).join(", ")})` : kind;
}

function howToWrite(ref: unknown): string {
  switch (kindOf(ref)) {
    case "text":
      return `write it as one text in quotes, as English does: ${JSON.stringify(ref)}`;
    case "a list":
      return `write it as a list in brackets, ["…", "…"], as in ${reference}`;
    case "keys":
      return `write its keys in braces, {"${Object.keys(ref as object).join('": "…", "')}": "…"}, as in ${reference}`;
    case "true or false":
      return "write true or false, without quotes";
    case "a number":
      return "write a number, without quotes";
    default:
      return `write it as in ${reference}`;
  }
}

/** The paths of a value's texts and lists, down through its keys (a key's name is reported for each). */
function leaves(value: unknown, path: Path): Path[] {
  if (kindOf(value) !== "keys") return [path];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => leaves(item, [...path, key]));
}

/** Every text in a value, with its path. */
function strings(value: unknown, path: Path): { text: string; path: Path }[] {
  if (typeof value === "string") return [{ text: value, path }];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => strings(item, [...path, Array.isArray(value) ? Number(key) : key]));
  return [];
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((at, segment) => (at as Record<string | number, unknown>)[segment], value);
}

/** `["quick", "features", 1, "desc"]` → `quick.features[1].desc`. */
function dotted(path: Path): string {
  return path.map((segment, index) => (typeof segment === "number" ? `[${segment}]` : `${index ? "." : ""}${segment}`)).join("");
}
