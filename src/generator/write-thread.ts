// The build's writer, in a thread of its own (started by write-site.ts): it encodes, hashes,
// compresses and writes each file while the build's own thread renders the next pages.
import { parentPort, workerData } from "node:worker_threads";
import { createFileWriter, type LinkedFile } from "./write-files.ts";

export type WriteRequest = { id: number; file: string; content: string | Uint8Array | LinkedFile };
export type WriteReply = { id: number; digest: string; size: number } | { id: number; failure: { message: string; code?: string } };

const { folder, storeDir, current } = workerData as { folder: string; storeDir?: string; current?: string };
const writer = createFileWriter(folder, storeDir, current);
const port = parentPort!;

// Pages are encoded into one buffer, used again for each: thousands of pages leave no garbage behind.
let scratch = Buffer.allocUnsafeSlow(256 * 1024);
const encode = (text: string) => {
  const length = Buffer.byteLength(text);
  if (length > scratch.length) scratch = Buffer.allocUnsafeSlow(2 * length);
  return scratch.subarray(0, scratch.write(text));
};

port.on("message", ({ id, file, content }: WriteRequest) => {
  let reply: WriteReply;
  try {
    const source =
      typeof content === "string"
        ? encode(content)
        : content instanceof Uint8Array
          ? Buffer.from(content.buffer, content.byteOffset, content.byteLength)
          : content;
    reply = { id, ...writer.write(file, source) };
  } catch (error) {
    const { message, code } = error as NodeJS.ErrnoException;
    reply = { id, failure: { message, ...(code ? { code } : {}) } };
  }
  port.postMessage(reply);
});
