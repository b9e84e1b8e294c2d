import type { ContactMessage } from "./contact.ts";
import type { Outbox } from "./outbox.ts";
import type { Outcome, OutcomeStore } from "./outcomes.ts";
import type { RateLimiter } from "./rate-limit.ts";
import type { MessageStore } from "./store-client.ts";

export type Admission =
  | { result: "stored"; id: number }
  | { result: "rate-limited"; retryAfterSeconds: number }
  /** The store could not take it in time (locked, full, read-only): the visitor may try again soon. */
  | { result: "unavailable"; reason: string };

/**
 * The endpoint's state, in one process: the rate limit, the store, the outbox and the outcomes
 * of script-less posts. Extra worker processes reach the same state through the primary.
 */
export interface ContactBackend {
  /** Rules 5 and 6: counts the message against its client's limit, then stores it durably. */
  admit(clientKey: string, message: ContactMessage & { lang: string }): Promise<Admission>;
  /** Keeps a script-less post's outcome for its client; returns the token that names it. */
  putOutcome(clientKey: string, outcome: Outcome): Promise<string>;
  getOutcome(token: string): Promise<Outcome | undefined>;
}

export function createLocalBackend({
  store,
  limiter,
  outcomes,
  outbox,
}: {
  store: MessageStore;
  limiter: RateLimiter;
  outcomes: OutcomeStore;
  outbox: Outbox | null;
}): ContactBackend {
  return {
    async admit(clientKey, message) {
      const slot = limiter.take(clientKey);
      if (!slot.allowed) return { result: "rate-limited", retryAfterSeconds: slot.retryAfterSeconds };
      try {
        const stored = await store.add(message);
        outbox?.kick();
        return { result: "stored", id: stored.id };
      } catch (error) {
        // Not stored, so not counted: the visitor's next try is not held against them.
        limiter.release(clientKey);
        return { result: "unavailable", reason: error instanceof Error ? error.message : String(error) };
      }
    },
    putOutcome: async (clientKey, outcome) => outcomes.put(clientKey, outcome),
    getOutcome: async (token) => outcomes.get(token),
  };
}
