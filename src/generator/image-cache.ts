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

export function createImageCache(dir: string | undefined): ImageCache {
  if (!dir) return { get: (_key, make) => make() };
  const ready = mkdir(dir, { recursive: true });
  return {
    async get(key, make) {
      const file = path.join(dir, `${key.slice(0, 2)}/${key}`);
      try {
        return await readFile(file);
      } catch {
        const bytes = await make();
        await ready;
        await mkdir(path.dirname(file), { recursive: true });
        // Written under a name of its own, then renamed: a build stopped halfway leaves no half file.
        const partial = `${file}.${process.pid}.partial`;
        await writeFile(partial, bytes);
        await rename(partial, file);
        return bytes;
      }
    },
  };
}
