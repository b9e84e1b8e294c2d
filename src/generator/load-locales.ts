import { readFile } from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import type { i18n as I18n, TFunction } from "i18next";
import { keepRangesTogether } from "../shared/typography.ts";
import { languages, fallbackCode } from "../shared/languages.ts";
import { digestOf } from "./cache-names.ts";
import { checkTranslations } from "./check-translations.ts";
import { ProblemList, type Problem } from "./errors.ts";
import { sourceText } from "./source-text.ts";

export type Messages = { [key: string]: string | string[] | Messages | Messages[] };

export interface Locales {
  /** The raw translation resources, by language code. */
  resources: Record<string, Messages>;
  /** A translator fixed to one language, English where a key is missing. */
  t(code: string): TFunction;
  /** Keys that fell back to English, by language code (only with missingTranslations: warn). */
  warnings: Problem[];
}

/** Locales checked before, by a digest of their files, the setting for missing keys and the generator: their warnings. */
export interface KnownLocales {
  context: string;
  get(key: string): Promise<Buffer | undefined>;
  set(key: string, warnings: string): Promise<void>;
}

/**
 * Loads locales/<code>/translation.json for every language and checks them against English. Files
 * checked before (`known`: the same bytes, setting and generator) are not checked again: the
 * checks took some 9 ms of the 75 of a build of this site that makes no page.
 */
export async function loadLocales(
  dir: string,
  missing: "error" | "warn" = "error",
  label: (file: string) => string = (file) => file,
  known?: KnownLocales,
): Promise<Locales> {
  const problems = new ProblemList();
  const warnings: Problem[] = [];
  const texts: Record<string, string> = {};
  const resources: Record<string, Messages> = {};
  const inputs: (string | Buffer)[] = [known?.context ?? "", missing];

  for (const { code } of languages) {
    const source = path.join(dir, code, "translation.json");
    const file = label(source);
    let bytes: Buffer;
    try {
      bytes = await readFile(source);
    } catch {
      problems.add(file, `missing; copy locales/${fallbackCode}/translation.json there and translate every value`);
      continue;
    }
    inputs.push(file, bytes);
    const { text, problem } = sourceText(bytes, file);
    if (problem) {
      problems.push(problem);
      continue;
    }
    texts[code] = text;
    try {
      resources[code] = JSON.parse(text) as Messages;
    } catch (cause) {
      problems.add(file, `not valid JSON: ${jsonReason(cause)}; check for a missing comma or quote, or a trailing comma`, jsonLine(cause, text));
    }
  }
  problems.throwIfAny();

  const english = flatten(resources[fallbackCode]!);
  const flat = new Map(languages.map(({ code }) => [code, flatten(resources[code]!)]));
  const key = known && digestOf(...inputs);
  const kept = key && (await known.get(key));
  if (kept) warnings.push(...(JSON.parse(kept.toString()) as Problem[]));
  else {
    for (const { code } of languages) {
      const checked = checkTranslations(code, resources[code], resources[fallbackCode], texts[code]!, label(path.join(dir, code, "translation.json")), missing);
      problems.push(...checked.problems);
      warnings.push(...checked.warnings);
    }
    problems.throwIfAny();
    if (key) await known.set(key, JSON.stringify(warnings));
  }

  // i18next loads on the first string asked for: a build that makes no page needs none.
  let instance: I18n | undefined;
  const translatorFor = (code: string) => {
    if (!instance) {
      const loaded = createRequire(import.meta.url)("i18next") as I18n & { default?: I18n };
      const i18next = loaded.default ?? loaded;
      instance = i18next.createInstance();
      instance.use({ type: "postProcessor", name: "ranges", process: (value: unknown) => (typeof value === "string" ? keepRangesTogether(value) : value) });
      void instance.init({
        postProcess: ["ranges"],
        resources: Object.fromEntries(Object.entries(resources).map(([code, messages]) => [code, { translation: messages }])),
        fallbackLng: fallbackCode,
        defaultNS: "translation",
        ns: ["translation"],
        interpolation: { escapeValue: false },
        returnNull: false,
        // Synchronous: the resources are all here.
        initAsync: false,
      });
    }
    return instance.getFixedT(code);
  };
  const translators = new Map<string, TFunction>();
  const t = (code: string) => {
    if (!translators.has(code))
      translators.set(
        code,
        memoize(plainStrings(flat.get(code)!, english), () => translatorFor(code)),
      );
    return translators.get(code)!;
  };
  return { resources, t, warnings };
}

/**
 * The strings i18next would give unchanged but for the post-processor, by key: those of the
 * language (English where it lacks one) with no interpolation (`{{name}}`) and no nesting
 * (`$t(key)`), asked for with no options (so no plural, no context). Arrays and objects are not
 * among them.
 */
function plainStrings(own: Map<string, unknown>, english: Map<string, unknown>): (key: string) => string | undefined {
  return (key) => {
    const value = own.get(key) ?? english.get(key);
    return typeof value === "string" && value !== "" && !value.includes("{{") && !value.includes("$t(") ? value : undefined;
  };
}

/**
 * A translator that works out each key (with its values) once: every page of a language asks for
 * the same few hundred strings, and i18next resolves, interpolates and post-processes each time.
 * A plain string asked for with no options (plainStrings) is only post-processed, as i18next
 * would: i18next itself is made and asked for the rest (some 200 of the real site's 1,200 strings
 * worked out; i18next's time in profiles of its cold build 17-22 ms, against 25-43 ms when it
 * worked out every one). What it returns is shared, so callers must not change a list it gave them.
 */
function memoize(plain: (key: string) => string | undefined, translator: () => TFunction): TFunction {
  const known = new Map<string, unknown>();
  let t: TFunction | undefined;
  const memoized = (key: string | string[], options?: unknown) => {
    const id = options === undefined ? String(key) : `${String(key)}\u0000${JSON.stringify(options)}`;
    if (known.has(id)) return known.get(id);
    // A key with a namespace (`ns:key`) or several keys to try are i18next's to read.
    const found = options === undefined && typeof key === "string" && !key.includes(":") ? plain(key) : undefined;
    const value =
      found !== undefined
        ? keepRangesTogether(found)
        : ((t ??= translator()) as unknown as (key: string | string[], options?: unknown) => unknown)(key, options);
    known.set(id, value);
    return value;
  };
  return memoized as unknown as TFunction;
}

/** `{ nav: { home: "Home" } }` → `Map { "nav.home" => "Home" }`; arrays are leaves. */
export function flatten(messages: Messages, prefix = "", into = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(messages)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object" && !Array.isArray(value)) flatten(value as Messages, name, into);
    else into.set(name, value);
  }
  return into;
}

function jsonReason(cause: unknown): string {
  return String((cause as Error).message).replace(/\s*\(line \d+ column \d+\)/, "");
}

function jsonLine(cause: unknown, text: string): number | undefined {
  const message = String((cause as Error).message);
  const line = /line (\d+)/.exec(message);
  if (line) return Number(line[1]);
  const position = /position (\d+)/.exec(message);
  return position ? text.slice(0, Number(position[1])).split("\n").length : undefined;
}
