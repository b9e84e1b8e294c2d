import { chmodSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { assetsFolder } from "../shared/caching.ts";
import { createBuildStore, linkOrCopy } from "./build-store.ts";
import { digestOf } from "./cache-names.ts";

const compressible = /\.(html|js|css|xml|txt|svg|json)$/;

/**
 * Whether a file gets a `.br` copy beside it. There are no `.gz` copies: every browser takes
 * brotli, and for a client that does not, `site serve` and nginx compress on the fly (the few
 * such clients do not justify compressing every file twice on every build, a quarter of a large
 * site's build time, nor the extra files that count against a static host's limit).
 */
export function isCompressed(file: string, size: number): boolean {
  return compressible.test(file) && size > 256;
}

// Pages are many and change with every build: quality 6 keeps the build fast (5 costs as much and writes more; 11 would save about
// 1 KB a page and cost seconds). The few fingerprinted scripts get the best compression there is.
function brotliQuality(file: string): number {
  return file.startsWith(`${assetsFolder}/`) ? 11 : 6;
}

/** How a file's .br copy is made (brotliCopy): the same settings wherever it is made. */
export function brotliOptions(file: string, size: number): import("node:zlib").BrotliOptions {
  const { constants } = process.getBuiltinModule("node:zlib");
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file),
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
      // A window no larger than the file (64 KB at least): the same compression, less memory
      // to set up; and no larger than 1 MB: the sitemap of 5,930 pages (4.8 MB) came out no
      // smaller with 8 MB (42.8 KB either way), which the build held at its memory peak.
      [constants.BROTLI_PARAM_LGWIN]: Math.max(16, Math.min(20, Math.ceil(Math.log2(size + 1)))),
    },
  };
}

/**
 * A file's .br copy, as every build writes it. The compiled CLI makes its island scripts' copies
 * ahead of time with the same options (compiled-assets.ts), so they come out the same byte for byte.
 */
export function brotliCopy(file: string, content: Buffer): Buffer {
  // Loaded when a first copy is compressed: a build that makes nothing new never needs it.
  return process.getBuiltinModule("node:zlib").brotliCompressSync(content, brotliOptions(file, content.length));
}

/** The suffixes of a file's copies: the file itself, and its .br when it is compressed. */
export function copiesOf(file: string, size: number): string[] {
  return isCompressed(file, size) ? ["", ".br"] : [""];
}

/** A file made and kept elsewhere (an image cache entry), linked into the output as it is, under a digest of its own. */
export interface LinkedFile {
  from: string;
  digest: string;
}

export interface FileWriter {
  /**
   * Writes a file and its .br (`compressed` when it was made beforehand by brotliCopy), or links
   * a kept one (`LinkedFile`), or links the copies the store has of the same content: its digest
   * and size.
   */
  write(file: string, content: Buffer | LinkedFile, compressed?: Buffer): { digest: string; size: number };
  /**
   * Links the stored copies of `digest` in place of `file` (or leaves them where the output being
   * replaced already has them); false when one is missing (none is left linked then).
   */
  restore(file: string, digest: string, size: number): boolean;
}

/**
 * Writes files into `folder`, with their .br, and keeps them in the build store at `storeDir`
 * (see build-store.ts). A file whose stored copies the output being replaced (`current`) already
 * has, linked, is left there: write-site.ts moves only what is in `folder` into it. Synchronous,
 * for the writer's own thread (write-thread.ts): Node's synchronous calls take a few microseconds
 * each where the same as promises cost several times that in bookkeeping, and brotli in one call
 * costs a third less than as a stream (measured).
 */
export function createFileWriter(folder: string, storeDir: string | undefined, current?: string): FileWriter {
  const store = createBuildStore(storeDir);
  const folders = new Set<string>();
  const targetOf = (file: string) => {
    const target = path.join(folder, file);
    const parent = path.dirname(target);
    if (!folders.has(parent)) mkdirSync(parent, { recursive: true });
    folders.add(parent);
    return target;
  };
  // Read-only from the start when it is kept in the store (see build-store.ts).
  const mode = store.keeps ? 0o444 : 0o666;

  const restore = (file: string, digest: string, size: number) => {
    if (!store.keeps) return false;
    const suffixes = copiesOf(file, size);
    if (current !== undefined && suffixes.every((suffix) => store.holds(digest + suffix, path.join(current, file + suffix)))) return true;
    const target = targetOf(file);
    const linked: string[] = [];
    for (const suffix of suffixes) {
      if (!store.restore(digest + suffix, target + suffix)) {
        // The copies found are taken back: the file is written whole.
        for (const done of linked) unlinkSync(done);
        return false;
      }
      linked.push(target + suffix);
    }
    return true;
  };

  return {
    restore,
    write(file, source, compressed) {
      if (!Buffer.isBuffer(source)) {
        const { size, mode: kept } = statSync(source.from);
        if (isCompressed(file, size)) return this.write(file, readFileSync(source.from));
        if (restore(file, source.digest, size)) return { digest: source.digest, size };
        const target = targetOf(file);
        // Linked, the output shares the kept file: it must be read-only, as the store's are.
        if (kept & 0o222) chmodSync(source.from, 0o444);
        linkOrCopy(source.from, target);
        store.keep(target, source.digest);
        return { digest: source.digest, size };
      }
      const content = source;
      const digest = digestOf(content);
      const size = content.length;
      if (restore(file, digest, size)) return { digest, size };
      const target = targetOf(file);
      for (const suffix of copiesOf(file, size)) {
        const data = suffix === ".br" ? (compressed ?? brotliCopy(file, content)) : content;
        writeFileSync(target + suffix, data, { mode });
        store.keep(target + suffix, digest + suffix);
      }
      return { digest, size };
    },
  };
}
