// The build's writer, in a thread of its own (started by write-site.ts): it encodes, hashes,
// compresses and writes each file while the build's own thread renders the next pages. It may
// start before the build knows where the files go (while the site is read): the first message
// says where.
import { parentPort } from "node:worker_threads";
import { createFileWriter, type FileWriter, type LinkedFile } from "./write-files.ts";
import { utf8Of } from "./utf8.ts";

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
