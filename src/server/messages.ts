import { existsSync } from "node:fs";
import path from "node:path";
import { retentionCutoff } from "../shared/retention.ts";
import { openDatabase, readStore, storeFileName, storeFiles, type StoredMessage } from "./store.ts";
import { showInvisible } from "./visible-text.ts";

/** What each command says where the data folder has no store yet. */
const noStore = (dataDir: string) => `No messages yet: there is no ${path.join(dataDir, storeFileName)}. Is SITE_DATA_DIR the server's?\n`;

export interface ListOptions {
  dataDir?: string;
  unsent?: boolean;
  json?: boolean;
}

/**
 * What `site messages` prints: every stored message (or only those not yet e-mailed), newest
 * last, as text for a person or as a JSON array for a script.
 */
export function listMessages({ dataDir = process.env.SITE_DATA_DIR || "data", unsent = false, json = false }: ListOptions = {}): string {
  const store = readStore(path.resolve(dataDir));
  if (!store) return json ? "[]\n" : noStore(dataDir);
  try {
    const messages = store.list({ unsent });
    if (json) return `${escapeInvisible(JSON.stringify(messages, null, 2))}\n`;
    if (!messages.length) return unsent ? "Every message has been e-mailed.\n" : "No messages yet.\n";
    return `${messages.map(formatMessage).join("\n")}\n${summary(messages, unsent)}\n`;
  } finally {
    store.close();
  }
}

/**
 * Deletes the messages received more than `olderThan` ago (`2y`, `18m`, `90d`), e-mailed or
 * not, overwriting their text in the database and truncating its WAL; says how many.
 */
export function purgeMessages({ dataDir = process.env.SITE_DATA_DIR || "data", olderThan }: { dataDir?: string; olderThan: string }): string {
  const folder = path.resolve(dataDir);
  if (!existsSync(storeFiles(folder).db)) return noStore(dataDir);
  const before = retentionCutoff(olderThan);
  const store = openDatabase(folder);
  try {
    const { deleted, unsent, walTruncated } = store.purge(before);
    const when = `received before ${localTime(before.toISOString())} (older than ${olderThan})`;
    const lines = [
      deleted
        ? `Deleted ${deleted} message${deleted === 1 ? "" : "s"} ${when}${unsent ? `, ${unsent} of them never e-mailed` : ""}.`
        : `No message was ${when}; nothing deleted.`,
    ];
    if (deleted && !walTruncated)
      lines.push(`Another program was reading the store, so ${storeFileName}-wal may still hold the deleted text until the next purge.`);
    return `${lines.join("\n")}\n`;
  } finally {
    store.close();
  }
}

/**
 * Deletes the messages with these numbers, e-mailed or not, overwriting their text in the
 * database and truncating its WAL as a purge does; says which it deleted, and which it did not find.
 */
export function deleteMessages({ dataDir = process.env.SITE_DATA_DIR || "data", ids }: { dataDir?: string; ids: readonly number[] }): {
  text: string;
  missing: number[];
} {
  const folder = path.resolve(dataDir);
  if (!existsSync(storeFiles(folder).db)) return { text: noStore(dataDir), missing: [...ids] };
  const store = openDatabase(folder);
  try {
    const { deleted, walTruncated } = store.remove([...new Set(ids)]);
    const found = new Set(deleted.map((message) => message.id));
    const lines = deleted.map((message) => `Deleted #${message.id}, received ${localTime(message.receivedAt)}${message.sentAt ? "" : " (never e-mailed)"}.`);
    if (deleted.length && !walTruncated)
      lines.push(`Another program was reading the store, so ${storeFileName}-wal may still hold the deleted text until the next deletion.`);
    return { text: lines.length ? `${lines.join("\n")}\n` : "", missing: ids.filter((id) => !found.has(id)) };
  } finally {
    store.close();
  }
}

/**
 * Control characters shown as U+FFFD, so a stored text cannot drive the owner's terminal, and
 * invisible or bidirectional ones as their code points (`<U+202E>`), so none can disguise it.
 */
function printable(text: string): string {
  return showInvisible(text.replace(/[\0-\x08\x0b-\x1f\x7f-\x9f]/g, "\uFFFD"));
}

/** JSON with those characters as `\u` escapes: still the exact text for a script, never a disguise on a terminal. */
function escapeInvisible(json: string): string {
  return json.replace(/[^\n\x20-\x7e]/gu, (char) =>
    /[\x7f-\x9f]/.test(char) || showInvisible(char) !== char
      ? char
          .split("")
          .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`)
          .join("")
      : char,
  );
}

function formatMessage(raw: StoredMessage): string {
  const message = {
    ...raw,
    name: printable(raw.name),
    phone: printable(raw.phone),
    email: printable(raw.email),
    message: printable(raw.message),
    lastError: raw.lastError && printable(raw.lastError),
  };
  const state = message.sentAt
    ? `e-mailed ${localTime(message.sentAt)}`
    : message.sendingAt
      ? `being e-mailed since ${localTime(message.sendingAt)} (attempt ${message.attempts})`
      : message.attempts
        ? `NOT e-mailed yet (${message.attempts} attempt${message.attempts > 1 ? "s" : ""}; ${message.lastError ?? "no error recorded"})`
        : "NOT e-mailed yet";
  const body = message.message
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
  return [
    `#${message.id}  ${localTime(message.receivedAt)}  [${message.lang}]  ${state}`,
    `  Name:   ${message.name}`,
    `  Phone:  ${message.phone}`,
    ...(message.email ? [`  E-mail: ${message.email}`] : []),
    `  Message:`,
    body,
    "",
  ].join("\n");
}

function summary(messages: StoredMessage[], unsent: boolean): string {
  const waiting = messages.filter((message) => !message.sentAt).length;
  return unsent
    ? `${waiting} message${waiting === 1 ? "" : "s"} not e-mailed yet.`
    : `${messages.length} message${messages.length === 1 ? "" : "s"}, ${waiting} not e-mailed yet.`;
}

/**
 * `2026-05-01T11:03:00.000Z` → `2026-05-01 14:03 UTC+03:00` in the machine's time zone, which
 * says itself: a server's clock is often UTC, and the owner reads it in Greece.
 */
function localTime(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(Math.abs(value)).padStart(2, "0");
  const offset = -date.getTimezoneOffset();
  const zone = offset ? `UTC${offset > 0 ? "+" : "-"}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}` : "UTC";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())} ${zone}`;
}
