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
  /** Delivery attempts begun, the one in progress included. */
  attempts: number;
  lastError: string | null;
  /** Set while a delivery attempt is open: the SMTP server may be holding the message. */
  sendingAt: string | null;
  sentAt: string | null;
}

export type NewMessage = ContactMessage & { lang: string };

/**
 * The message store's database, synchronous: only the store's own thread (store-thread.ts) and
 * the `site messages` command use it directly, never the thread that answers requests.
 */
export interface MessageDatabase {
  readonly file: string;
  /** Stores messages in one transaction (one fsync for all); they are on disk when it returns. */
  insert(messages: NewMessage[]): StoredMessage[];
  unsent(limit?: number): StoredMessage[];
  list(options?: { unsent?: boolean }): StoredMessage[];
  /** Records a delivery attempt before the SMTP server hears of the message. */
  markSending(id: number, at: string): void;
  /** Records that the SMTP server accepted the message; false if it was already marked (or deleted). */
  markSent(uid: string, at: string): boolean;
  /** Records a delivery attempt that certainly did not deliver the message. */
  markFailed(id: number, error: string): void;
  /** Messages whose delivery attempt was still open when the last run stopped. */
  interrupted(): StoredMessage[];
  /** Deletes the messages received before `before`, overwriting their text (and vacuuming), and truncates the WAL. */
  purge(before: Date): { deleted: number; unsent: number; walTruncated: boolean };
  /** Deletes the messages with these numbers, the same way (a visitor's request for erasure); with those it found. */
  remove(ids: readonly number[]): { deleted: StoredMessage[]; walTruncated: boolean };
  /** How long a write waits for another connection's lock before it fails with SQLITE_BUSY. */
  setBusyTimeout(ms: number): void;
  close(): void;
}

export const storeFileName = "messages.db";

