import { readFile } from "node:fs/promises";
import path from "node:path";
import { photoPlaces, type PhotoPlace } from "../shared/config-keys.ts";
import type { Photo, SiteConfig } from "../shared/config.ts";
import type { ContentDocument } from "../shared/content.ts";
import type { ImageReference } from "./process-images.ts";
import { digestOf } from "./cache-names.ts";

/** The config's photos, each with where its `file:` is written for messages. */
export async function configPhotos(
  config: SiteConfig,
  root: string,
  configFile: string,
  label: (file: string) => string,
  /** Positions found before in the same config text (the YAML parser then need not load). */
  known?: { get(key: string): Promise<Buffer | undefined>; set(key: string, value: string): Promise<void> },
): Promise<{ place: PhotoPlace; photo: Photo; reference: ImageReference }[]> {
  const places = photoPlaces.filter((place) => config.photos[place]);
  if (places.length === 0) return [];
  const text = await readFile(configFile, "utf8");
  const key = digestOf("photo positions", text);
  let positions = JSON.parse((await known?.get(key))?.toString() ?? "null") as Record<string, { line: number; column: number }> | null;
  if (!positions) {
    const { parseYamlSource } = await import("./yaml-source.ts");
    const source = parseYamlSource(text, label(configFile));
    positions = Object.fromEntries(places.map((place) => [place, source.positionOf(["photos", place, "file"])]));
    await known?.set(key, JSON.stringify(positions));
  }
  return places.map((place) => {
    const photo = config.photos[place]!;
    return {
      place,
      photo,
      reference: { source: path.resolve(root, photo.file), written: photo.file, file: label(configFile), ...positions[place] },
    };
  });
}

/** Every image the documents show: covers and the photos of their Markdown. */
export function documentImages(documents: readonly ContentDocument[]): ImageReference[] {
  return documents.flatMap((document) => [
    ...(document.cover ? [{ ...document.cover, file: document.file, preview: true }] : []),
    ...document.images.map((image) => ({ ...image, file: document.file })),
  ]);
}
