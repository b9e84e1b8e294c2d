import { readFile, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { assetsFolder } from "../shared/caching.ts";
import { socialImageSize, type ImageCandidate, type ResponsiveImage } from "../shared/images.ts";
import { ProblemList } from "./errors.ts";
import type { ImageCache } from "./image-cache.ts";
import { digestOf, digestOfFile } from "./cache-names.ts";
import { createFileDigests, type FileDigests } from "./file-digests.ts";
import type { LinkedFile } from "./write-files.ts";
import { EncoderStopped, imageEncoder, type ImageEncoder } from "./image-encoder.ts";
import type { ImageReply, PhotoFacts } from "./image-process.ts";
import type { OutputFile } from "./write-site.ts";

/** Where a document or the config names an image, for messages: `content/blog/x/en.md:12:1`. */
export interface ImageReference {
  /** The image file, absolute. */
  source: string;
  /** As the owner wrote it: `van.jpg`. */
  written: string;
  file: string;
  line?: number;
  column?: number;
  /** A cover: also made as the page's 1200×630 link preview. */
  preview?: boolean;
}

/** The photos of a build, encoded, and the files they need in the output. */
export interface ImageLibrary {
  get(source: string): ResponsiveImage | undefined;
  files: OutputFile[];
}

export const maxImageBytes = 20 * 1024 * 1024;
/** Photos read and encoded at the same time (see eachPhoto). */
const photosAtOnce = 4;
/** The widths a photo is made in (never wider than the photo itself). */
export const imageWidths = [400, 800, 1200, 1600];
const supported = new Set(["jpeg", "png", "webp", "avif", "svg"]);
// Part of every cache key: changing how images are encoded makes new entries.
const encoding = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9 },
  preview: { quality: 80, mozjpeg: true },
};
const settings = JSON.stringify({ version: 2, imageWidths, encoding });

/**
 * Reads every referenced image once and makes what the pages need: AVIF, WebP and a JPEG (PNG
 * for transparency) at a few widths, a 1200×630 crop for link previews, an SVG copied without
 * scripts. Files are named after their content (cached for a year by browsers); metadata such as
 * GPS positions is not copied. Every problem (missing, too large, not an image, an unsupported
 * format) is reported where the image is referenced, all at once.
 */
export async function processImages(
  references: readonly ImageReference[],
  cache: ImageCache,
  label: (file: string) => string = (file) => file,
  keys: SourceKeys = createSourceKeys(),
  ahead: EncodedAhead = new Map(),
): Promise<ImageLibrary> {
  const problems = new ProblemList();
  const bySource = new Map<string, ImageReference[]>();
  for (const reference of references) bySource.set(reference.source, [...(bySource.get(reference.source) ?? []), reference]);
  const images = new Map<string, ResponsiveImage>();
  // The same photo beside several documents is published once: its files are named after their content.
  const files = new Map<string, OutputFile>();
  const report = (source: string, message: string) => {
    for (const reference of bySource.get(source)!) problems.add(reference.file, message.replace("$image", reference.written), reference.line, reference.column);
  };

  const publish = (source: string, made: Encoded) => {
    images.set(source, made.image);
    for (const file of made.files) files.set(file.path, file);
  };
  const preview = (source: string) => bySource.get(source)!.some((reference) => reference.preview);
  // A photo encoded ahead is published as it was found then (without its crop unless it is a cover).
  for (const source of bySource.keys()) {
    const made = ahead.get(source);
    if (made) publish(source, preview(source) ? made : withoutPreview(made));
  }
  const rest = [...bySource.keys()].filter((source) => !ahead.has(source));
  await eachPhoto(rest, label, { untilEnded: false }, async (source, encoder) => {
    if (!(await checkSource(source, label(source), report))) return;
    try {
      const made = await encodeImage(source, { cache, preview: preview(source), encoder, keys }, report);
      if (made) publish(source, made);
    } catch (error) {
      if (error instanceof EncoderStopped) throw error;
      if (error instanceof Unpublishable) {
        report(source, error.message);
        return;
      }
      // libvips repeats its message on one line per decoder pass: the first says it.
      const reason = (error as Error).message.split("\n")[0]!.trim();
      report(source, `image $image cannot be read (${reason}); export it again as JPEG, PNG, WebP or AVIF`);
    }
  });
  problems.throwIfAny();
  return { get: (source) => images.get(source), files: [...files.values()] };
}

