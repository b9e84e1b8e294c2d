import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Work that is done once per input and kept between builds: encoded photos, link-preview cards,
 * icons. Each entry is named by a digest of everything that made it (the source's bytes and the
 * settings), so a changed photo or setting is simply a new entry and nothing is ever stale.
 * Deleting the folder only costs time.
 */
export interface ImageCache {
  /** The entry's bytes, made by `make` when the cache does not have them yet. */
  get(key: string, make: () => Promise<Buffer>): Promise<Buffer>;
}

/** `sha256` of the parts, as hex: the name of a cache entry. */
export function digest(...parts: (string | Buffer)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex");
}

let written = 0;

/**
 * A name of its own for a file being written, renamed to `file` once whole: a build stopped
 * halfway leaves no half file, and two writes of the same file never share one.
 */
export function partialName(file: string): string {
  written += 1;
  return `${file}.${process.pid}.${written}.partial`;
}

export function createImageCache(dir: string | undefined): ImageCache {
  if (!dir) return { get: (_key, make) => make() };
  const ready = mkdir(dir, { recursive: true });
  // The same photo asked for twice at once (one image on two pages) is made once.
  const inFlight = new Map<string, Promise<Buffer>>();
  const fetch = async (key: string, make: () => Promise<Buffer>) => {
    const file = path.join(dir, `${key.slice(0, 2)}/${key}`);
    try {
      return await readFile(file);
    } catch {
      const bytes = await make();
      await ready;
      await mkdir(path.dirname(file), { recursive: true });
      const partial = partialName(file);
      await writeFile(partial, bytes);
      await rename(partial, file);
      return bytes;
    }
  };
  return {
    get(key, make) {
      let entry = inFlight.get(key);
      if (!entry) {
        entry = fetch(key, make).finally(() => inFlight.delete(key));
        inFlight.set(key, entry);
      }
      return entry;
    },
  };
}
