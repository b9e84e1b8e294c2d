import { Worker } from "node:worker_threads";
import type { Logger } from "./log.ts";
import { storeFiles, type NewMessage, type StoredMessage } from "./store.ts";
import { writeOps, type StoreFailure, type StoreOp, type StoreReply } from "./store-protocol.ts";

/** The store as the request-serving thread sees it: every call is answered by the store's thread, within a deadline. */
export interface MessageStore {
  readonly file: string;
  /** Resolves once the message is on disk (fsync'd); only then may the visitor be told "sent". */
  add(message: NewMessage): Promise<StoredMessage>;
  unsent(limit?: number): Promise<StoredMessage[]>;
  markSending(id: number): Promise<void>;
  markSent(message: Pick<StoredMessage, "uid">): Promise<void>;
  markFailed(id: number, error: string): Promise<void>;
  purge(before: Date): Promise<{ deleted: number; unsent: number; walTruncated: boolean }>;
  /** Messages whose delivery attempt was open when the last run stopped (found at start-up). */
  readonly interrupted: readonly number[];
  close(): Promise<void>;
}

/** A store call that failed or took too long: the visitor is told to try again or call. */
export class StoreUnavailable extends Error {
  readonly code: string;
  constructor(failure: StoreFailure) {
    super(failure.message);
    this.name = "StoreUnavailable";
    this.code = failure.code;
  }
}

/**
 * How long each call may take, lock waits included. A message must be stored (or refused) in
 * time for the visitor to hear within 5 s; the outbox's calls wait briefly and try again later,
 * so they never hold up a visitor's message for long.
 */
export const storeBudgets = { add: 3500, purge: 20_000, other: 1000 } as const;
/** Beyond the budget, how long to wait for an answer before giving up on the thread. */
const graceMs = 1000;

/**
 * Starts the store's thread (store-thread.ts), which opens the database in `dataDir`, moves the
 * journal's "sent" marks into it, and reports the deliveries a stopped run left open. Rejects
 * when the database cannot be opened. While calls fail (a lock, a full or read-only disk), logs
 * `store.unavailable` once, and `store.available` once a write succeeds again.
 */
export async function startStore({ dataDir, log }: { dataDir: string; log: Logger }): Promise<MessageStore> {
  const file = storeFiles(dataDir).db;
  const pending = new Map<number, { op: StoreOp["op"]; resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  let nextCall = 0;
  let worker: Worker;
  // Set while there is no thread to ask: calls fail at once.
  let gone: StoreFailure | null = null;
  let closing: Promise<void> | null = null;
  let running = false;
  let outage: { since: number; failures: number } | null = null;

  const failed = (op: StoreOp["op"], failure: StoreFailure) => {
    if (outage) outage.failures++;
    else {
      outage = { since: Date.now(), failures: 1 };
      log.error("store.unavailable", { file, op, code: failure.code, reason: failure.message });
    }
  };
  const succeeded = (op: StoreOp["op"]) => {
    if (!outage || !writeOps.has(op)) return;
    log.info("store.available", { file, afterSeconds: Math.round((Date.now() - outage.since) / 100) / 10, failures: outage.failures });
    outage = null;
  };

  /** A thread of its own for the store; resolves once the database is open. */
  const spawn = () =>
    new Promise<{ reconciled: number; interrupted: number[] }>((resolve, reject) => {
      worker = new Worker(new URL("./store-thread.ts", import.meta.url), { workerData: { dataDir } });
      worker.on("message", (reply: StoreReply) => {
        if ("ready" in reply) return reply.ready ? resolve(reply) : reject(new StoreUnavailable(reply.failure));
        if ("event" in reply) return log.info("mail.marked-sent", { count: reply.count, late: true });
        const call = pending.get(reply.call);
        if (!call) return;
        pending.delete(reply.call);
        clearTimeout(call.timer);
        if (reply.failure) {
          failed(call.op, reply.failure);
          call.reject(new StoreUnavailable(reply.failure));
        } else {
          succeeded(call.op);
          call.resolve(reply.value);
        }
      });
      worker.on("error", (error) => log.error("store.thread-failed", { reason: error.stack ?? error.message }));
      worker.on("exit", (code) => {
        gone = { code: "SITE_STORE_GONE", message: `the store's thread stopped (exit code ${code})` };
        reject(new StoreUnavailable(gone));
        for (const [, call] of pending) {
          clearTimeout(call.timer);
          call.reject(new StoreUnavailable(gone));
        }
        pending.clear();
        if (closing || !running) return;
        // Not asked to stop: a fault in the thread. A new one takes over in a moment.
        failed("unsent", gone);
        const retry = () =>
          spawn().then(
            () => (gone = null),
            () => void setTimeout(retry, 5000).unref(),
          );
        setTimeout(retry, 1000).unref();
      });
    });

  const call = <T>(request: StoreOp, budgetMs: number = storeBudgets.other): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (gone) return reject(new StoreUnavailable(gone));
      const id = ++nextCall;
      const timer = setTimeout(() => {
        pending.delete(id);
        const failure = { code: "SITE_STORE_TIMEOUT", message: `no answer from the store within ${budgetMs + graceMs} ms` };
        failed(request.op, failure);
        reject(new StoreUnavailable(failure));
      }, budgetMs + graceMs);
      pending.set(id, { op: request.op, resolve: resolve as (value: unknown) => void, reject, timer });
      worker.postMessage({ ...request, call: id, deadline: Date.now() + budgetMs });
    });

  let started: { reconciled: number; interrupted: number[] };
  try {
    started = await spawn();
  } catch (error) {
    closing = worker!.terminate().then(() => undefined);
    await closing;
    throw error;
  }
  running = true;
  if (started.reconciled) log.info("mail.marked-sent", { count: started.reconciled, fromJournal: true });

  return {
    file,
    interrupted: started.interrupted,
    add: (message) => call<StoredMessage>({ op: "add", message }, storeBudgets.add),
    unsent: (limit = 1000) => call<StoredMessage[]>({ op: "unsent", limit }),
    markSending: (id) => call<void>({ op: "markSending", id, at: new Date().toISOString() }),
    markSent: ({ uid }) => call<void>({ op: "markSent", uid, at: new Date().toISOString() }),
    markFailed: (id, error) => call<void>({ op: "markFailed", id, error }),
    purge: (before) => call({ op: "purge", before: before.toISOString() }, storeBudgets.purge),
    close() {
      closing ??= (async () => {
        if (gone) return;
        const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
        await call<void>({ op: "close" }, 5000).catch(() => worker.terminate());
        await exited;
      })();
      return closing;
    },
  };
}
