import nodemailer from "nodemailer";
import type { Logger } from "./log.ts";
import { composeMail, type MailFields } from "./mail.ts";
import type { SmtpSettings } from "./settings.ts";
import type { MessageStore } from "./store.ts";

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
 * Delivers stored messages one at a time, oldest first, and marks each sent once the SMTP server
 * has accepted it. While the server cannot be reached every message waits (backing off up to
 * `maxDelayMs`); a message the server refuses waits on its own, so it cannot hold up the others.
 * Every unsent message is tried at start-up: after a crash, whatever was acknowledged but not
 * yet accepted by the SMTP server goes out then.
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

  let stopped = false;
  // Set by kick(); a kick during a pass must not be lost while no one is sleeping.
  let kicked = false;
  let wake: (() => void) | null = null;
  let timer: NodeJS.Timeout | undefined;
  let pausedUntil = 0;
  let outages = 0;
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

  const pass = async (): Promise<number> => {
    kicked = false;
    const now = Date.now();
    if (pausedUntil > now) return pausedUntil - now;
    let next = Infinity;
    for (const message of store.unsent()) {
      if (stopped) return 0;
      const wait = waits.get(message.id);
      if (wait && wait.until > Date.now()) {
        next = Math.min(next, wait.until - Date.now());
        continue;
      }
      try {
        await deliver(composeMail(message, smtp));
      } catch (error) {
        const reason = describe(error);
        store.markFailed(message.id, reason);
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
      store.markSent(message.id);
      waits.delete(message.id);
      if (outages) log.info("mail.reachable", { after: outages });
      outages = 0;
      log.info("mail.sent", { id: message.id });
    }
    return next;
  };

  const loop = (async () => {
    while (!stopped) {
      let wait: number;
      try {
        wait = await pass();
      } catch (error) {
        // The store itself failed (disk full, database locked): try again later.
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
