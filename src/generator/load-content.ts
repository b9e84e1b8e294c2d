import { readFileSync } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";
import type { SiteConfig } from "../shared/config.ts";
import type { ContentDocument } from "../shared/content.ts";
import { digestOf } from "./cache-names.ts";
import { ProblemList } from "./errors.ts";
import { listFiles } from "./list-files.ts";

/** What loadContent found: the documents to publish, and the drafts it left out. */
export interface LoadedContent {
  documents: ContentDocument[];
  /** Posts marked `draft: true` that were left out (not read further, so a half-written draft never fails a build). */
  draftsLeftOut: DraftLeftOut[];
  /** The keys of `known` this read used: what a session keeps for next time. */
  used?: Set<string>;
}

type DraftLeftOut = { id: string; code: string; file: string };

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
  { drafts = false, known = new Map(), context = "", texts, changed }: ContentOptions = {},
): Promise<LoadedContent> {
  const problems = new ProblemList();
  // site dev knows from its watcher what was added and removed since the last read: no listing.
  const files = texts && changed ? await knownFiles(dir, texts, changed) : (await listFiles(dir)).filter((file) => file.endsWith(".md"));
  // A file the watcher saw no change in is taken as it was read last time, key and all.
  const earlier = files.map((relative) => (changed && !changed.has(relative) ? texts?.get(relative) : undefined));
  // Only the files not kept are read, with synchronous calls: for 5,000 files, a quarter of the
  // CPU of as many promises (each read's open, stat, read and close costs bookkeeping of its own:
  // measured), and no slower, the files being in the disk's cache.
  const sources = files.map((relative, index) => earlier[index]?.text ?? readFileSync(path.join(dir, relative), "utf8"));
  // (The context is compared on its own: a key's startsWith(context) costs more than the rest of the loop.)
  const keys = files.map((relative, index) => {
    const kept = earlier[index];
    return kept?.key && kept.context === context ? kept.key : `${context} ${digestOf(dir, relative, sources[index]!, String(drafts))}`;
  });
  if (texts)
    files.forEach((relative, index) => earlier[index]?.key !== keys[index] && texts.set(relative, { text: sources[index]!, key: keys[index], context }));
  // The files not known from an earlier read are parsed; one with a problem is left out, and named.
  const unknown = files.flatMap((_relative, index) => (known.has(keys[index]!) ? [] : [index]));
  if (unknown.length) {
    const { readDocument } = await import("./read-document.ts");
    for (const index of unknown) {
      const relative = files[index]!;
      const before = problems.items.length;
      const draftsLeftOut: DraftLeftOut[] = [];
      const document = readDocument(dir, relative, label(path.join(dir, relative)), sources[index]!, config, problems, drafts, draftsLeftOut);
      const result = document ? { document } : draftsLeftOut[0] ? { draft: draftsLeftOut[0] } : undefined;
      if (problems.items.length === before && result) known.set(keys[index]!, result);
    }
  }
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
