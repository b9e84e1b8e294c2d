import { readFile } from "node:fs/promises";
import path from "node:path";
import { photoPlaces, type PhotoPlace } from "../shared/config-keys.ts";
import type { Photo, SiteConfig } from "../shared/config.ts";
import type { ContentDocument } from "../shared/content.ts";
import type { ImageReference } from "./process-images.ts";
import { parseYamlSource } from "./yaml-source.ts";

/** The config's photos, each with where its `file:` is written for messages. */
export async function configPhotos(
  config: SiteConfig,
  root: string,
  configFile: string,
  label: (file: string) => string,
): Promise<{ place: PhotoPlace; photo: Photo; reference: ImageReference }[]> {
  const places = photoPlaces.filter((place) => config.photos[place]);
  if (places.length === 0) return [];
  const source = parseYamlSource(await readFile(configFile, "utf8"), label(configFile));
  return places.map((place) => {
    const photo = config.photos[place]!;
    return {
      place,
      photo,
      reference: { source: path.resolve(root, photo.file), written: photo.file, file: label(configFile), ...source.positionOf(["photos", place, "file"]) },
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
