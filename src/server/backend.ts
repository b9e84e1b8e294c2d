import type { ContactMessage } from "./contact.ts";
import type { Logger } from "./log.ts";
import type { Outbox } from "./outbox.ts";
import type { Outcome, OutcomeStore } from "./outcomes.ts";
import type { RateLimiter } from "./rate-limit.ts";
import type { MessageStore } from "./store.ts";

export type Admission = { result: "stored"; id: number } | { result: "rate-limited"; retryAfterSeconds: number } | { result: "failed"; reason: string };

/**
 * The endpoint's state, in one process: the rate limit, the store, the outbox and the outcomes
 * of script-less posts. Extra worker processes reach the same state through the primary.
 */
export interface ContactBackend {
  /** Rules 5 and 6: counts the message against its client's limit, then stores it durably. */
  admit(clientKey: string, message: ContactMessage & { lang: string }): Promise<Admission>;
  putOutcome(outcome: Outcome): Promise<string>;
  getOutcome(token: string): Promise<Outcome | undefined>;
}

export function createLocalBackend({
  store,
  limiter,
  outcomes,
  outbox,
  log,
}: {
  store: MessageStore;
  limiter: RateLimiter;
  outcomes: OutcomeStore;
  outbox: Outbox | null;
  log: Logger;
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
        limiter.release(clientKey);
        const reason = error instanceof Error ? error.message : String(error);
        log.error("contact.store-failed", { reason });
        return { result: "failed", reason };
      }
    },
    putOutcome: async (outcome) => outcomes.put(outcome),
    getOutcome: async (token) => outcomes.get(token),
  };
}
