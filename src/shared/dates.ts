/**
 * The time zone the shop's day is counted in: a post dated 2025-03-01 is published by any build
 * made from midnight in Nafplio on that day.
 */
export const siteTimeZone = "Europe/Athens";

/** The calendar day at `now` in `timeZone`, as YYYY-MM-DD: `todayIn("Europe/Athens", 2025-02-28T23:30Z)` → `2025-03-01`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // Greece is two hours ahead of UTC in winter and three in summer: outside 21:00-22:00 UTC its
  // day is the same either way, and found without the time zone data (whose first use costs
  // some 25 ms, a tenth of a build that has nothing to make).
  const hour = now.getUTCHours();
  if (timeZone === siteTimeZone && hour !== 21) return new Date(now.getTime() + (hour >= 22 ? 3 : 0) * 3_600_000).toISOString().slice(0, 10);
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const part = (type: string) => parts.find((item) => item.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}
