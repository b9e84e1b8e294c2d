import { isUtf8 } from "node:buffer";
import type { Problem } from "./errors.ts";

// Not fatal: where the bytes are not UTF-8, U+FFFD stands in for them and tells where they are.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The text of a file the owner edits (the config, a locale, a document): UTF-8, without the byte-order mark
 * an editor on Windows may write first. A file in another encoding (ISO-8859-7, an older Greek
 * one) is a problem at its first byte that is not UTF-8, never a page of `���`.
 */
export function sourceText(
  bytes: Uint8Array,
  file: string,
  message = "not UTF-8 text; save it as UTF-8 (your editor's encoding setting, often under Save As)",
): { text: string; problem?: undefined } | { text?: undefined; problem: Problem } {
  const decoded = decoder.decode(bytes);
  if (isUtf8(bytes)) return { text: decoded.startsWith("\uFEFF") ? decoded.slice(1) : decoded };
  // A U+FFFD written in the file (its three bytes) is text; the first that is not stands for the bad byte.
  let index = decoded.indexOf("\uFFFD");
  while (index !== -1) {
    const at = Buffer.byteLength(decoded.slice(0, index));
    if (bytes[at] !== 0xef || bytes[at + 1] !== 0xbf || bytes[at + 2] !== 0xbd) break;
    index = decoded.indexOf("\uFFFD", index + 1);
  }
  const before = decoded.slice(decoded.startsWith("\uFEFF") ? 1 : 0, index === -1 ? decoded.length : index);
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  return { problem: { file, line, column, message } };
}
