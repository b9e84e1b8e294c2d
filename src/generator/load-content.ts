import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { access } from "node:fs/promises";
import path from "node:path";
import type { SiteConfig } from "../shared/config.ts";
import type { ContentDocument } from "../shared/content.ts";
import { codeToLanguage } from "../shared/languages.ts";
import { digestOf } from "./cache-names.ts";
import { ProblemList, type Problem } from "./errors.ts";
import { listFiles } from "./list-files.ts";
import { sourceText } from "./source-text.ts";
import type { ReadResult } from "./read-document.ts";
import type { ReadJob, ReadReply } from "./read-thread.ts";

/** What loadContent found: the documents to publish, and the drafts it left out. */
export interface LoadedContent {
  documents: ContentDocument[];
  /** Posts marked `draft: true` that were left out (not read further, so a half-written draft never fails a build). */
  draftsLeftOut: DraftLeftOut[];
  /** The keys of `known` this read used: what a session keeps for next time. */
  used?: Set<string>;
}

/** A draft left out: by site build, always; by site dev, while it has `problems` (what is still to fill). */
type DraftLeftOut = { id: string; code: string; file: string; problems?: Problem[] };

/** What reading one file gave: its document, or the draft it is. */
export type DocumentRead = { document: ContentDocument } | { draft: DraftLeftOut };

/**
 * Documents read before, by a digest of everything a read depends on (the file's name and text,
 * the config, the generator): a build or `site dev` reads again only the files that changed.
 */
export type KnownReads = Map<string, DocumentRead>;

export interface ContentOptions {
  /** Read drafts too (`site dev`). */
  drafts?: boolean;
  known?: KnownReads;
  /** A digest of what every read depends on beyond the file itself: the config and the generator. */
  context?: string;
  /**
   * The texts read last time, by file (`blog/x/en.md`), and the files changed since: with them,
   * only the changed files are read again (`site dev` knows them from its watcher).
   */
  texts?: Map<string, { text: string; key?: string; context?: string }>;
  changed?: ReadonlySet<string>;
  /** Every file under `dir`, as listFiles lists them, where the caller has listed them already. */
  listed?: readonly string[];
}

/**
 * Reads every Markdown document under `dir`:
 * services/<family>/<slug>/<code>.md, blog/<slug>/<code>.md (or blog/<year>/<slug>/<code>.md)
 * and pages/<slug>/<code>.md. Drafts are read only with `drafts: true` (`site dev`). A file whose
 * read is known (`known`, by the digest of its text and context) is not parsed again; the reads
 * made are added to `known`.
 */
export async function loadContent(
  dir: string,
  config: SiteConfig,
  label: (file: string) => string = (file) => file,
  { drafts = false, known = new Map(), context = "", texts, changed, listed }: ContentOptions = {},
): Promise<LoadedContent> {
  const problems = new ProblemList();
  // site dev knows from its watcher what was added and removed since the last read: no listing.
  const everyFile = texts && changed ? [...changed] : (listed ?? (await listFiles(dir)));
  for (const file of everyFile) {
    const problem = strayDocument(file);
    if (problem && (!changed || existsSync(path.join(dir, file)))) problems.add(label(path.join(dir, file)), problem);
  }
  const files = texts && changed ? await knownFiles(dir, texts, changed) : everyFile.filter((file) => file.endsWith(".md"));
  // A file the watcher saw no change in is taken as it was read last time, key and all.
  const earlier = files.map((relative) => (changed && !changed.has(relative) ? texts?.get(relative) : undefined));
  // Only the files not kept are read, with synchronous calls: for 5,000 files, a quarter of the
  // CPU of as many promises (each read's open, stat, read and close costs bookkeeping of its own:
  // measured), and no slower, the files being in the disk's cache.
  // A file read now is hashed as the bytes read, and only then decoded: for a file in UTF-8, the
  // same digest as its text's, without encoding the text again (5,000 documents: 0.6 of the time).
  const contents = files.map((relative, index) => earlier[index]?.text ?? readFileSync(path.join(dir, relative)));
  // Decoded as UTF-8, without a byte order mark; a file in another encoding is named, and not read.
  const undecoded = new Map<number, Problem>();
  const sources = contents.map((content, index) => {
    if (typeof content === "string") return content;
    const { text, problem } = sourceText(content, label(path.join(dir, files[index]!)), notUtf8);
    if (text !== undefined) return text;
    undecoded.set(index, problem);
    return "";
  });
  // (The context is compared on its own: a key's startsWith(context) costs more than the rest of the loop.)
  const keys = files.map((relative, index) => {
    const kept = earlier[index];
    return kept?.key && kept.context === context ? kept.key : `${context} ${digestOf(dir, relative, contents[index]!, String(drafts))}`;
  });
  if (texts)
    // A file that could not be decoded is read again next time, and named again.
    files.forEach(
      (relative, index) =>
        !undecoded.has(index) && earlier[index]?.key !== keys[index] && texts.set(relative, { text: sources[index]!, key: keys[index], context }),
    );
  // The files not known from an earlier read are parsed; one with a problem is left out, and named.
  const unknown = files.flatMap((_relative, index) => (known.has(keys[index]!) || undecoded.has(index) ? [] : [index]));
  const reads = new Map<number, ReadResult>();
  if (unknown.length) {
    const results = await readFiles(
      dir,
      unknown,
      (index) => ({ relative: files[index]!, label: label(path.join(dir, files[index]!)), text: sources[index]! }),
      config,
      drafts,
    );
    unknown.forEach((index, position) => reads.set(index, results[position]!));
  }
  // Problems in the files' order, those of decoding among them.
  files.forEach((_relative, index) => {
    const notDecoded = undecoded.get(index);
    if (notDecoded) return void problems.push(notDecoded);
    const { read, problems: found } = reads.get(index) ?? { problems: [] };
    problems.push(...found);
    if (!found.length && read) known.set(keys[index]!, read);
  });
  const loaded: LoadedContent = { documents: [], draftsLeftOut: [], used: new Set() };
  for (const key of keys) {
    const result = known.get(key);
    if (!result) continue;
    loaded.used!.add(key);
    if ("document" in result) loaded.documents.push(result.document);
    else loaded.draftsLeftOut.push(result.draft);
  }
  if (texts && texts.size !== files.length) {
    const present = new Set(files);
    for (const relative of texts.keys()) if (!present.has(relative)) texts.delete(relative);
  }
  problems.throwIfAny();
  return loaded;
}

