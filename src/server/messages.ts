import path from "node:path";
import { readStore, storeFileName, type StoredMessage } from "./store.ts";

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
  if (!store) return json ? "[]\n" : `No messages yet: there is no ${path.join(dataDir, storeFileName)}. Is SITE_DATA_DIR the server's?\n`;
  try {
    const messages = store.list({ unsent });
    if (json) return `${JSON.stringify(messages, null, 2)}\n`;
    if (!messages.length) return unsent ? "Every message has been e-mailed.\n" : "No messages yet.\n";
    return `${messages.map(formatMessage).join("\n")}\n${summary(messages, unsent)}\n`;
  } finally {
    store.close();
  }
}

/** Control characters shown as U+FFFD, so a stored text cannot drive the owner's terminal. */
function printable(text: string): string {
  return text.replace(/[\0-\x08\x0b-\x1f\x7f-\x9f]/g, "\uFFFD");
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

/** `2026-05-01T11:03:00.000Z` → `2026-05-01 14:03` in the machine's time zone. */
function localTime(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
