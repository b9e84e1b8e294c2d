import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { assetsFolder } from "../shared/caching.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressible = /\.(html|js|css|xml|txt|svg|json)$/;

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
  /** Writes a file with its .br and .gz; resolves once there is room for the next one. */
  write(file: OutputFile): Promise<void>;
  /** Waits for every write, then puts the new folder in place of `outDir`. */
  commit(): Promise<{ bytes: number }>;
  /** Waits for every write, then removes the new folder: `outDir` stays as it was. */
  discard(): Promise<void>;
}

/**
 * Opens a fresh folder next to `outDir` and writes files into it as they come, with .br and .gz
 * beside every text file, a few at a time, so the build never holds the whole site in memory.
 * A build that fails before commit() leaves the previous output untouched.
 */
export async function openOutput(outDir: string): Promise<SiteOutput> {
  const staging = `${outDir}.tmp-${process.pid}-${Date.now()}`;
  const retired = `${outDir}.old-${process.pid}-${Date.now()}`;
  await mkdir(staging, { recursive: true });
  const folders = new Map<string, Promise<unknown>>();
  const running = new Set<Promise<void>>();
  let failure: unknown;
  let bytes = 0;

  const writeOne = async (file: OutputFile) => {
    const target = path.join(staging, file.path);
    const folder = path.dirname(target);
    if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
    await folders.get(folder);
    const content = typeof file.content === "function" ? await file.content() : typeof file.content === "string" ? Buffer.from(file.content) : file.content;
    bytes += content.length;
    const writes = [writeFile(target, content)];
    if (compressible.test(file.path) && content.length > 256) {
      writes.push(
        brotli(content, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(file.path), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        }).then((data) => writeFile(`${target}.br`, data)),
        gzip(content, { level: 9 }).then((data) => writeFile(`${target}.gz`, data)),
      );
    }
    await Promise.all(writes);
  };
  const settle = async () => {
    await Promise.all(running);
    if (failure) throw failure;
  };

  return {
    async write(file) {
      if (failure) throw failure;
      const job = writeOne(file).catch((error: unknown) => {
        failure ??= error;
      });
      running.add(job);
      void job.then(() => running.delete(job));
      while (running.size >= writeConcurrency) await Promise.race(running);
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
        if (hadPrevious) await rm(retired, { recursive: true, force: true });
      } catch (error) {
        await rm(staging, { recursive: true, force: true });
        throw error;
      }
      return { bytes };
    },
    async discard() {
      await Promise.allSettled(running);
      await rm(staging, { recursive: true, force: true });
    },
  };
}
