import { randomBytes } from "node:crypto";
import { limits } from "./contact.ts";

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
  /** Keeps a client's outcome and returns the token that names it: 22 unguessable URL-safe characters. */
  put(clientKey: string, outcome: Outcome): string;
  get(token: string): Outcome | undefined;
  readonly size: number;
}

interface Entry {
  client: string;
  outcome: Outcome;
  expires: number;
  chars: number;
}

/** How long a refused script-less post's values are kept, as the privacy policy states it. */
export const outcomeMinutes = 15;

/**
 * Outcomes live in memory for a few minutes, long enough for the browser to follow the 303 and
 * for the visitor to reload. The entered values stay on the server: they never travel in a URL,
 * so they are not written to access logs, browser history or a Referer. A restart forgets them,
 * and the page then shows the empty form, which is the same page a visitor would get anyway.
 *
 * One client cannot crowd out the others: each keeps at most `perClient` outcomes (its oldest
 * goes first), each outcome's values are cut to what the form itself can send (its maxlength,
 * with room for CRLF line breaks), and when the whole store is full it drops outcomes a client
 * has already replaced with a newer one before it drops anyone's newest.
 */
export function createOutcomeStore({ ttlMs = outcomeMinutes * 60_000, max = 5_000, maxChars = 4_000_000, perClient = 5, now = Date.now } = {}): OutcomeStore {
  const entries = new Map<string, Entry>();
  const byClient = new Map<string, string[]>();
  // Two queues in age order: outcomes that are some client's newest, and those that are not.
  const newest = new Set<string>();
  const superseded = new Set<string>();
  let chars = 0;

  const drop = (token: string) => {
    const entry = entries.get(token);
    if (!entry) return;
    const wasNewest = newest.delete(token);
    superseded.delete(token);
    entries.delete(token);
    chars -= entry.chars;
    const tokens = byClient.get(entry.client)!;
    tokens.splice(tokens.indexOf(token), 1);
    if (!tokens.length) byClient.delete(entry.client);
    else if (wasNewest) {
      // The client's next newest takes its place.
      const next = tokens[tokens.length - 1]!;
      superseded.delete(next);
      newest.add(next);
    }
  };
  const dropExpired = () => {
    // Every outcome lives equally long: the first in insertion order expires first.
    for (const [token, entry] of entries) {
      if (entry.expires > now()) break;
      drop(token);
    }
  };

  return {
    put(clientKey, raw) {
      dropExpired();
      const outcome = capValues(raw);
      const size = outcome.status === "error" ? outcome.text.length + Object.values(outcome.values).reduce((sum, value) => sum + value.length, 0) : 0;
      const token = randomBytes(16).toString("base64url");
      const tokens = byClient.get(clientKey) ?? [];
      const previous = tokens[tokens.length - 1];
      if (previous) {
        newest.delete(previous);
        superseded.add(previous);
      }
      tokens.push(token);
      byClient.set(clientKey, tokens);
      entries.set(token, { client: clientKey, outcome, expires: now() + ttlMs, chars: size });
      newest.add(token);
      chars += size;
      while (tokens.length > perClient) drop(tokens[0]!);
      while (entries.size > max || chars > maxChars) {
        const victim = superseded.values().next().value ?? newest.values().next().value;
        if (victim === undefined || victim === token) break;
        drop(victim);
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

/** The visitor's values, each at most twice the form's maxlength (CRLF counts twice here, once there). */
function capValues(outcome: Outcome): Outcome {
  if (outcome.status !== "error") return outcome;
  const values = outcome.values;
  return {
    ...outcome,
    text: outcome.text.slice(0, 500),
    values: {
      name: values.name.slice(0, limits.name * 2),
      phone: values.phone.slice(0, limits.phone * 2),
      email: values.email.slice(0, limits.email * 2),
      message: values.message.slice(0, limits.message * 2),
    },
  };
}
