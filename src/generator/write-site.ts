import { mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { incompleteMarker } from "../shared/manifest.ts";
import type { BuildStore } from "./build-store.ts";
import { removeLeftStaging, stagingFolderOf } from "./staging-folders.ts";
import { whileStoppable } from "./stop-build.ts";
import { copiesOf, createFileWriter, type LinkedFile } from "./write-files.ts";
import { utf8Of } from "./utf8.ts";
import type { WriteOpen, WriteReply, WriteRequest } from "./write-thread.ts";

// Files waiting for the writer's thread: enough that a burst of pages (those that waited for
// the same stylesheet) does not hold up the build's thread, few enough to hold little memory.
const writeAhead = 32;
// A second writer's thread starts when the first has this many files waiting, past this many
// files: on a small site it costs more to start than it saves (measured at 160 pages).
const writerBehind = writeAhead / 2;
const secondWriterAfter = 1000;
// With every writer this many files behind (and none to start), the build's thread writes the
// next file itself instead of waiting, idle, for room in the queue. Where creating files is slow
// and the writers are what the build waits for, that is a tenth of the build (0.90 of the real
// site's wall time, 0.91 at 5,930 pages, measured in such hours); otherwise it changes nothing.
const writeHereBehind = 12;

export interface OutputFile {
  path: string;
  /** The file's content, or how to make it (drawn in turn with the writes, a few at a time); a kept file is linked. */
  content: string | Buffer | LinkedFile | (() => Promise<Buffer | LinkedFile>);
  /** Its .br, made beforehand by brotliCopy (write-files.ts): written as it is. */
  compressed?: Buffer;
}

/**
 * The output being written: files go to a fresh folder beside `outDir`, moved into it by commit();
 * what `outDir` already has the same of (linked from the build store) stays where it is.
 */
export interface SiteOutput {
  /**
   * Writes a file with its .br (or links the copies a build made before of the same content);
   * resolves once there is room for the next one.
   */
  write(file: OutputFile): Promise<void>;
  /** Says pages are about to be made: the writer's thread starts now, while the first is rendered. */
  expectWrites(): void;
  /**
   * Says the pages are made: this thread, now free but for the site's last files, writes them
   * itself while a writer's thread still has files waiting, instead of adding to its queue.
   */
  pagesMade(): void;
  /** Links a file a build made before (and its copies) from the store. */
  reuse(file: string, made: { digest: string; size: number }): Promise<void>;
  /** The files `reuse` could not find in the store (removed since): to make anew. Waits for no write. */
  missing(): Promise<string[]>;
  /** Removes files (and their copies) from the new folder, to write them anew. */
  forget(files: string[]): Promise<void>;
  /**
   * Waits for every write, then moves the new folder's files into `outDir` (or puts it in place of
   * a missing one) and removes what the build did not write; with the digest of every file's content.
   */
  commit(): Promise<{ bytes: number; digests: Map<string, string>; sizes: Map<string, number> }>;
  /** Waits for every write, then removes the new folder: `outDir` stays as it was. */
  discard(): Promise<void>;
  /**
   * Stops the output at once, for a process asked to stop (stop-build.ts): until the move has
   * begun, stops the writers' threads and removes the new folder, and every write, commit() too,
   * fails from then on: "previous", `outDir` as it was. Once it has begun: "new", as the move
   * cannot be stopped halfway (it is synchronous) and `outDir` is the new build.
   */
  stop(): Promise<"previous" | "new">;
}

// The thread's garbage is each file's text, dead once written: a small young generation frees it
// at once (left to V8's default, it held some 50 MB more at 5,930 pages).
const writerThread = () => new Worker(new URL("./write-thread.ts", import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 4 } });

/** A writer's thread started before the output is opened. */
export interface EarlyWriter {
  /** The thread, for openOutput to use as its first writer (once; none if it has stopped). */
  take(): Worker | undefined;
  /** Stops the thread if nothing took it (a build that failed before writing). */
  dispose(): Promise<void>;
}

/**
 * Starts a writer's thread now, for a build that is going to make pages: it loads (about a tenth
 * of a second) on the other core while this one reads the site, instead of after the first page.
 * It does not keep the process alive until openOutput takes it.
 */
export function startWriterEarly(): EarlyWriter {
  const worker = writerThread();
  worker.unref();
  let state: "waiting" | "taken" | "stopped" = "waiting";
  // A thread that failed to start is left for openOutput to start anew, and fail there in turn.
  worker.on("error", () => {});
  worker.on("exit", () => state === "waiting" && (state = "stopped"));
  return {
    take() {
      if (state !== "waiting") return undefined;
      state = "taken";
      worker.ref();
      return worker;
    },
    async dispose() {
      if (state === "waiting") await worker.terminate();
    },
  };
}

