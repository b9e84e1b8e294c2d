import { randomBytes } from "node:crypto";

/** What the contact page shows after a form was posted without JavaScript. */
export type Outcome =
  | { status: "sent" }
  | {
      status: "error";
      text: string;
      values: { name: string; phone: string; email: string; message: string };
      /** The fields the refusal is about, each marked and explained next to it. */
      invalid?: ("name" | "phone" | "email" | "message")[];
    };

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
export function createOutcomeStore({ ttlMs = 15 * 60_000, max = 5_000, maxChars = 4_000_000, now = Date.now } = {}): OutcomeStore {
  const entries = new Map<string, { outcome: Outcome; expires: number; chars: number }>();
  let chars = 0;
  const drop = (token: string) => {
    chars -= entries.get(token)?.chars ?? 0;
    entries.delete(token);
  };
  return {
    put(outcome) {
      const token = randomBytes(16).toString("base64url");
      const size = outcome.status === "error" ? outcome.text.length + Object.values(outcome.values).reduce((sum, value) => sum + value.length, 0) : 0;
      entries.set(token, { outcome, expires: now() + ttlMs, chars: size });
      chars += size;
      // Insertion order is age order: drop the expired and, under a flood, the oldest, so that
      // memory stays bounded by count and by the size of the values kept.
      for (const [key, entry] of entries) {
        if (entries.size <= max && chars <= maxChars && entry.expires > now()) break;
        drop(key);
      }
      return token;
    },
    get(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        drop(token);
        return undefined;
      }
      return entry.outcome;
    },
    get size() {
      return entries.size;
    },
  };
}
