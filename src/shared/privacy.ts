/**
 * What the privacy policy says the site does with personal data, where code and policy must agree.
 * The policy's text fills these in (placeholders), and tests hold the running server to them.
 */

/**
 * The fields `site serve` writes about a visitor's request, one JSON field each, in the order the
 * policy lists them; each language names them under `privacyPolicy.logFields.<field>`.
 */
export const visitorLogFields = ["time", "ip", "method", "path", "status", "bytes", "ms"] as const;
export type VisitorLogField = (typeof visitorLogFields)[number];

/**
 * Fields of the same lines that describe the server's own handling, not the visitor: the line's
 * level and event, why something was refused, a stored message's number, a wait, a process id.
 */
export const handlingLogFields = ["level", "event", "reason", "id", "retryAfter", "worker"] as const;

const units = { d: "days", w: "weeks", m: "months", y: "years" } as const;

interface DurationFormat {
  format(duration: Partial<Record<(typeof units)[keyof typeof units], number>>): string;
}
const DurationFormat = (Intl as unknown as { DurationFormat: new (locale: string, options: { style: "long" }) => DurationFormat }).DurationFormat;

/**
 * A period of the config (`2y`, `18m`, `90d`, `3w`) in words of the given locale:
 * `durationToWords("2y", "de-DE")` → `2 Jahre`, `durationToWords("2y", "ru-RU")` → `2 года`.
 */
export function durationToWords(period: string, locale: string): string {
  const match = /^(\d+)([dwmy])$/.exec(period);
  if (!match) throw new Error(`"${period}" is not a period; write a number and d, w, m or y, e.g. 2y`);
  return new DurationFormat(locale, { style: "long" }).format({ [units[match[2] as keyof typeof units]]: Number(match[1]) });
}
