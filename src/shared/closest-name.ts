import { distance } from "fastest-levenshtein";

/**
 * The name a mistyped one most likely meant: another case, a letter or two off, two letters
 * swapped, a plural (`closestName("drafts", ["title", "draft"])` → `"draft"`); undefined where
 * none is that close.
 */
export function closestName(name: string, names: Iterable<string>): string | undefined {
  let best: { name: string; letters: number } | undefined;
  for (const known of names) {
    const letters = lettersOff(name.toLowerCase(), known.toLowerCase());
    if (letters <= Math.min(2, Math.floor(known.length / 3)) && (!best || letters < best.letters)) best = { name: known, letters };
  }
  return best?.name;
}

/** How many letters two names are apart; two neighbours swapped (`emial`, `email`) count as one, as a typist makes them. */
function lettersOff(a: string, b: string): number {
  const letters = distance(a, b);
  if (letters !== 2 || a.length !== b.length) return letters;
  const at = [...a].findIndex((char, index) => char !== b[index]);
  return a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2) ? 1 : letters;
}
