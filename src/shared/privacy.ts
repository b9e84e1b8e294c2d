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
