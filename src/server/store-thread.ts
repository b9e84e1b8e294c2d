// The message store's own thread. It alone holds the SQLite connection, so a write that waits
// for a lock (another program with the database open), a slow fsync or a full disk holds up this
// thread and never the one that answers requests. Started by store-client.ts.
import { parentPort, workerData } from "node:worker_threads";
import { journalFile, openSentJournal, type SentJournal } from "./sent-journal.ts";
import { openDatabase, type MessageDatabase } from "./store.ts";
import { toFailure, type StoreReply, type StoreRequest } from "./store-protocol.ts";

const { dataDir } = workerData as { dataDir: string };
const port = parentPort!;
const post = (reply: StoreReply) => port.postMessage(reply);

/** Time kept back from a request's deadline for the answer to travel back. */
const marginMs = 150;
/** How long the background retry of "sent" marks waits for a lock, so it never holds up a visitor's message for long. */
const retryBusyMs = 200;

let db: MessageDatabase | null = null;
let journal: SentJournal;
// Accepted by the SMTP server, "sent" not yet in the database (it is in the journal): uid → time.
const unmarked = new Map<string, string>();
let retryTimer: NodeJS.Timeout | undefined;
let pendingAdds: (StoreRequest & { op: "add" })[] = [];

let opened = false;

/** The connection, opened again after an error that can leave it unusable (the file was read-only, or vanished). */
function database(): MessageDatabase {
  // Opening again while a visitor may be waiting: a lock met on the way must not take long.
  db ??= openDatabase(dataDir, { busyTimeoutMs: opened ? 1000 : 5000 });
  opened = true;
  return db;
}

function closeDatabase(): void {
  try {
    db?.close();
  } catch {
    // It is being replaced or the thread is ending anyway.
  }
  db = null;
}

function forget(error: unknown): void {
  if (["SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_CANTOPEN"].includes(toFailure(error).code)) closeDatabase();
}

const lateFailure = { code: "SITE_STORE_LATE", message: "the store was busy with earlier work until this request's deadline" };

function withBudget<T>(deadline: number, run: (store: MessageDatabase) => T): T {
  const left = deadline - Date.now() - marginMs;
  if (left <= 0) throw Object.assign(new Error(lateFailure.message), { code: lateFailure.code });
  const store = database();
  store.setBusyTimeout(left);
  return run(store);
}

/** Moves waiting "sent" marks into the database (saying how many, unless told not to); returns how many it moved. */
function recordMarks(busyMs: number, report = true): number {
  if (!unmarked.size) return 0;
  let count = 0;
  try {
    const store = database();
    store.setBusyTimeout(busyMs);
    for (const [uid, at] of unmarked) {
      store.markSent(uid, at);
      unmarked.delete(uid);
      count++;
      try {
        journal.clear(uid);
      } catch {
        // Harmless: at the next start the journal names a message that is already marked.
      }
    }
  } catch (error) {
    forget(error);
  }
  if (count && report) post({ event: "marks-recorded", count });
  if (unmarked.size && !retryTimer) retryTimer = setTimeout(retryMarks, 2000);
  return count;
}

function retryMarks(): void {
  retryTimer = undefined;
  recordMarks(retryBusyMs);
}

function markSent(uid: string, at: string, deadline: number): void {
  unmarked.set(uid, at);
  let journalError: unknown;
  try {
    journal.record(uid, at);
  } catch (error) {
    journalError = error;
  }
  try {
    withBudget(deadline, (store) => store.markSent(uid, at));
  } catch (error) {
    if (!retryTimer) retryTimer = setTimeout(retryMarks, 2000);
    if (journalError) throw new Error(`${toFailure(error).message}; the journal failed too: ${toFailure(journalError).message}`, { cause: error });
    throw error;
  }
  unmarked.delete(uid);
  try {
    journal.clear(uid);
  } catch {
    // Harmless: at the next start the journal names a message that is already marked.
  }
}

function commitAdds(): void {
  const batch = pendingAdds;
  pendingAdds = [];
  const now = Date.now();
  const live = batch.filter((request) => request.deadline - now > marginMs);
  for (const request of batch) if (!live.includes(request)) post({ call: request.call, failure: lateFailure });
  if (!live.length) return;
  try {
    const stored = withBudget(Math.min(...live.map((request) => request.deadline)), (store) => store.insert(live.map((request) => request.message)));
    live.forEach((request, index) => post({ call: request.call, value: stored[index] }));
    recordMarks(retryBusyMs);
  } catch (error) {
    forget(error);
    for (const request of live) post({ call: request.call, failure: toFailure(error) });
  }
}

function answer(request: StoreRequest, run: () => unknown): void {
  try {
    post({ call: request.call, value: run() });
  } catch (error) {
    forget(error);
    post({ call: request.call, failure: toFailure(error) });
  }
}

function handle(request: StoreRequest): void {
  switch (request.op) {
    case "add":
      // Messages that arrive together are committed together: one fsync for all of them.
      if (pendingAdds.push(request) === 1) setImmediate(commitAdds);
      return;
    case "unsent":
      return answer(request, () => withBudget(request.deadline, (store) => store.unsent(request.limit).filter((message) => !unmarked.has(message.uid))));
    case "markSending":
      return answer(request, () => withBudget(request.deadline, (store) => store.markSending(request.id, request.at)));
    case "markSent":
      return answer(request, () => markSent(request.uid, request.at, request.deadline));
    case "markFailed":
      return answer(request, () => withBudget(request.deadline, (store) => store.markFailed(request.id, request.error)));
    case "purge":
      return answer(request, () => withBudget(request.deadline, (store) => store.purge(new Date(request.before))));
    case "close":
      commitAdds();
      recordMarks(1000);
      clearTimeout(retryTimer);
      closeDatabase();
      journal.close();
      post({ call: request.call });
      port.close();
  }
}

try {
  const store = database();
  journal = openSentJournal(journalFile(store.file));
  // Accepted before the last run stopped, but the database could not say so then: marked now,
  // or as soon as the database takes writes, and never handed to the outbox meanwhile.
  for (const { uid, sentAt } of journal.entries()) unmarked.set(uid, sentAt);
  const reconciled = recordMarks(1000, false);
  const interrupted = store.interrupted().filter((message) => !unmarked.has(message.uid));
  post({ ready: true, reconciled, interrupted: interrupted.map((message) => message.id) });
  port.on("message", handle);
} catch (error) {
  post({ ready: false, failure: toFailure(error) });
  closeDatabase();
  port.close();
}
