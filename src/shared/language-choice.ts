/**
 * What the browser needs to know about language choices, apart from the language table (kept out
 * of the islands' script): where the choice is stored and how the browser's preferences are read.
 */

/** The localStorage key under which the visitor's chosen language code is kept. */
export const storageKey = "lang";

/**
 * The first of the browser's preferred languages (`navigator.languages`, best first) that is one
 * of `codes`, matched on the primary subtag: `["de-AT", "en"]` → `"de"`.
 */
export function preferredLanguage(preferences: readonly string[], codes: readonly string[]): string | undefined {
  for (const tag of preferences) {
    const code = String(tag).toLowerCase().split("-")[0]!;
    if (codes.includes(code)) return code;
  }
  return undefined;
}