/**
 * The one of a photo's failed files that says best why. sharp's message is libvips' last error,
 * which every operation of the encoder's process clears as it ends: with files made at the same
 * time, one that failed can find it already cleared, and says only "Unknown error".
 */
function telling(failed: Error[]): Error {
  return (
    failed.find((error) => error instanceof EncoderStopped) ??
    failed.find((error) => error instanceof Unpublishable) ??
    failed.find((error) => !error.message.startsWith("Unknown error")) ??
    failed[0]!
  );
}

/** The build's error when the encoder's process ended (killed, out of memory) while making a photo. */
function stoppedWhileMaking({ error, source }: { error: EncoderStopped; source: string }, label: (file: string) => string): Error {
  return new Error(
    `${error.message} while making ${label(source)}: nothing is wrong with that photo; most often the machine ran out of memory. Close other programs and build again.`,
    { cause: error.cause },
  );
}

/**
 * The digest each photo is known by in the image cache, by its file: worked out once per build,
 * and kept from one build to the next with the file's identity (file-digests.ts).
 */
export type SourceKeys = FileDigests;

/** SourceKeys starting from what an earlier build remembered (`remembered()`). */
export function createSourceKeys(earlier?: string, clock?: () => number): SourceKeys {
  return createFileDigests(earlier, settings, (source) => digestOfFile(settings, source), clock);
}

/** Files under content/ the build may publish as photos, by their extension. */
export const imageFile = /\.(?:jpe?g|png|webp|avif|svg)$/i;

/**
 * Encodes every photo in `sources` the image cache lacks, before the documents are read (see
 * load-site.ts): each as a cover might need it, its link-preview crop included. A problem with a
 * photo is not reported here: what a document or the config names is published by processImages
 * afterwards, as encodeAhead found it (the photos it resolves with), and a photo with a problem is
 * looked at again there and reported where it is named. The encoder's process ending (killed,
 * out of memory) stops the build, as in processImages. Resolves once that process, if one was
 * started, has ended.
 */
export async function encodeAhead(
  sources: readonly string[],
  cache: ImageCache,
  keys: SourceKeys,
  label: (file: string) => string = (file) => file,
): Promise<EncodedAhead> {
  const ahead: EncodedAhead = new Map();
  await eachPhoto([...new Set(sources)], label, { untilEnded: true }, async (source, encoder) => {
    if (!(await checkSource(source, label(source), () => undefined))) return;
    let problem = false;
    const made = await encodeImage(source, { cache, preview: true, encoder, keys }, () => void (problem = true)).catch((error: unknown) => {
      if (error instanceof EncoderStopped) throw error;
    });
    if (made && !problem) ahead.set(source, made);
  });
  return ahead;
}

/** A photo as it is published: its candidates, its files. */
interface Encoded {
  image: ResponsiveImage;
  files: OutputFile[];
}

/**
 * The photos encodeAhead made without a problem, each as it is published with its link-preview
 * crop: processImages publishes them as they are, and looks in the cache again only for the others.
 */
export type EncodedAhead = Map<string, Encoded>;

/** A photo published without its link-preview crop (a photo in a post, not its cover). */
function withoutPreview({ image: { preview, ...image }, files }: Encoded): Encoded {
  return { image, files: files.filter((file) => `/${file.path}` !== preview) };
}

/**
 * Runs `encode` for each photo with one photos' encoder, a few photos at a time: each is read
 * whole (up to 20 MB) and encoded in a dozen sizes and formats, so all of a site's photos at once
 * held them all in memory (1.6 GB for 150 phone photos); sharp keeps the cores busy with the dozen
 * files of even one photo. Once the encoder's process has ended (killed, out of memory: `encode`
 * throws EncoderStopped), no other photo is taken, and the build stops with an error that does not
 * blame the photo. The process is stopped when they are done; `untilEnded` waits for it to end.
 */
