import { createHash } from "node:crypto";
import { threadId } from "node:worker_threads";
import { utf8Of } from "./utf8.ts";

/** `sha256` of the parts, as hex: how the build cache and the image cache name what they keep. */
export function digestOf(...parts: (string | Buffer)[]): string {
  const hash = createHash("sha256");
  // A long text (a document's Markdown, a page) is hashed as the same UTF-8, encoded faster (utf8.ts).
  for (const part of parts) hash.update(typeof part === "string" && part.length > 1024 ? utf8Of(part) : part).update("\0");
  return hash.digest("hex");
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