const notUtf8 =
  "is not saved as UTF-8 (the characters shown as \uFFFD here could not be read); save it as UTF-8 (in Notepad: Save as, Encoding: UTF-8) and build again";

/**
 * Why a file that looks like a document is not read as one, if it does: `en.md.txt` (as Notepad
 * saves it), `en.markdown`, `en.MD`, a text or word processor's file. Only `<code>.md` is read.
 */
export function strayDocument(file: string): string | undefined {
  const name = path.posix.basename(file);
  const code = name.split(".")[0]!;
  const named = codeToLanguage(code) ? `${code}.md` : "<language>.md (en.md)";
  if (/\.md$/i.test(name) && !name.endsWith(".md")) return `is not read: a document's name ends in .md, in small letters; rename it to ${named}`;
  if (/\.(md\.txt|markdown|mdown|mkdn?|mdwn|txt|text)$/i.test(name)) return `is not read: a document is a text file named ${named}; rename it to ${named}`;
  if (/\.(docx?|odt|rtf|pages)$/i.test(name))
    return `is not read: a document is plain text in Markdown, not a word processor's file; copy its text into a file named ${named} (see README, "A blog post")`;
  return undefined;
}

/** The Markdown files there are now: those read last time and those changed since, where they still are. */
async function knownFiles(dir: string, texts: Map<string, unknown>, changed: ReadonlySet<string>): Promise<string[]> {
  const files = new Set(texts.keys());
  for (const file of changed) {
    if (!file.endsWith(".md")) continue;
    const there = await access(path.join(dir, file)).then(
      () => true,
      () => false,
    );
    if (there) files.add(file);
    else files.delete(file);
  }
  // In the order they were read, sorted as listFiles sorts, unless a file was added: checked, not sorted again.
  const list = [...files];
  return list.every((file, index) => index === 0 || list[index - 1]! < file) ? list : list.sort();
}

/** Below this many documents to read, a second reader costs more to start than it saves (measured). */
export const secondReaderFrom = 400;
/** Documents handed to the second reader at a time; it is given the next before it has finished one. */
const batchSize = 40;

type FileToRead = ReadJob["files"][number];

/**
 * Reads the documents at `indexes` (of the site's files): on this thread, and where there are
 * many and a second core, in a second thread too (read-thread.ts), which takes them in batches
 * from the end of the list while this one reads from its start. What each read gave, in order.
 */
async function readFiles(dir: string, indexes: number[], fileAt: (index: number) => FileToRead, config: SiteConfig, drafts: boolean): Promise<ReadResult[]> {
  const { readOne } = await import("./read-document.ts");
  const results: ReadResult[] = new Array(indexes.length);
  const readHere = (position: number) => {
    const { relative, label, text } = fileAt(indexes[position]!);
    results[position] = readOne(dir, relative, label, text, config, drafts);
  };
  let front = 0;
  if (indexes.length < secondReaderFrom || availableParallelism() < 2) {
    for (; front < indexes.length; front++) readHere(front);
    return results;
  }

  let back = indexes.length;
  let sent = 0;
  let failure: Error | undefined;
  let finished: () => void = () => {};
  const thread = new Worker(new URL("./read-thread.ts", import.meta.url), { workerData: { dir, config, drafts } });
  const send = () => {
    if (back <= front || failure) return;
    const first = Math.max(front, back - batchSize);
    const job: ReadJob = { first, files: indexes.slice(first, back).map(fileAt) };
    back = first;
    sent++;
    thread.postMessage(job);
  };
  const fail = (error: Error) => {
    failure ??= error;
    finished();
  };
  thread.on("message", (reply: ReadReply) => {
    sent--;
    if ("failure" in reply) return fail(Object.assign(new Error(reply.failure.message), { stack: reply.failure.stack }));
    reply.reads.forEach((read, offset) => (results[reply.first + offset] = read));
    send();
    if (sent === 0) finished();
  });
  thread.on("error", fail);
  thread.on("exit", (code) => fail(new Error(`the second reader of documents stopped (exit code ${code})`)));
  try {
    // Two batches ahead, so that it has the next while this thread is busy with its own.
    send();
    send();
    while (front < back) {
      const end = Math.min(back, front + batchSize);
      for (; front < end; front++) readHere(front);
      // Its replies are taken (and more sent) between this thread's own batches.
      await new Promise(setImmediate);
    }
    if (sent > 0 && !failure) await new Promise<void>((resolve) => (finished = resolve));
    if (failure) throw failure;
    return results;
  } finally {
    thread.removeAllListeners("exit");
    await thread.terminate();
  }
}