async function eachPhoto(
  sources: readonly string[],
  label: (file: string) => string,
  { untilEnded }: { untilEnded: boolean },
  encode: (source: string, encoder: ImageEncoder) => Promise<void>,
): Promise<void> {
  let next = 0;
  let stopped: { error: EncoderStopped; source: string } | undefined;
  const takeNext = async (): Promise<void> => {
    for (let index = next++; index < sources.length && !stopped; index = next++) {
      const source = sources[index]!;
      await encode(source, encoder).catch((error: unknown) => {
        if (!(error instanceof EncoderStopped)) throw error;
        stopped ??= { error, source };
      });
    }
  };
  const encoder = imageEncoder("photos", "the photos' encoder");
  try {
    await Promise.all(Array.from({ length: photosAtOnce }, takeNext));
  } finally {
    // Without waiting, its process ends while the build goes on.
    const ended = encoder.stop();
    if (untilEnded) await ended;
  }
  if (stopped) throw stoppedWhileMaking(stopped, label);
}

/** Whether the image is there and within the size limit (reported where it is referenced if not). */
async function checkSource(source: string, shown: string, report: (source: string, message: string) => void): Promise<boolean> {
  const size = await stat(source).then(
    (info) => (info.isFile() ? info.size : undefined),
    () => undefined,
  );
  if (size === undefined) {
    // Windows and macOS do not tell `Van.JPG` from `van.jpg`; the server does.
    const near = await readdir(path.dirname(source)).then(
      (names) => names.find((name) => name.toLowerCase() === path.basename(source).toLowerCase()),
      () => undefined,
    );
    report(
      source,
      near
        ? `image $image not found: there is no file ${shown}, but there is ${near} (capitals count); write the name as the file has it, or rename the file`
        : `image $image not found: there is no file ${shown}; put the photo there or correct the name`,
    );
    return false;
  }
  if (size > maxImageBytes) {
    report(source, `image $image is ${(size / 1024 / 1024).toFixed(1)} MB, over the 20 MB limit; export it smaller (2,000 px wide is plenty for the site)`);
    return false;
  }
  return true;
}

/** What the build needs to know of a source image, kept in the cache: a warm build never decodes it. */
interface ImageFacts {
  format: string;
  /** Upright: a phone photo stored sideways with an orientation flag is counted turned. */
  width: number;
  height: number;
  /** No pixel is see-through (an alpha channel it does not use does not count). */
  opaque: boolean;
}

/** A problem with the image itself, reported where it is referenced. */
class Unpublishable extends Error {}

/** The reply's bytes, or why there are none. */
function answerOf(reply: ImageReply): Buffer | PhotoFacts {
  if ("error" in reply) throw reply.changed ? new Unpublishable("image $image changed while the build read it; build again") : new Error(reply.error);
  return "bytes" in reply ? Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength) : reply.facts;
}

function factsOf({ format, width, height, orientation, opaque }: PhotoFacts): ImageFacts {
  if (!supported.has(format))
    throw new Unpublishable(`image $image is ${format.toUpperCase()}, which the site does not publish; save it as JPEG, PNG, WebP, AVIF or SVG`);
  const upright = orientation >= 5;
  return { format, width: upright ? height : width, height: upright ? width : height, opaque };
}

