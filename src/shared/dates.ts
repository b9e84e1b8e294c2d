/**
 * The time zone the shop's day is counted in: a post dated 2025-03-01 is published by any build
 * made from midnight in Nafplio on that day.
 */
export const siteTimeZone = "Europe/Athens";

/** The calendar day at `now` in `timeZone`, as YYYY-MM-DD: `todayIn("Europe/Athens", 2025-02-28T23:30Z)` → `2025-03-01`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const part = (type: string) => parts.find((item) => item.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}