/** The database and the files SQLite keeps beside it: what must be writable. */
export function storeFiles(dataDir: string): { db: string; wal: string; shm: string } {
  const db = path.join(dataDir, storeFileName);
  return { db, wal: `${db}-wal`, shm: `${db}-shm` };
}

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
  sent_at     TEXT,
  sending_at  TEXT
);
CREATE INDEX IF NOT EXISTS messages_unsent ON messages (id) WHERE sent_at IS NULL;
`;

const baseColumns = "id, uid, received_at AS receivedAt, lang, name, phone, email, message, attempts, last_error AS lastError, sent_at AS sentAt";
const columns = `${baseColumns}, sending_at AS sendingAt`;

/**
 * Opens (and creates, mode 0600 in a 0700 folder) the store: SQLite in WAL mode with
 * synchronous=FULL, so a committed message survives a killed process or a power cut, and
 * secure_delete, so a deleted message's text is overwritten rather than left in free pages
 * (temporary tables, VACUUM's among them, stay in memory rather than in files).
 */
export function openDatabase(dataDir: string, { busyTimeoutMs = 5000 } = {}): MessageDatabase {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = storeFiles(dataDir).db;
  const fresh = !existsSync(file);
  const db = new DatabaseSync(file);
  // The messages are personal data: only the server's own user may read them.
  if (fresh) chmodSync(file, 0o600);
  db.exec(
    `PRAGMA busy_timeout = ${busyTimeoutMs}; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA secure_delete = ON; PRAGMA temp_store = MEMORY;`,
  );
  db.exec(schema);
  // Stores made before delivery attempts were recorded.
  if (!hasColumn(db, "sending_at")) db.exec("ALTER TABLE messages ADD COLUMN sending_at TEXT");

  const insert = db.prepare(`INSERT INTO messages (uid, received_at, lang, name, phone, email, message) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${columns}`);
  const selectUnsent = db.prepare(`SELECT ${columns} FROM messages WHERE sent_at IS NULL ORDER BY id LIMIT ?`);
  const selectAll = db.prepare(`SELECT ${columns} FROM messages ORDER BY id`);
  const selectAllUnsent = db.prepare(`SELECT ${columns} FROM messages WHERE sent_at IS NULL ORDER BY id`);
  const selectInterrupted = db.prepare(`SELECT ${columns} FROM messages WHERE sent_at IS NULL AND sending_at IS NOT NULL ORDER BY id`);
  const updateSending = db.prepare("UPDATE messages SET sending_at = ?, attempts = attempts + 1 WHERE id = ? AND sent_at IS NULL");
  const updateSent = db.prepare("UPDATE messages SET sent_at = ?, sending_at = NULL, last_error = NULL WHERE uid = ? AND sent_at IS NULL");
  const updateFailed = db.prepare("UPDATE messages SET last_error = ?, sending_at = NULL WHERE id = ? AND sent_at IS NULL");
  const countOld = db.prepare("SELECT count(*) AS total, count(*) FILTER (WHERE sent_at IS NULL) AS unsent FROM messages WHERE received_at < ?");
  const deleteOld = db.prepare("DELETE FROM messages WHERE received_at < ?");
  const deleteOne = db.prepare(`DELETE FROM messages WHERE id = ? RETURNING ${columns}`);

  /** Runs `change` in a write transaction, then leaves no copy of what it deleted in the file or its WAL. */
  const erase = <T>(change: () => T, deletedAny: (result: T) => boolean): T & { walTruncated: boolean } => {
    db.exec("BEGIN IMMEDIATE");
    let result: T;
    try {
      result = change();
      db.exec("COMMIT");
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
    // secure_delete zeroed the deleted rows. VACUUM rewrites the file as well, leaving none of
    // the stale copies a row's earlier updates may have left in a page's free space (in a store
    // written before secure_delete, or by another program). Older copies of pages may still sit
    // in the WAL until it is checkpointed and truncated.
    if (deletedAny(result)) db.exec("VACUUM");
    const checkpoint = db.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get() as { busy: number } | undefined;
    return { ...result, walTruncated: checkpoint?.busy === 0 };
  };

  return {
    file,
    insert(messages) {
      const receivedAt = new Date().toISOString();
      db.exec("BEGIN IMMEDIATE");
      try {
        const stored = messages.map(
          (message) =>
            insert.get(randomUUID(), receivedAt, message.lang, message.name, message.phone, message.email, message.message) as unknown as StoredMessage,
        );
        db.exec("COMMIT");
        return stored;
      } catch (error) {
        if (db.isTransaction) db.exec("ROLLBACK");
        throw error;
      }
    },
    unsent: (limit = 1000) => selectUnsent.all(limit) as unknown as StoredMessage[],
    list: ({ unsent = false } = {}) => (unsent ? selectAllUnsent : selectAll).all() as unknown as StoredMessage[],
    markSending(id, at) {
      updateSending.run(at, id);
    },
    markSent: (uid, at) => updateSent.run(at, uid).changes > 0,
    markFailed(id, error) {
      updateFailed.run(error.slice(0, 500), id);
    },
    interrupted: () => selectInterrupted.all() as unknown as StoredMessage[],
    purge(before) {
      const cutoff = before.toISOString();
      return erase(
        () => {
          const counts = countOld.get(cutoff) as unknown as { total: number; unsent: number };
          deleteOld.run(cutoff);
          return { deleted: counts.total, unsent: counts.unsent };
        },
        (result) => result.deleted > 0,
      );
    },
    remove(ids) {
      return erase(
        () => ({ deleted: ids.flatMap((id) => deleteOne.all(id) as unknown as StoredMessage[]) }),
        (result) => result.deleted.length > 0,
      );
    },
    setBusyTimeout(ms) {
      db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(ms))}`);
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}

function hasColumn(db: DatabaseSync, column: string): boolean {
  return (db.prepare("PRAGMA table_info(messages)").all() as { name: string }[]).some((row) => row.name === column);
}

/** Opens an existing store for reading only (`site messages`); null when there is none yet. */
export function readStore(dataDir: string): { list(options?: { unsent?: boolean }): StoredMessage[]; close(): void; file: string } | null {
  const file = storeFiles(dataDir).db;
  if (!existsSync(file)) return null;
  const db = new DatabaseSync(file, { readOnly: true });
  db.exec("PRAGMA busy_timeout = 5000;");
  // A store the server has not opened since delivery attempts were recorded lacks that column.
  const selected = hasColumn(db, "sending_at") ? columns : `${baseColumns}, NULL AS sendingAt`;
  const query = (unsent: boolean) => db.prepare(`SELECT ${selected} FROM messages ${unsent ? "WHERE sent_at IS NULL " : ""}ORDER BY id`);
  return {
    file,
    list: ({ unsent = false } = {}) => query(unsent).all() as unknown as StoredMessage[],
    close: () => db.close(),
  };
}
