import { createHash, type Hash } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";
import { threadId } from "node:worker_threads";
import { utf8Of } from "./utf8.ts";

/** `sha256` of the parts, as hex: how the build cache and the image cache name what they keep. */
export function digestOf(...parts: (string | Buffer)[]): string {
  const hash = createHash("sha256");
  // A long text (a document's Markdown, a page) is hashed as the same UTF-8, encoded faster (utf8.ts).
  for (const part of parts) hash.update(typeof part === "string" && part.length > 1024 ? utf8Of(part) : part).update("\0");
  return hash.digest("hex");
}

// One buffer for every file hashed on this thread: the reads are synchronous, never interleaved.
const chunk = Buffer.allocUnsafe(1 << 20);

/** Feeds the file's bytes into `hash` a megabyte at a time (a photo of 20 MB is never held whole). */
export function hashFile(hash: Hash, file: string): Hash {
  const descriptor = openSync(file, "r");
  try {
    for (let read = readSync(descriptor, chunk); read > 0; read = readSync(descriptor, chunk)) hash.update(chunk.subarray(0, read));
  } finally {
    closeSync(descriptor);
  }
  return hash;
}

/** digestOf(part, the file's bytes), the file read a megabyte at a time: the same framing as digestOf's. */
export function digestOfFile(part: string, file: string): string {
  return hashFile(createHash("sha256").update(part).update("\0"), file).update("\0").digest("hex");
}

let written = 0;

/**
 * A name of its own for a file being written, renamed to `file` once whole: a build stopped
 * halfway leaves no half file, and two writes of the same file (two processes, two threads) never share one.
 */
export function partialName(file: string): string {
  written += 1;
  return `${file}.${process.pid}.${threadId}.${written}.partial`;
}
