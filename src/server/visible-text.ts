// Characters that draw nothing yet change what a reader sees: the bidirectional embeddings,
// overrides, isolates and marks (U+202E turns "gpj.exe" into "exe.jpg"), and the other invisible
// format characters (zero-width space, word joiner, byte-order mark, invisible operators,
// interlinear annotations, Unicode tags, Hangul fillers, the supplementary variation selectors).
const candidates = /[\p{Cf}\u115f\u1160\u3164\uffa0]|\p{Variation_Selector}/gu;
// Left alone: the zero-width joiner and non-joiner, which emoji sequences and several scripts
// need to render at all, and the variation selectors that pick an emoji's or a Mongolian letter's form.
const kept = /^(?:\u200c|\u200d|[\ufe00-\ufe0f]|[\u180b-\u180d\u180f])$/u;

const replaceInvisible = (text: string, by: (char: string) => string) => text.replace(candidates, (char) => (kept.test(char) ? char : by(char)));

/** `"Maria\u202Egpj.exe"` → `"Mariagpj.exe"`: for single-line fields, where such characters have no business. */
export function stripInvisible(text: string): string {
  return replaceInvisible(text, () => "");
}

/**
 * `"Maria\u202Egpj.exe"` → `"Maria<U+202E>gpj.exe"`: what the owner reads (the e-mail,
 * `site messages`) shows every invisible character as its code point, so nothing a visitor
 * wrote can be disguised, and nothing is silently dropped either.
 */
export function showInvisible(text: string): string {
  return replaceInvisible(text, (char) => `<U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}>`);
}
