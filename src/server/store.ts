import { randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { ContactMessage } from "./contact.ts";

/** A message as kept in the store. */
export interface StoredMessage extends ContactMessage {
  id: number;
  /** Stable across retries and restarts: the e-mail's Message-ID is built from it. */
  uid: string;
  receivedAt: string;
  /** The i18next code of the page it was sent from. */
  lang: string;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}

export interface MessageStore {
  /** Resolves once the message is on disk (fsync'd); only then may the visitor be told "sent". */
  add(message: ContactMessage & { lang: string }): Promise<StoredMessage>;
  unsent(limit?: number): StoredMessage[];
  list(options?: { unsent?: boolean }): StoredMessage[];
  markSent(id: number): void;
  markFailed(id: number, error: string): void;
  close(): void;
  readonly file: string;
}

export const storeFileName = "messages.db";

const schema = `
CREATE TABLE IF NOT EXISTS messages (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  uid         TEXT NOT NULL UNIQUE,
  received_at TEXT NOT NULL,
  lang        TEXT NOT NULL,
  name        TEXT NOT NULL,
  phone       TEXT NOT NULL,
  email       TEXT NOT NULL,
  message     TEXT NOT NULL,
  attempts    INTEGER NOT NULL DEFAULT 0,
  last_error  TEXT,
  sent_at     TEXT
);
CREATE INDEX IF NOT EXISTS messages_unsent ON messages (id) WHERE sent_at IS NULL;
`;

const columns = "id, uid, received_at AS receivedAt, lang, name, phone, email, message, attempts, last_error AS lastError, sent_at AS sentAt";

/**
 * The message store: SQLite in WAL mode with synchronous=FULL, so a committed message survives a
 * killed process or a power cut. Messages that arrive within one event-loop turn are committed
 * together (one fsync for all of them), and each sender is answered after that commit.
 */
export function openStore(dataDir: string): MessageStore {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, storeFileName);
  const fresh = !existsSync(file);
  const db = new DatabaseSync(file);
  // The messages are personal data: only the server's own user may read them.
  if (fresh) chmodSync(file, 0o600);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;");
  db.exec(schema);

  const insert = db.prepare(`INSERT INTO messages (uid, received_at, lang, name, phone, email, message) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${columns}`);
  const selectUnsent = db.prepare(`SELECT ${columns} FROM messages WHERE sent_at IS NULL ORDER BY id LIMIT ?`);
  const selectAll = db.prepare(`SELECT ${columns} FROM messages ORDER BY id`);
  const selectAllUnsent = db.prepare(`SELECT ${columns} FROM messages WHERE sent_at IS NULL ORDER BY id`);
  const updateSent = db.prepare("UPDATE messages SET sent_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ? AND sent_at IS NULL");
  const updateFailed = db.prepare("UPDATE messages SET attempts = attempts + 1, last_error = ? WHERE id = ?");

  type Pending = { message: ContactMessage & { lang: string }; resolve: (stored: StoredMessage) => void; reject: (error: unknown) => void };
  let pending: Pending[] = [];
  let closed = false;

  const commit = () => {
    const batch = pending;
    pending = [];
    if (!batch.length) return;
    if (closed) {
      for (const entry of batch) entry.reject(new Error("the message store is closed"));
      return;
    }
    const stored: StoredMessage[] = [];
    try {
      db.exec("BEGIN IMMEDIATE");
      const receivedAt = new Date().toISOString();
      for (const { message } of batch)
        stored.push(
          insert.get(randomUUID(), receivedAt, message.lang, message.name, message.phone, message.email, message.message) as unknown as StoredMessage,
        );
      db.exec("COMMIT");
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      for (const entry of batch) entry.reject(error);
      return;
    }
    batch.forEach((entry, index) => entry.resolve(stored[index]!));
  };

  return {
    file,
    add(message) {
      return new Promise((resolve, reject) => {
        if (closed) return reject(new Error("the message store is closed"));
        if (pending.push({ message, resolve, reject }) === 1) setImmediate(commit);
      });
    },
    unsent: (limit = 1000) => selectUnsent.all(limit) as unknown as StoredMessage[],
    list: ({ unsent = false } = {}) => (unsent ? selectAllUnsent : selectAll).all() as unknown as StoredMessage[],
    markSent(id) {
      updateSent.run(new Date().toISOString(), id);
    },
    markFailed(id, error) {
      updateFailed.run(error.slice(0, 500), id);
    },
    close() {
      if (closed) return;
      commit();
      closed = true;
      db.close();
    },
  };
}

/** Opens an existing store for reading only (`site messages`); null when there is none yet. */
export function readStore(dataDir: string): { list(options?: { unsent?: boolean }): StoredMessage[]; close(): void; file: string } | null {
  const file = path.join(dataDir, storeFileName);
  if (!existsSync(file)) return null;
  const db = new DatabaseSync(file, { readOnly: true });
  db.exec("PRAGMA busy_timeout = 5000;");
  const query = (unsent: boolean) => db.prepare(`SELECT ${columns} FROM messages ${unsent ? "WHERE sent_at IS NULL " : ""}ORDER BY id`);
  return {
    file,
    list: ({ unsent = false } = {}) => query(unsent).all() as unknown as StoredMessage[],
    close: () => db.close(),
  };
}
