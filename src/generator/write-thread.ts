// The build's writer, in a thread of its own (started by write-site.ts): it encodes, hashes,
// compresses and writes each file while the build's own thread renders the next pages. It may
// start before the build knows where the files go (while the site is read): the first message
// says where.
import { parentPort } from "node:worker_threads";
import { languages } from "../shared/languages.ts";
import { createFileWriter, type FileWriter, type LinkedFile } from "./write-files.ts";
import { utf8Of } from "./utf8.ts";

// Started while the site is read, the thread has nothing to write yet: it loads the locale data
// of the pages' dates, prices, plurals and names in every language. ICU keeps that data for the
// whole process, so the build's thread finds it loaded (the first formatters it makes cost
// some 25 ms more otherwise).
for (const { intl } of languages) {
  new Intl.DateTimeFormat(intl, { dateStyle: "long", timeZone: "UTC" }).formatToParts(0);
  new Intl.NumberFormat(intl, { style: "currency", currency: "EUR", maximumFractionDigits: 0 }).format(1);
  new Intl.PluralRules(intl).select(2);
  new Intl.ListFormat(intl, { type: "conjunction" }).format(["a", "b"]);
  new Intl.DisplayNames([intl], { type: "region" }).of("GR");
  new Intl.DisplayNames([intl], { type: "language" }).of("el");
}

/** Where to write; `written` counts the files written, read by the build's thread as they are (see write-site.ts). */
export type WriteOpen = { open: { folder: string; storeDir?: string; current?: string; written: Int32Array } };
export type WriteRequest = { id: number; file: string; content: string | Uint8Array | LinkedFile; compressed?: Uint8Array };
export type WriteReply = { id: number; digest: string; size: number } | { id: number; failure: { message: string; code?: string } };

const port = parentPort!;
let writer: FileWriter | undefined;
let written: Int32Array | undefined;

port.on("message", (message: WriteOpen | WriteRequest) => {
  if ("open" in message) {
    const { folder, storeDir, current } = message.open;
    written = message.open.written;
    writer = createFileWriter(folder, storeDir, current);
    return;
  }
  const { id, file, content, compressed } = message;
  let reply: WriteReply;
  try {
    const source =
      typeof content === "string"
        ? utf8Of(content)
        : content instanceof Uint8Array
          ? Buffer.from(content.buffer, content.byteOffset, content.byteLength)
          : content;
    const copy = compressed && Buffer.from(compressed.buffer, compressed.byteOffset, compressed.byteLength);
    reply = { id, ...writer!.write(file, source, copy) };
  } catch (error) {
    const { message, code } = error as NodeJS.ErrnoException;
    reply = { id, failure: { message, ...(code ? { code } : {}) } };
  }
  Atomics.add(written!, 0, 1);
  port.postMessage(reply);
});
