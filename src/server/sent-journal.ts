import { closeSync, constants, fdatasyncSync, fstatSync, openSync, readSync, writeSync } from "node:fs";

const slotBytes = 64;
const slots = 1024;
const journalBytes = slotBytes * slots;

/** The journal beside the database: `messages.db-sent`. */
export function journalFile(dbFile: string): string {
  return `${dbFile}-sent`;
}

/**
 * The messages the SMTP server accepted whose "sent" mark the database could not take yet
 * (locked, disk full, read-only). One 64-byte slot each (`<uid> <time>`), written in place and
 * fdatasync'd before the database is even tried; cleared once the mark is in the database. The
 * file is allocated in full (64 KB of zeros) when it is created, so recording needs no new disk
 * space: it still works on a full disk, where the database cannot grow. At start-up its entries
 * are moved into the database, so a message accepted before a restart is never sent again.
 */
export interface SentJournal {
  record(uid: string, sentAt: string): void;
  clear(uid: string): void;
  entries(): { uid: string; sentAt: string }[];
  close(): void;
}

export function openSentJournal(file: string): SentJournal {
  const handle = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o600);
  const size = fstatSync(handle).size;
  if (size < journalBytes) {
    writeSync(handle, Buffer.alloc(journalBytes - size), 0, journalBytes - size, size);
    fdatasyncSync(handle);
  }
  const taken = new Map<string, { slot: number; sentAt: string }>();
  const content = Buffer.alloc(journalBytes);
  readSync(handle, content, 0, journalBytes, 0);
  for (let slot = 0; slot < slots; slot++) {
    const match = /^([0-9a-f-]{36}) (\S+)\n/.exec(content.subarray(slot * slotBytes, (slot + 1) * slotBytes).toString("latin1"));
    if (match) taken.set(match[1]!, { slot, sentAt: match[2]! });
  }
  const write = (slot: number, text: string) => {
    const bytes = Buffer.alloc(slotBytes);
    bytes.write(text, "latin1");
    writeSync(handle, bytes, 0, slotBytes, slot * slotBytes);
    fdatasyncSync(handle);
  };
  return {
    record(uid, sentAt) {
      if (taken.has(uid)) return;
      const used = new Set([...taken.values()].map((entry) => entry.slot));
      let slot = 0;
      while (used.has(slot)) slot++;
      if (slot >= slots) throw new Error(`${file} is full: ${slots} accepted messages wait for the database`);
      write(slot, `${uid} ${sentAt}\n`);
      taken.set(uid, { slot, sentAt });
    },
    clear(uid) {
      const entry = taken.get(uid);
      if (!entry) return;
      write(entry.slot, "");
      taken.delete(uid);
    },
    entries: () => [...taken].map(([uid, { sentAt }]) => ({ uid, sentAt })),
    close() {
      closeSync(handle);
    },
  };
}
