/**
 * Keeps a range of numbers on one line: a word joiner on each side of the en dash between two
 * digits, so "5–15", "08:00–20:00" and "2019–2023" never break at the dash on a narrow screen.
 * The joiner is invisible and copies as nothing.
 */
export function keepRangesTogether(text: string): string {
  return text.replace(/(?<=\d)–(?=\d)/g, "\u2060–\u2060");
}

/** The same text without the joiners, for what is read as plain text: titles, meta descriptions, structured data. */
export function withoutJoiners(text: string): string {
  return text.replace(/\u2060/g, "");
}
