import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Sharp } from "sharp";
import { assetsFolder } from "../shared/caching.ts";
import { socialImageSize, type ImageCandidate, type ResponsiveImage } from "../shared/images.ts";
import { ProblemList } from "./errors.ts";
import type { ImageCache } from "./image-cache.ts";
import { digestOf } from "./cache-names.ts";
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

  // All at once: sharp encodes on its own threads, and an image already in the cache costs a read.
  await Promise.all(
    [...bySource.keys()].map(async (source) => {
      const bytes = await readSource(source, label(source), report);
      if (!bytes) return;
      try {
        const preview = bySource.get(source)!.some((reference) => reference.preview);
        const made = await encodeImage(source, bytes, { cache, preview }, report);
        if (!made) return;
        images.set(source, made.image);
        for (const file of made.files) files.set(file.path, file);
      } catch (error) {
        // libvips repeats its message on one line per decoder pass: the first says it.
        const reason = (error as Error).message.split("\n")[0]!.trim();
        report(source, `image $image cannot be read (${reason}); export it again as JPEG, PNG, WebP or AVIF`);
      }
    }),
  );
  problems.throwIfAny();
  return { get: (source) => images.get(source), files: [...files.values()] };
}

async function readSource(source: string, shown: string, report: (source: string, message: string) => void): Promise<Buffer | undefined> {
  const size = await stat(source).then(
    (info) => (info.isFile() ? info.size : undefined),
    () => undefined,
  );
  if (size === undefined) {
    report(source, `image $image not found: there is no file ${shown}; put the photo there or correct the name`);
    return undefined;
  }
  if (size > maxImageBytes) {
    report(source, `image $image is ${(size / 1024 / 1024).toFixed(1)} MB, over the 20 MB limit; export it smaller (2,000 px wide is plenty for the site)`);
    return undefined;
  }
  return readFile(source);
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
  bytes: Buffer,
  { cache, preview: withPreview }: { cache: ImageCache; preview: boolean },
  report: (source: string, message: string) => void,
): Promise<{ image: ResponsiveImage; files: OutputFile[] } | undefined> {
  const sourceKey = digestOf(settings, bytes);
  let facts: ImageFacts;
  try {
    facts = JSON.parse(
      (await cache.get(digestOf(sourceKey, "facts"), async () => Buffer.from(JSON.stringify(await readFacts(bytes))))).toString(),
    ) as ImageFacts;
  } catch (error) {
    if (!(error instanceof Unpublishable)) throw error;
    report(source, error.message);
    return undefined;
  }
  const { format, width, height, opaque } = facts;
  const stem =
    path
      .basename(source, path.extname(source))
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "image";
  const files: OutputFile[] = [];
  const publish = (name: string, extension: string, content: Buffer): string => {
    const file = `${assetsFolder}/images/${name}.${digestOf(content).slice(0, 10)}.${extension}`;
    files.push({ path: file, content });
    return `/${file}`;
  };

  if (format === "svg") {
    let clean: Buffer;
    try {
      clean = await cache.get(digestOf(sourceKey, "svg"), async () => {
        const { sanitizeSvg } = await import("./sanitize-svg.ts");
        return Buffer.from(sanitizeSvg(bytes.toString("utf8")));
      });
    } catch (error) {
      report(source, `drawing $image cannot be published (${(error as Error).message}); save it again as plain SVG from the drawing program`);
      return undefined;
    }
    const url = publish(stem, "svg", clean);
    return { image: { width, height, sources: [], fallback: [{ url, width }] }, files };
  }

  const widths = [...new Set([...imageWidths.filter((candidate) => candidate < width), Math.min(width, imageWidths.at(-1)!)])];
  // Photos from phones are stored sideways with an orientation flag: turned upright first.
  const variant = (spec: string, make: (image: Sharp) => Sharp) =>
    cache.get(digestOf(sourceKey, spec), async () => make((await loadSharp())(bytes, { failOn: "error" }).rotate()).toBuffer());

  const made = await Promise.all(
    widths.map(async (target) => {
      const resize = (image: Sharp) => image.resize({ width: target });
      const [avif, webp, fallback] = await Promise.all([
        variant(`avif ${target}`, (image) => resize(image).avif(encoding.avif)),
        variant(`webp ${target}`, (image) => resize(image).webp(encoding.webp)),
        opaque ? variant(`jpeg ${target}`, (image) => resize(image).jpeg(encoding.jpeg)) : variant(`png ${target}`, (image) => resize(image).png(encoding.png)),
      ]);
      const name = `${stem}-${target}`;
      return {
        avif: { url: publish(name, "avif", avif), width: target },
        webp: { url: publish(name, "webp", webp), width: target },
        fallback: { url: publish(name, opaque ? "jpg" : "png", fallback), width: target },
      };
    }),
  );
  const preview = withPreview
    ? await variant("preview", (image) =>
        image
          .resize({ ...socialImageSize, fit: "cover", position: "attention" })
          .flatten({ background: "#ffffff" })
          .jpeg(encoding.preview),
      )
    : undefined;
  const widest = widths.at(-1)!;
  const pick = (kind: "avif" | "webp" | "fallback"): ImageCandidate[] => made.map((entry) => entry[kind]);
  return {
    image: {
      width: widest,
      height: Math.round((height * widest) / width),
      sources: [
        { type: "image/avif", candidates: pick("avif") },
        { type: "image/webp", candidates: pick("webp") },
      ],
      fallback: pick("fallback"),
      ...(preview ? { preview: publish(`${stem}-${socialImageSize.width}x${socialImageSize.height}`, "jpg", preview) } : {}),
    },
    files,
  };
}
