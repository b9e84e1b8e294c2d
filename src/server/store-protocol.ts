import type { NewMessage } from "./store.ts";

/** What the request-serving thread asks of the store's thread. */
export type StoreOp =
  | { op: "add"; message: NewMessage }
  | { op: "unsent"; limit: number }
  | { op: "markSending"; id: number; at: string }
  | { op: "markSent"; uid: string; at: string }
  | { op: "markFailed"; id: number; error: string }
  | { op: "purge"; before: string }
  | { op: "close" };

/** Each request carries the moment after which its answer is no use: the store gives up on it then. */
export type StoreRequest = StoreOp & { call: number; deadline: number };

/** Why the store could not do something: SQLite's code (`SQLITE_BUSY`) or the system's (`ENOSPC`), and its text. */
export interface StoreFailure {
  code: string;
  message: string;
}

export type StoreReply =
  | { call: number; value?: unknown; failure?: StoreFailure }
  | { ready: true; reconciled: number; interrupted: number[] }
  | { ready: false; failure: StoreFailure }
  /** Accepted messages whose "sent" mark waited (store locked or full) are now marked. */
  | { event: "marks-recorded"; count: number };

/** The writes: their failures and successes start and end an episode of unavailability. */
export const writeOps: ReadonlySet<StoreOp["op"]> = new Set(["add", "markSending", "markSent", "markFailed", "purge"]);

const sqliteCodes: Record<number, string> = {
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  8: "SQLITE_READONLY",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  26: "SQLITE_NOTADB",
};

/** An error from node:sqlite or node:fs, as a failure that can cross to the other thread. */
export function toFailure(error: unknown): StoreFailure {
  const { errcode, errstr, code } = (error ?? {}) as { errcode?: unknown; errstr?: unknown; code?: unknown };
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 300);
  if (typeof errcode === "number") {
    const name = sqliteCodes[errcode & 0xff] ?? `SQLITE_${errcode}`;
    return { code: name, message: typeof errstr === "string" && !message.includes(errstr) ? `${message} (${errstr})` : message };
  }
  return { code: typeof code === "string" ? code : "ERROR", message };
}