async function encodeImage(
  source: string,
  { cache, preview: withPreview, encoder, keys }: { cache: ImageCache; preview: boolean; encoder: ImageEncoder; keys: SourceKeys },
  report: (source: string, message: string) => void,
): Promise<Encoded | undefined> {
  // Named by a digest of its bytes, read a megabyte at a time: a photo already encoded is never
  // held whole, and is read whole only when something of it is still to make.
  const sourceKey = keys.of(source);
  const job = { source, sourceKey, settings };
  const facts = JSON.parse(
    (
      await cache.get(digestOf(sourceKey, "facts"), async () =>
        Buffer.from(JSON.stringify(factsOf(answerOf(await encoder.ask({ ...job, op: "facts" })) as PhotoFacts))),
      )
    ).toString(),
  ) as ImageFacts;
  const { format, width, height, opaque } = facts;
  const stem =
    path
      .basename(source, path.extname(source))
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "image";
  const files: OutputFile[] = [];
  const publish = (name: string, extension: string, content: Buffer | LinkedFile, digest: string): string => {
    const file = `${assetsFolder}/images/${name}.${digest}.${extension}`;
    files.push({ path: file, content });
    return `/${file}`;
  };

  if (format === "svg") {
    let clean: Buffer;
    try {
      clean = await cache.get(digestOf(sourceKey, "svg"), async () => {
        const { sanitizeSvg } = await import("./sanitize-svg.ts");
        const bytes = await readFile(source);
        if (digestOf(settings, bytes) !== sourceKey) throw new Error("it changed while the build read it; build again");
        return Buffer.from(sanitizeSvg(bytes.toString("utf8")));
      });
    } catch (error) {
      report(source, `drawing $image cannot be published (${(error as Error).message}); save it again as plain SVG from the drawing program`);
      return undefined;
    }
    const url = publish(stem, "svg", clean, digestOf(clean).slice(0, 10));
    return { image: { width, height, sources: [], fallback: [{ url, width }] }, files };
  }

  const widths = [...new Set([...imageWidths.filter((candidate) => candidate < width), Math.min(width, imageWidths.at(-1)!)])];
  const fallback = opaque ? "jpeg" : "png";
  // Each file the photo is published as, by a name of its own (`avif 800`), and the sharp calls
  // that make it; photos from phones are stored sideways with an orientation flag: turned upright first.
  const encoders = new Map<string, [method: string, ...args: unknown[]][]>();
  for (const target of widths) {
    const resize: [string, unknown] = ["resize", { width: target }];
    encoders.set(`avif ${target}`, [["rotate"], resize, ["avif", encoding.avif]]);
    encoders.set(`webp ${target}`, [["rotate"], resize, ["webp", encoding.webp]]);
    encoders.set(`${fallback} ${target}`, [["rotate"], resize, opaque ? ["jpeg", encoding.jpeg] : ["png", encoding.png]]);
  }
  if (withPreview)
    encoders.set("preview", [
      ["rotate"],
      ["resize", { ...socialImageSize, fit: "cover", position: "attention" }],
      ["flatten", { background: "#ffffff" }],
      ["jpeg", encoding.preview],
    ]);
  const encode = (spec: string) => async () => answerOf(await encoder.ask({ ...job, op: "encode", steps: encoders.get(spec)! })) as Buffer;
  const keyOf = (spec: string) => digestOf(sourceKey, spec);
  // The files' names carry a digest of their content, kept in the cache beside them: a build that
  // finds them there links them into the output and never reads or holds them.
  const encoded = new Map<string, Buffer>();
  const digests = JSON.parse(
    (
      await cache.get(digestOf(sourceKey, "names", ...encoders.keys()), async () => {
        const found: Record<string, string> = {};
        const made = await Promise.allSettled(
          [...encoders.keys()].map(async (spec) => {
            const content = await cache.get(keyOf(spec), encode(spec));
            encoded.set(spec, content);
            found[spec] = digestOf(content).slice(0, 10);
          }),
        );
        const failed = made.flatMap((result) => (result.status === "rejected" ? [result.reason as Error] : []));
        if (failed.length) throw telling(failed);
        return Buffer.from(JSON.stringify(found));
      })
    ).toString(),
  ) as Record<string, string>;
  const url = async (spec: string, name: string, extension: string) => {
    const from = await cache.file(keyOf(spec), encode(spec));
    // Without a cache folder, the bytes just made.
    const content = from ? { from, digest: keyOf(spec) } : (encoded.get(spec) ?? (await cache.get(keyOf(spec), encode(spec))));
    return publish(name, extension, content, digests[spec]!);
  };
  const candidates = (kind: string, extension: string): Promise<ImageCandidate[]> =>
    Promise.all(widths.map(async (target) => ({ url: await url(`${kind} ${target}`, `${stem}-${target}`, extension), width: target })));
  const [avif, webp, fallbacks] = await Promise.all([candidates("avif", "avif"), candidates("webp", "webp"), candidates(fallback, opaque ? "jpg" : "png")]);
  const preview = withPreview ? await url("preview", `${stem}-${socialImageSize.width}x${socialImageSize.height}`, "jpg") : undefined;
  const widest = widths.at(-1)!;
  return {
    image: {
      width: widest,
      height: Math.round((height * widest) / width),
      sources: [
        { type: "image/avif", candidates: avif },
        { type: "image/webp", candidates: webp },
      ],
      fallback: fallbacks,
      ...(preview ? { preview } : {}),
    },
    files,
  };
}
