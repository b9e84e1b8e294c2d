import { existsSync, readFileSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { partialName } from "./cache-names.ts";

/**
 * Work that is done once per input and kept between builds: encoded photos, link-preview cards,
 * icons. Each entry is named by a digest of everything that made it (the source's bytes and the
 * settings), so a changed photo or setting is simply a new entry and nothing is ever stale.
 * Deleting the folder only costs time.
 */
export interface ImageCache {
  /** The entry's bytes, made by `make` when the cache does not have them yet. */
  get(key: string, make: () => Promise<Buffer>): Promise<Buffer>;
  /**
   * The entry's file (made by `make` when the cache does not have it yet), for the output to link
   * rather than read and write again; undefined for a cache without a folder.
   */
  file(key: string, make: () => Promise<Buffer>): Promise<string | undefined>;
  /** The entry's file if the cache holds it already (nothing is made); undefined otherwise, or for a cache without a folder. */
  held(key: string): string | undefined;
}

export function createImageCache(dir: string | undefined): ImageCache {
  if (!dir) return { get: (_key, make) => make(), file: async () => undefined, held: () => undefined };
  const ready = mkdir(dir, { recursive: true });
  // The same photo asked for twice at once (one image on two pages) is made once.
  const inFlight = new Map<string, Promise<Buffer>>();
  const fileOf = (key: string) => path.join(dir, `${key.slice(0, 2)}/${key}`);
  const fetch = async (key: string, make: () => Promise<Buffer>) => {
    const file = fileOf(key);
    try {
      // Read at once: what a build reads here is small (a photo's facts and its files' names, an
      // icon), and a few microseconds synchronous against several times that as a promise (500
      // photos: two reads each).
      return readFileSync(file);
    } catch {
      const bytes = await make();
      await ready;
      await mkdir(path.dirname(file), { recursive: true });
      const partial = partialName(file);
      // Read-only: the output links to it (see write-files.ts), and editing a built file must not change it.
      await writeFile(partial, bytes, { mode: 0o444 });
      await rename(partial, file);
      return bytes;
    }
  };
  const get = (key: string, make: () => Promise<Buffer>) => {
    let entry = inFlight.get(key);
    if (!entry) {
      entry = fetch(key, make).finally(() => inFlight.delete(key));
      inFlight.set(key, entry);
    }
    return entry;
  };
  const held = (key: string) => {
    const file = fileOf(key);
    return !inFlight.has(key) && existsSync(file) ? file : undefined;
  };
  return {
    get,
    held,
    async file(key, make) {
      return held(key) ?? (await get(key, make), fileOf(key));
    },
  };
}
