/**
 * The language table: the one place that maps a URL segment to its language.
 * Greek is `gr` in URLs and `el` everywhere else (i18next, <html lang>, hreflang, Intl).
 */
export interface Language {
  /** The first URL segment, e.g. `gr`. */
  readonly url: string;
  /** BCP 47 code used by i18next, `<html lang>`, hreflang and Intl, e.g. `el`. */
  readonly code: string;
  /** The language's own name, as the switcher shows it. */
  readonly label: string;
  /** Open Graph locale, e.g. `el_GR`. */
  readonly ogLocale: string;
  /** Which flag the switcher draws (ISO 3166 alpha-2, lower case). */
  readonly flag: string;
  /** The locale dates and prices are formatted in (Intl), e.g. `en-GB`. */
  readonly intl: string;
  /** How a date writes the first day of a month where Intl writes a plain 1 (French: 1er). */
  readonly firstOfMonth?: string;
}

export const languages: readonly Language[] = [
  { url: "gr", code: "el", label: "Ελληνικά", ogLocale: "el_GR", flag: "gr", intl: "el-GR" },
  { url: "en", code: "en", label: "English", ogLocale: "en_GB", flag: "gb", intl: "en-GB" },
  { url: "de", code: "de", label: "Deutsch", ogLocale: "de_DE", flag: "de", intl: "de-DE" },
  { url: "fr", code: "fr", label: "Français", ogLocale: "fr_FR", flag: "fr", intl: "fr-FR", firstOfMonth: "1er" },
  { url: "ru", code: "ru", label: "Русский", ogLocale: "ru_RU", flag: "ru", intl: "ru-RU" },
];

/** The language of `/`, of unknown first segments and of x-default. */
export const defaultLanguage: Language = languages[0]!;
/** The language whose strings stand in for a missing translation. */
export const fallbackCode = "en";
export { preferredLanguage, storageKey } from "./language-choice.ts";

// Scripts written right to left; a language added to the table with one of these codes
// gets dir="rtl" without any other change.
const rtlCodes = new Set(["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ku", "ps", "sd", "ug", "ur", "yi"]);

/** `langToDir("ar")` → `"rtl"`; the primary subtag decides (`fa-IR` is rtl). */
export function langToDir(code: string): "ltr" | "rtl" {
  return rtlCodes.has(code.toLowerCase().split("-")[0]!) ? "rtl" : "ltr";
}

/** `urlCodeToLanguage("gr")` → the Greek row; undefined for anything else. */
export function urlCodeToLanguage(url: string): Language | undefined {
  return languages.find((language) => language.url === url);
}

/** `codeToLanguage("el")` → the Greek row; undefined for anything else. */
export function codeToLanguage(code: string): Language | undefined {
  return languages.find((language) => language.code === code);
}
