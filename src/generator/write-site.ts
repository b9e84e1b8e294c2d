import { mkdirSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { assetsFolder } from "../shared/caching.ts";
import type { BuildStore } from "./build-store.ts";
import { digestOf } from "./cache-names.ts";

const brotli = promisify(zlib.brotliCompress);
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

// Each file's compression runs on libuv's thread pool with buffers of its own: started all at
// once for thousands of pages, they held gigabytes. A few more files than threads keep it busy.
const writeConcurrency = 2 * os.availableParallelism();

export interface OutputFile {
  path: string;
  /** The file's content, or how to make it (drawn in turn with the writes, a few at a time). */
  content: string | Buffer | (() => Promise<Buffer>);
}

/** The output being written: files go to a fresh folder beside `outDir`, swapped in by commit(). */
export interface SiteOutput {
  /**
   * Writes a file with its .br (or links the copies a build made before of the same content);
   * resolves once there is room for the next one.
   */
  write(file: OutputFile): Promise<void>;
  /** Links a file a build made before (and its copies) from the store. */
  reuse(file: string, made: { digest: string; size: number }): Promise<void>;
  /** The files `reuse` could not find in the store (removed since): to make anew. */
  missing(): Promise<string[]>;
  /** Removes files (and their copies) from the new folder, to write them anew. */
  forget(files: string[]): Promise<void>;
  /** Waits for every write, then puts the new folder in place of `outDir`; with the digest of every file's content. */
  commit(): Promise<{ bytes: number; digests: Map<string, string>; sizes: Map<string, number> }>;
  /** Waits for every write, then removes the new folder: `outDir` stays as it was. */
  discard(): Promise<void>;
}

const variants = (file: string) => [
  { suffix: "", compress: undefined },
  {
    suffix: ".br",
    compress: (content: Buffer) =>
      brotli(content, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(file), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
  },
];

/**
 * Opens a fresh folder next to `outDir` and writes files into it as they come, with .br beside
 * every text file, a few at a time, so the build never holds the whole site in memory.
 * With a store, every file is kept there under the digest of its content, and a file whose
 * content was written before is linked from it instead of compressed again. A build that fails
 * before commit() leaves the previous output untouched.
 */
export async function openOutput(outDir: string, store?: BuildStore): Promise<SiteOutput> {
  const staging = `${outDir}.tmp-${process.pid}-${Date.now()}`;
  const retired = `${outDir}.old-${process.pid}-${Date.now()}`;
  await mkdir(staging, { recursive: true });
  const folders = new Set<string>();
  const running = new Set<Promise<void>>();
  const missing: string[] = [];
  const digests = new Map<string, string>();
  const sizes = new Map<string, number>();
  let failure: unknown;
  let bytes = 0;

  // Files are written, linked and their folders made with Node's synchronous calls: each takes a
  // few microseconds in this thread, and the same as promises cost several times that here in
  // bookkeeping (measured: a third of a large site's build). Only compression runs elsewhere.
  const folderOf = (file: string) => {
    const target = path.join(staging, file);
    const folder = path.dirname(target);
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
    folders.add(folder);
    return target;
  };

  /** Links the stored copies of `digest` in place of `file`; false when one is missing. */
  const restore = (file: string, digest: string, compressed: boolean) => {
    if (!store?.keeps) return false;
    const target = folderOf(file);
    const linked: string[] = [];
    for (const { suffix } of compressed ? variants(file) : variants(file).slice(0, 1)) {
      if (!store.restore(digest + suffix, target + suffix)) {
        // The copies found are taken back: the file is written whole.
        for (const done of linked) unlinkSync(done);
        return false;
      }
      linked.push(target + suffix);
    }
    return true;
  };

  const writeOne = async (file: OutputFile, content: Buffer) => {
    const digest = digestOf(content);
    digests.set(file.path, digest);
    sizes.set(file.path, content.length);
    const compressed = isCompressed(file.path, content.length);
    bytes += content.length;
    if (restore(file.path, digest, compressed)) return;
    const target = folderOf(file.path);
    // Read-only from the start when it is kept in the store (see build-store.ts).
    const mode = store?.keeps ? { mode: 0o444 } : {};
    const put = (suffix: string, data: Buffer) => {
      writeFileSync(target + suffix, data, mode);
      store?.keep(target + suffix, digest + suffix);
    };
    const [plain, ...compressions] = compressed ? variants(file.path) : variants(file.path).slice(0, 1);
    put(plain!.suffix, content);
    await Promise.all(compressions.map(async ({ suffix, compress }) => put(suffix, await compress!(content))));
  };

  const enqueue = async (job: Promise<void>, limit = writeConcurrency) => {
    const tracked = job.catch((error: unknown) => {
      failure ??= error;
    });
    running.add(tracked);
    void tracked.then(() => running.delete(tracked));
    while (running.size >= limit) await Promise.race(running);
  };

  const settle = async () => {
    await Promise.all(running);
    if (failure) throw failure;
  };

  return {
    async write(file) {
      if (failure) throw failure;
      const { content } = file;
      await enqueue(
        typeof content === "function"
          ? content().then((made) => writeOne(file, made))
          : writeOne(file, typeof content === "string" ? Buffer.from(content) : content),
      );
    },
    async reuse(file, { digest, size }) {
      if (failure) throw failure;
      digests.set(file, digest);
      sizes.set(file, size);
      bytes += size;
      if (!restore(file, digest, isCompressed(file, size))) {
        missing.push(file);
        bytes -= size;
      }
    },
    async missing() {
      await settle();
      return [...missing];
    },
    async forget(files) {
      await settle();
      for (const file of files) {
        await Promise.all(variants(file).map(({ suffix }) => rm(path.join(staging, file + suffix), { force: true })));
        if (!missing.includes(file)) bytes -= sizes.get(file) ?? 0;
        sizes.delete(file);
        digests.delete(file);
      }
    },
    async commit() {
      try {
        await settle();
        const hadPrevious = await rename(outDir, retired).then(
          () => true,
          (error: NodeJS.ErrnoException) => {
            if (error.code === "ENOENT") return false;
            throw error;
          },
        );
        await rename(staging, outDir);
        // Node's own recursive removal, in one call: a fraction of the time of the promise version's file-by-file walk.
        if (hadPrevious) rmSync(retired, { recursive: true, force: true });
      } catch (error) {
        await rm(staging, { recursive: true, force: true });
        throw error;
      }
      return { bytes, digests, sizes };
    },
    async discard() {
      await Promise.allSettled(running);
      await rm(staging, { recursive: true, force: true });
    },
  };
}
