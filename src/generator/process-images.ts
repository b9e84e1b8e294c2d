import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import type { Sharp } from "sharp";
import { assetsFolder } from "../shared/caching.ts";
import { socialImageSize, type ImageCandidate, type ResponsiveImage } from "../shared/images.ts";
import { ProblemList } from "./errors.ts";
import type { ImageCache } from "./image-cache.ts";
import { digestOf, hashFile } from "./cache-names.ts";
import type { LinkedFile } from "./write-files.ts";
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
/** Photos read and encoded at the same time (see processImages). */
const photosAtOnce = 4;
// sharp runs each encode on one of libuv's four threads, and an encode of a phone photo holds
// tens of megabytes (the decoded photo, the AVIF encoder's state): as many at once as there are
// cores keeps them all busy, with a third less memory at the peak (12 photos of 12 megapixels:
// 401 MB against 623 MB, in the same time).
const encodesAtOnce = availableParallelism();
let encodes = 0;
const waitingToEncode: (() => void)[] = [];
async function encodeInTurn<T>(encode: () => Promise<T>): Promise<T> {
  while (encodes >= encodesAtOnce) await new Promise<void>((resolve) => waitingToEncode.push(resolve));
  encodes++;
  try {
    return await encode();
  } finally {
    encodes--;
    waitingToEncode.shift()?.();
  }
}
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

  // A few photos at a time: each is read whole (up to 20 MB) and encoded in a dozen sizes and
  // formats, so all of a site's photos at once held them all in memory (1.6 GB for 150 phone
  // photos); sharp keeps the cores busy with the dozen files of even one photo.
  const sources = [...bySource.keys()];
  let next = 0;
  const takeNext = async (): Promise<void> => {
    for (let index = next++; index < sources.length; index = next++) {
      const source = sources[index]!;
      if (!(await checkSource(source, label(source), report))) continue;
      try {
        const preview = bySource.get(source)!.some((reference) => reference.preview);
        const made = await encodeImage(source, { cache, preview }, report);
        if (!made) continue;
        images.set(source, made.image);
        for (const file of made.files) files.set(file.path, file);
      } catch (error) {
        if (error instanceof Unpublishable) {
          report(source, error.message);
          continue;
        }
        // libvips repeats its message on one line per decoder pass: the first says it.
        const reason = (error as Error).message.split("\n")[0]!.trim();
        report(source, `image $image cannot be read (${reason}); export it again as JPEG, PNG, WebP or AVIF`);
      }
    }
  };
  await Promise.all(Array.from({ length: photosAtOnce }, takeNext));
  problems.throwIfAny();
  return { get: (source) => images.get(source), files: [...files.values()] };
}

/** Whether the image is there and within the size limit (reported where it is referenced if not). */
async function checkSource(source: string, shown: string, report: (source: string, message: string) => void): Promise<boolean> {
  const size = await stat(source).then(
    (info) => (info.isFile() ? info.size : undefined),
    () => undefined,
  );
  if (size === undefined) {
    report(source, `image $image not found: there is no file ${shown}; put the photo there or correct the name`);
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

// sharp and svgo load only when something is not in the cache yet.
const loadSharp = async () => (await import("sharp")).default;

async function readFacts(bytes: Buffer): Promise<ImageFacts> {
  const sharp = await loadSharp();
  const metadata = await sharp(bytes).metadata();
  const format = metadata.format === "heif" && metadata.compression === "av1" ? "avif" : metadata.format;
  if (!supported.has(format))
    throw new Unpublishable(`image $image is ${format.toUpperCase()}, which the site does not publish; save it as JPEG, PNG, WebP, AVIF or SVG`);
  const upright = (metadata.orientation ?? 1) >= 5;
  const opaque = !metadata.hasAlpha || (format !== "svg" && (await sharp(bytes).stats()).isOpaque);
  return { format, width: upright ? metadata.height : metadata.width, height: upright ? metadata.width : metadata.height, opaque };
}

async function encodeImage(
  source: string,
  { cache, preview: withPreview }: { cache: ImageCache; preview: boolean },
  report: (source: string, message: string) => void,
): Promise<{ image: ResponsiveImage; files: OutputFile[] } | undefined> {
  // Named by a digest of its bytes, read a megabyte at a time: a photo already encoded is never
  // held whole, and is read whole only when something of it is still to make.
  const sourceKey = hashFile(createHash("sha256").update(settings).update("\0"), source).update("\0").digest("hex");
  let read: Promise<Buffer> | undefined;
  const sourceBytes = () =>
    (read ??= readFile(source).then((bytes) => {
      if (digestOf(settings, bytes) !== sourceKey) throw new Unpublishable("image $image changed while the build read it; build again");
      return bytes;
    }));
  const facts = JSON.parse(
    (
      await cache.get(digestOf(sourceKey, "facts"), async () => Buffer.from(JSON.stringify(await encodeInTurn(async () => readFacts(await sourceBytes())))))
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
        return Buffer.from(sanitizeSvg((await sourceBytes()).toString("utf8")));
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
  // Each file the photo is published as, by a name of its own (`avif 800`), and how it is made.
  const encoders = new Map<string, (image: Sharp) => Sharp>();
  for (const target of widths) {
    const resize = (image: Sharp) => image.resize({ width: target });
    encoders.set(`avif ${target}`, (image) => resize(image).avif(encoding.avif));
    encoders.set(`webp ${target}`, (image) => resize(image).webp(encoding.webp));
    encoders.set(`${fallback} ${target}`, (image) => (opaque ? resize(image).jpeg(encoding.jpeg) : resize(image).png(encoding.png)));
  }
  if (withPreview)
    encoders.set("preview", (image) =>
      image
        .resize({ ...socialImageSize, fit: "cover", position: "attention" })
        .flatten({ background: "#ffffff" })
        .jpeg(encoding.preview),
    );
  // Photos from phones are stored sideways with an orientation flag: turned upright first.
  const encode = (spec: string) => async () => {
    const [sharp, bytes] = await Promise.all([loadSharp(), sourceBytes()]);
    return encodeInTurn(() => encoders.get(spec)!(sharp(bytes, { failOn: "error" }).rotate()).toBuffer());
  };
  const keyOf = (spec: string) => digestOf(sourceKey, spec);
  // The files' names carry a digest of their content, kept in the cache beside them: a build that
  // finds them there links them into the output and never reads or holds them.
  const encoded = new Map<string, Buffer>();
  const digests = JSON.parse(
    (
      await cache.get(digestOf(sourceKey, "names", ...encoders.keys()), async () => {
        const found: Record<string, string> = {};
        await Promise.all(
          [...encoders.keys()].map(async (spec) => {
            const content = await cache.get(keyOf(spec), encode(spec));
            encoded.set(spec, content);
            found[spec] = digestOf(content).slice(0, 10);
          }),
        );
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
