// The images' encoder, in a process of its own (started by image-encoder.ts when a photo or a
// link-preview card has something still to make): it reads each photo, checks it is the one the
// build hashed, and runs sharp's steps on it; it draws each card (card-drawing.ts). Its own
// process because glibc keeps, for each of the threads sharp encodes on, memory those encodes
// freed: started with MALLOC_ARENA_MAX=2, it holds about half (a probe of 30 phone photos: 294 MB
// against 510 MB), and gives it all back when it ends.
import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import sharp from "sharp";
import { digestOf } from "./cache-names.ts";
import type { CardText } from "./card-drawing.ts";

// One thread per encode, as sharp chooses on glibc unless MALLOC_ARENA_MAX is set (and set here):
// the AVIF encoder's output depends on its number of threads, and the photos' files stay the
// same bytes whichever process made them.
sharp.concurrency(1);

/** What one photo's encode or reading is given: a sharp call and its arguments per step. */
export type PhotoJob = { id: number; source: string; sourceKey: string; settings: string } & (
  { op: "facts" } | { op: "encode"; steps: [method: string, ...args: unknown[]][] }
);
/** A link-preview card to draw. */
export type CardJob = { id: number; op: "card"; text: CardText };
export type ImageJob = PhotoJob | CardJob;
export interface PhotoFacts {
  format: string;
  width: number;
  height: number;
  orientation: number;
  opaque: boolean;
}
export type ImageReply = { id: number; bytes: Uint8Array } | { id: number; facts: PhotoFacts } | { id: number; error: string; changed?: boolean };

// As many encodes at once as there are cores: each holds tens of megabytes (the decoded photo,
// the AVIF encoder's state, a card's layout), and more at once would only share the cores.
const atOnce = availableParallelism();
let running = 0;
const waiting: (() => void)[] = [];

// The bytes of the photos under way, read once for all their encodes.
const read = new Map<string, { bytes: Promise<Buffer>; users: number }>();

class Changed extends Error {}

async function bytesOf(job: PhotoJob): Promise<Buffer> {
  const bytes = await readFile(job.source);
  if (digestOf(job.settings, bytes) !== job.sourceKey) throw new Changed();
  return bytes;
}

async function photo(job: PhotoJob, bytes: Buffer): Promise<ImageReply> {
  if (job.op === "facts") {
    const metadata = await sharp(bytes).metadata();
    const format = metadata.format === "heif" && metadata.compression === "av1" ? "avif" : metadata.format;
    // A format the site does not publish is named by the build; one it cannot decode fails its encodes.
    const opaque =
      !metadata.hasAlpha ||
      (format !== "svg" &&
        (
          await sharp(bytes)
            .stats()
            .catch(() => ({ isOpaque: true }))
        ).isOpaque);
    return { id: job.id, facts: { format, width: metadata.width, height: metadata.height, orientation: metadata.orientation ?? 1, opaque } };
  }
  let image = sharp(bytes, { failOn: "error" });
  for (const [method, ...args] of job.steps) image = (image[method as keyof typeof image] as (...values: unknown[]) => typeof image)(...args);
  return { id: job.id, bytes: await image.toBuffer() };
}

/** Runs `work` once one of the `atOnce` places is free. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  while (running >= atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

async function run(job: ImageJob): Promise<ImageReply> {
  try {
    if (job.op === "card") return { id: job.id, bytes: await inTurn(async () => (await import("./card-drawing.ts")).drawCard(job.text)) };
    let entry = read.get(job.source);
    if (!entry) read.set(job.source, (entry = { bytes: bytesOf(job), users: 0 }));
    entry.users++;
    try {
      return await inTurn(async () => photo(job, await entry.bytes));
    } finally {
      if (--entry.users === 0) read.delete(job.source);
    }
  } catch (error) {
    return { id: job.id, error: (error as Error).message, ...(error instanceof Changed ? { changed: true } : {}) };
  }
}

process.on("message", (job: ImageJob) => {
  // A reply that finds the build gone (it has stopped this process, or ended) goes nowhere: no error.
  void run(job).then((reply) => process.connected && process.send!(reply, undefined, undefined, () => undefined));
});
// The build that started it has ended (or died): nothing more will come.
process.on("disconnect", () => process.exit(0));
