import { randomBytes } from "node:crypto";

/** What the contact page shows after a form was posted without JavaScript. */
export type Outcome =
  | { status: "sent" }
  | { status: "error"; text: string; values: { name: string; phone: string; email: string; message: string } };

export interface OutcomeStore {
  /** Keeps an outcome and returns the token that names it: 22 unguessable URL-safe characters. */
  put(outcome: Outcome): string;
  get(token: string): Outcome | undefined;
  readonly size: number;
}

/**
 * Outcomes live in memory for a few minutes, long enough for the browser to follow the 303 and
 * for the visitor to reload. The entered values stay on the server: they never travel in a URL,
 * so they are not written to access logs, browser history or a Referer. A restart forgets them,
 * and the page then shows the empty form, which is the same page a visitor would get anyway.
 */
export function createOutcomeStore({ ttlMs = 15 * 60_000, max = 10_000, now = Date.now } = {}): OutcomeStore {
  const entries = new Map<string, { outcome: Outcome; expires: number }>();
  return {
    put(outcome) {
      const token = randomBytes(16).toString("base64url");
      entries.set(token, { outcome, expires: now() + ttlMs });
      // Insertion order is age order: drop the oldest beyond the cap, and any that have expired.
      for (const [key, entry] of entries) {
        if (entries.size <= max && entry.expires > now()) break;
        entries.delete(key);
      }
      return token;
    },
    get(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        entries.delete(token);
        return undefined;
      }
      return entry.outcome;
    },
    get size() {
      return entries.size;
    },
  };
}
