/**
 * Retention periods as the config writes them: a number and a unit, d (days), w (weeks),
 * m (months) or y (years). `retention.messages: 2y` keeps contact messages for two years.
 */
export const retentionPattern = /^[1-9]\d{0,3}[dwmy]$/;

export const retentionHint = 'a number and d, w, m or y, e.g. "2y", "18m" or "90d"';

export function isRetentionPeriod(value: unknown): value is string {
  return typeof value === "string" && retentionPattern.test(value);
}

/**
 * The moment before which something is older than `period`, counted on the calendar in UTC:
 * `retentionCutoff("2y", new Date("2026-05-01T10:00:00Z"))` → 2024-05-01T10:00:00Z. A month
 * back from the 31st lands on the last day of the shorter month (31 March − 1m → 28 or 29 February).
 */
export function retentionCutoff(period: string, now: Date = new Date()): Date {
  if (!isRetentionPeriod(period)) throw new Error(`"${period}" is not a retention period; use ${retentionHint}`);
  const amount = Number(period.slice(0, -1));
  const unit = period.slice(-1);
  if (unit === "d" || unit === "w") return new Date(now.getTime() - amount * (unit === "w" ? 7 : 1) * 86_400_000);
  const months = unit === "y" ? amount * 12 : amount;
  const cutoff = new Date(now.getTime());
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}

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
  if (!isRetentionPeriod(period)) throw new Error(`"${period}" is not a period; use ${retentionHint}`);
  return new DurationFormat(locale, { style: "long" }).format({ [units[period.slice(-1) as keyof typeof units]]: Number(period.slice(0, -1)) });
}
