import { distance } from "fastest-levenshtein";

/**
 * The name a mistyped one most likely meant: another case, a letter or two off, a plural
 * (`closestName("drafts", ["title", "draft"])` → `"draft"`); undefined where none is that close.
 */
export function closestName(name: string, names: Iterable<string>): string | undefined {
  let best: { name: string; letters: number } | undefined;
  for (const known of names) {
    const letters = distance(name.toLowerCase(), known.toLowerCase());
    if (letters <= Math.min(2, Math.floor(known.length / 3)) && (!best || letters < best.letters)) best = { name: known, letters };
  }
  return best?.name;
}
