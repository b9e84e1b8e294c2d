import nodemailer from "nodemailer";
import type { Logger } from "./log.ts";
import { composeMail, type MailFields } from "./mail.ts";
import type { SmtpSettings } from "./settings.ts";
import type { StoredMessage } from "./store.ts";
import type { MessageStore } from "./store-client.ts";

export interface RetryPolicy {
  /** Wait after the first failure; doubles with each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetry: RetryPolicy = { firstDelayMs: 2_000, maxDelayMs: 5 * 60_000 };

export interface Outbox {
  /** A message was stored: look for work now rather than at the next timer. */
  kick(): void;
  /** Stops after the e-mail in flight, if any (waiting at most `graceMs` for it). */
  stop(graceMs?: number): Promise<void>;
}

type Send = (mail: MailFields) => Promise<unknown>;

/**
 * Delivers stored messages one at a time, oldest first. Each attempt is recorded in the store
 * before the SMTP server hears of the message (no record, no attempt), and the server's
 * acceptance is recorded as soon as it comes: in the database, or, while the database cannot take
 * it, in the store's journal (sent-journal.ts). A message the server accepted is never sent again,
 * whatever the store does next. A message is sent again only when no acceptance came: the server
 * refused it or could not be reached, the connection ended before its answer, or the last run
 * stopped during the attempt (then with the same Message-ID).
 * While the SMTP server cannot be reached every message waits (backing off up to `maxDelayMs`);
 * a message the server refuses waits on its own, so it cannot hold up the others; while the store
 * fails, the outbox waits for it the same way.
 */
export function startOutbox({
  store,
  smtp,
  log,
  retry = defaultRetry,
  send,
}: {
  store: MessageStore;
  smtp: SmtpSettings;
  log: Logger;
  retry?: RetryPolicy;
  send?: Send;
}): Outbox {
  const transport = send
    ? null
    : nodemailer.createTransport({ url: smtp.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 } as Parameters<
        typeof nodemailer.createTransport
      >[0]);
  const deliver: Send = send ?? ((mail) => transport!.sendMail(mail));
  for (const id of store.interrupted)
    log.warn("mail.interrupted", {
      id,
      note: "the last run stopped during this message's delivery and no acceptance by the SMTP server was recorded: it is sent again, with the same Message-ID",
    });

  let stopped = false;
  // Set by kick(); a kick during a pass must not be lost while no one is sleeping.
  let kicked = false;
  let wake: (() => void) | null = null;
  let timer: NodeJS.Timeout | undefined;
  let pausedUntil = 0;
  let outages = 0;
  let storeFailures = 0;
  // Accepted by the SMTP server, the mark not yet confirmed by the store: never handed over again.
  const accepted = new Set<number>();
  const waits = new Map<number, { until: number; failures: number }>();
  const delay = (failures: number) => Math.min(retry.maxDelayMs, retry.firstDelayMs * 2 ** Math.min(failures - 1, 30));

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      if (Number.isFinite(ms)) timer = setTimeout(resolve, Math.max(0, ms));
    }).finally(() => {
      clearTimeout(timer);
      wake = null;
    });

  /** The store failed: wait for it, backing off like for an unreachable SMTP server. */
  const storePause = () => {
    storeFailures++;
    pausedUntil = Date.now() + delay(storeFailures);
    return delay(storeFailures);
  };

  const pass = async (): Promise<number> => {
    kicked = false;
    const now = Date.now();
    if (pausedUntil > now) return pausedUntil - now;
    let next = Infinity;
    let unsent: StoredMessage[];
    try {
      unsent = await store.unsent();
    } catch {
      return storePause(); // the store logs its own unavailability, once
    }
    for (const message of unsent) {
      if (stopped) return 0;
      if (accepted.has(message.id)) continue;
      const wait = waits.get(message.id);
      if (wait && wait.until > Date.now()) {
        next = Math.min(next, wait.until - Date.now());
        continue;
      }
      try {
        await store.markSending(message.id);
      } catch {
        return storePause();
      }
      storeFailures = 0;
      try {
        await deliver(composeMail(message, smtp));
      } catch (error) {
        const reason = describe(error);
        // If this record fails, the next attempt records itself anyway.
        await store.markFailed(message.id, reason).catch(() => {});
        if (isMessageRefused(error)) {
          const failures = (wait?.failures ?? 0) + 1;
          waits.set(message.id, { until: Date.now() + delay(failures), failures });
          log.warn("mail.refused", { id: message.id, reason, retryInMs: delay(failures) });
          next = Math.min(next, delay(failures));
          continue;
        }
        outages++;
        pausedUntil = Date.now() + delay(outages);
        log.warn("mail.unreachable", { id: message.id, reason, retryInMs: delay(outages) });
        return delay(outages);
      }
      accepted.add(message.id);
      waits.delete(message.id);
      if (outages) log.info("mail.reachable", { after: outages });
      outages = 0;
      try {
        await store.markSent(message);
        accepted.delete(message.id);
        log.info("mail.sent", { id: message.id });
      } catch (error) {
        // The store's thread keeps the mark in its journal and writes it once the database takes it.
        log.warn("mail.sent", { id: message.id, marked: false, reason: describe(error) });
      }
    }
    return next;
  };

  const loop = (async () => {
    while (!stopped) {
      let wait: number;
      try {
        wait = await pass();
      } catch (error) {
        log.error("outbox.failed", { reason: describe(error) });
        wait = retry.maxDelayMs;
      }
      // Messages stored during the pass are due now, unless the SMTP server is down.
      if (kicked && pausedUntil <= Date.now()) continue;
      if (!stopped) await sleep(wait);
    }
  })();

  return {
    kick() {
      kicked = true;
      wake?.();
    },
    async stop(graceMs = 10_000) {
      stopped = true;
      wake?.();
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([loop, new Promise((resolve) => (grace = setTimeout(resolve, graceMs)))]);
      clearTimeout(grace);
      transport?.close();
    },
  };
}

/**
 * Whether the SMTP server answered and refused this message (a 4xx/5xx reply to the envelope
 * or the data), as opposed to not being reachable at all; 421 means the server is going away.
 */
function isMessageRefused(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  const command = String((error as { command?: unknown }).command ?? "");
  return typeof code === "number" && code >= 400 && code !== 421 && /^(MAIL|RCPT|DATA)/i.test(command);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return `${typeof code === "string" ? `${code}: ` : ""}${error.message}`.replace(/\s+/g, " ").slice(0, 300);
}