/**
 * Opens a fresh folder next to `outDir` and writes files into it as they come, with .br beside
 * every text file, a few at a time, so the build never holds the whole site in memory. The
 * files are encoded, hashed, compressed and written in a thread of their own (write-thread.ts)
 * while this one makes the next pages. With a store, every file is kept there under the digest
 * of its content, and a file whose content was written before is linked from it instead of
 * compressed again; where the previous output already has that link, it is left as it is (a build
 * with nothing changed moves no file: making a folder of links and removing the previous one was
 * a fifth of its time). A build that fails or is stopped before commit() leaves the previous
 * output untouched; the new folders of earlier builds that could not remove theirs (killed) go.
 */
export async function openOutput(outDir: string, store?: BuildStore, early?: EarlyWriter): Promise<SiteOutput> {
  await removeLeftStaging(outDir);
  const staging = stagingFolderOf(outDir);
  // Made and handed to the signals' handler in one go, so that a signal never finds it unknown.
  mkdirSync(staging, { recursive: true });
  const storeDir = store?.keeps ? store.dir : undefined;
  const current = statSync(outDir, { throwIfNoEntry: false })?.isDirectory() ? outDir : undefined;
  // Links from the store are made here (they cost less than a message to the thread), and the
  // files written before any page is made.
  const linker = createFileWriter(staging, storeDir, current);
  const running = new Set<Promise<void>>();
  const missing: string[] = [];
  const digests = new Map<string, string>();
  const sizes = new Map<string, number>();
  let failure: unknown;
  let bytes = 0;
  // "moved" from just before the move's first change to `outDir`: past that, nothing stops it.
  let state: "writing" | "stopped" | "moved" = "writing";

  // The writers' threads: one to begin with, a second (on a machine with a core for it) once the
  // first falls behind on a large site, whose pages come faster than one thread compresses them.
  // `pending`: files given to the thread whose reply this thread has not taken yet; `given` and
  // `written` (counted by the thread itself, in memory both share): files it has not written yet,
  // current even while this thread is busy and the replies wait.
  const threads: { worker: Worker; pending: number; given: number; written: Int32Array }[] = [];
  const maxThreads = Math.max(1, Math.min(2, availableParallelism()));
  let calls = 0;
  let pagesMade = false;
  const waiting = new Map<number, { resolve: (made: { digest: string; size: number }) => void; reject: (error: Error) => void }>();
  const startWriter = () => {
    if (state === "stopped") throw failure;
    const worker = early?.take() ?? writerThread();
    const written = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    worker.postMessage({ open: { folder: staging, storeDir, current, written } } satisfies WriteOpen);
    const entry = { worker, pending: 0, given: 0, written };
    worker.on("message", (reply: WriteReply) => {
      entry.pending--;
      const call = waiting.get(reply.id)!;
      waiting.delete(reply.id);
      if ("failure" in reply) call.reject(Object.assign(new Error(reply.failure.message), reply.failure));
      else call.resolve(reply);
    });
    const fail = (error: Error) => {
      failure ??= error;
      for (const call of waiting.values()) call.reject(error);
      waiting.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the build's writer stopped (exit code ${code})`)));
    threads.push(entry);
    return entry;
  };
  /** The files given to a writer's thread that it has not written yet. */
  const behind = (thread: (typeof threads)[number]) => thread.given - Atomics.load(thread.written, 0);
  /** The writer with the fewest files waiting, a new one if every writer is behind and there is room for one. */
  const writer = () => {
    if (threads.length === 0) return startWriter();
    const least = threads.reduce((a, b) => (b.pending < a.pending ? b : a));
    return least.pending >= writerBehind && calls > secondWriterAfter && threads.length < maxThreads ? startWriter() : least;
  };
  const stopWriter = async () => {
    const stopping = threads.splice(0);
    await Promise.all(
      stopping.map(({ worker }) => {
        worker.removeAllListeners("exit");
        return worker.terminate();
      }),
    );
  };

  const record = (file: string, { digest, size }: { digest: string; size: number }) => {
    digests.set(file, digest);
    sizes.set(file, size);
    bytes += size;
  };

  const writeHere = (file: string, content: string | Buffer | LinkedFile, compressed?: Buffer) => {
    // A write already under way when the output was stopped must not make its folder again.
    if (state === "stopped") throw failure;
    record(file, linker.write(file, typeof content === "string" ? utf8Of(content) : content, compressed));
  };
  const writeOne = async (file: string, content: string | Buffer | LinkedFile, compressed?: Buffer) => {
    // Until pages are made (expectWrites), files are written here: a build with nothing changed
    // links what it writes from the store and never starts the thread.
    if (threads.length === 0) return writeHere(file, content, compressed);
    if (pagesMade) {
      // The writers' replies are taken first, so that their count of files waiting is current.
      await new Promise(setImmediate);
      if (threads.every((thread) => thread.pending > 0)) return writeHere(file, content, compressed);
    }
    const id = ++calls;
    if (threads.every((thread) => behind(thread) >= writeHereBehind) && !(calls > secondWriterAfter && threads.length < maxThreads))
      return writeHere(file, content, compressed);
    const made = new Promise<{ digest: string; size: number }>((resolve, reject) => waiting.set(id, { resolve, reject }));
    const request: WriteRequest = { id, file, content, ...(compressed ? { compressed } : {}) };
    const thread = writer();
    thread.pending++;
    thread.given++;
    thread.worker.postMessage(request);
    record(file, await made);
  };

  const enqueue = async (job: Promise<void>) => {
    const tracked = job.catch((error: unknown) => {
      failure ??= error;
    });
    running.add(tracked);
    void tracked.then(() => running.delete(tracked));
    while (running.size >= writeAhead) await Promise.race(running);
  };

  const settle = async () => {
    await Promise.all(running);
    if (failure) throw failure;
  };

  const stop = async (): Promise<"previous" | "new"> => {
    if (state === "moved") return "new";
    if (state === "writing") {
      state = "stopped";
      failure ??= new Error("the build was stopped");
      await stopWriter();
      // The writes the threads had not answered fail as the others do.
      for (const call of waiting.values()) call.reject(failure as Error);
      waiting.clear();
      rmSync(staging, { recursive: true, force: true });
    }
    return "previous";
  };
  whileStoppable(stop);

  return {
    stop,
    expectWrites() {
      if (threads.length === 0) startWriter();
    },
    async write(file) {
      if (failure) throw failure;
      const { content } = file;
      await enqueue(typeof content === "function" ? content().then((made) => writeOne(file.path, made)) : writeOne(file.path, content, file.compressed));
    },
    async reuse(file, { digest, size }) {
      if (failure) throw failure;
      if (linker.restore(file, digest, size)) record(file, { digest, size });
      else missing.push(file);
    },
    pagesMade() {
      pagesMade = true;
    },
    async missing() {
      // Known as soon as reuse() is called: the writes still under way have nothing to do with it.
      if (failure) throw failure;
      return [...missing];
    },
    async forget(files) {
      await settle();
      for (const file of files) {
        await Promise.all(copiesOf(file, Infinity).map((suffix) => rm(path.join(staging, file + suffix), { force: true })));
        bytes -= sizes.get(file) ?? 0;
        sizes.delete(file);
        digests.delete(file);
      }
    },
    async commit() {
      try {
        await settle();
        await stopWriter();
        if (state === "stopped") throw failure;
        // From here to the last file moved in, nothing waits: a signal is handled (stop-build.ts)
        // only once `outDir` is the whole new build.
        state = "moved";
        if (!(current === undefined && placeWhole(staging, outDir))) {
          const paths = new Set([...sizes].flatMap(([file, size]) => copiesOf(file, size).map((suffix) => file + suffix)));
          moveInto(staging, outDir, paths);
        }
      } catch (error) {
        await rm(staging, { recursive: true, force: true });
        throw error;
      }
      return { bytes, digests, sizes };
    },
    async discard() {
      await Promise.allSettled(running);
      await stopWriter();
      await rm(staging, { recursive: true, force: true });
    },
  };
}

/** Puts `staging` in place of a missing `outDir` (one rename); false when a folder was made there meanwhile. */
function placeWhole(staging: string, outDir: string): boolean {
  try {
    renameSync(staging, outDir);
    return true;
  } catch (error) {
    // Made by someone else meanwhile: the files are moved into it as into a previous output.
    if ((error as NodeJS.ErrnoException).code === "ENOTEMPTY" || (error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * Makes `outDir` hold exactly `paths`: first removes every file it has that is not among them
 * (and the folders left empty), then moves in each file of `staging`, replacing the one of the
 * same name. Removing first also clears a file standing where a folder now must be, and a folder
 * where a file must be. Each file is replaced whole (a rename), so a server reading the folder
 * meanwhile sends either the old file or the new one. Synchronous from start to end: a signal is
 * handled before it or after it, never halfway. Only a kill can stop it halfway: `outDir` holds
 * the marker of an incomplete build (incompleteMarker) from its first change to its last.
 */
function moveInto(staging: string, outDir: string, paths: Set<string>) {
  const marker = path.join(outDir, incompleteMarker);
  writeFileSync(marker, "A build was moving its files into this folder and did not finish: some are from the build before it. Run `site build`.\n");
  const sweep = (dir: string, prefix: string): boolean => {
    let left = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const name = prefix + entry.name;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (sweep(full, `${name}/`)) rmdirSync(full);
        else left++;
      } else if (paths.has(name) || name === incompleteMarker) left++;
      else unlinkSync(full);
    }
    return left === 0;
  };
  sweep(outDir, "");
  const folders = new Set<string>();
  for (const entry of readdirSync(staging, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const from = path.join(entry.parentPath, entry.name);
    const to = path.join(outDir, path.relative(staging, from));
    const parent = path.dirname(to);
    if (!folders.has(parent)) mkdirSync(parent, { recursive: true });
    folders.add(parent);
    renameSync(from, to);
  }
  unlinkSync(marker);
  // Node's own recursive removal, in one call: a fraction of the time of the promise version's walk.
  rmSync(staging, { recursive: true, force: true });
}
