import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { open, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { partialName } from "./cache-names.ts";
import type { SiteOptions } from "./load-site.ts";
import { utf8Of } from "./utf8.ts";

/**
 * Work one build leaves for the next, in the cache folder (`.cache/build/`):
 * - `blobs/`: every file a build wrote, with its brotli copy, named by the digest of its content.
 *   The output links to them (a copy where the output is on another disk), so a page that comes
 *   out the same is never compressed twice. They are read-only: editing a built file in place
 *   would change a stored one.
 * - `pages/<site digest>.json`: for each page of a site, what it was made from and what it became,
 *   so a build of the same site only makes the pages whose document changed.
 * - `parts/`: smaller results by key (a page's stylesheet, an island script).
 * Both folders are flat: on a disk where making a folder costs as much as a file, a folder per
 * digest prefix was over 200 more to make in a cold build of 160 pages (measured; the folders
 * `files/` and shards in `parts/` of the earlier layout are removed).
 * Everything is named by what made it: nothing in it is ever stale, and deleting it costs only time.
 */
export interface BuildStore {
  /** Whether it keeps anything (no folder: nothing is kept). */
  keeps: boolean;
  /** Its folder, when it keeps anything. */
  dir?: string;
  /**
   * The stored file with this content digest, linked (or copied) to `target`; false when it is not
   * there. Synchronous, as is keep(): a link is a few microseconds on the build's own thread, and
   * many times that as a promise (measured).
   */
  restore(digest: string, target: string): boolean;
  /** Whether `file` is the stored file with this content digest (a link to it, not a copy). */
  holds(digest: string, file: string): boolean;
  /** Keeps a file just written under its content digest. */
  keep(file: string, digest: string): void;
  /** A part made earlier under `key`, if any. */
  part(key: string): Promise<Buffer | undefined>;
  savePart(key: string, content: string | Buffer | Iterable<string>): Promise<void>;
  /** The page index of a site digest, as the last build of that site wrote it. */
  pages<T>(site: string): Promise<Record<string, T>>;
  savePages(site: string, pages: Record<string, unknown>): Promise<void>;
}

/** How many site digests keep their page index; older ones are dropped with their files. */
const keptIndexes = 12;

export function createBuildStore(dir: string | undefined): BuildStore {
  if (!dir) {
    const none = async () => undefined;
    return { keeps: false, restore: () => false, holds: () => false, keep: () => {}, part: none, savePart: none, pages: async () => ({}), savePages: none };
  }
  const blobs = path.join(dir, "blobs");
  const stored = (digest: string) => path.join(blobs, digest);
  const folders = new Set<string>();
  const folder = (file: string) => {
    const name = path.dirname(file);
    if (!folders.has(name)) mkdirSync(name, { recursive: true });
    folders.add(name);
  };
  const writeAtomically = async (file: string, content: string | Buffer | Iterable<string>) => {
    folder(file);
    const partial = partialName(file);
    if (typeof content === "string" || Buffer.isBuffer(content)) await writeFile(partial, typeof content === "string" ? utf8Of(content) : content);
    else {
      // Written in pieces (a line per document of a large site), never as one string in memory.
      const handle = await open(partial, "w");
      try {
        // A few hundred kilobytes at a time: large enough for few calls, small enough to be encoded in one buffer used again.
        let batch: string[] = [];
        let length = 0;
        for (const piece of content) {
          batch.push(piece);
          length += piece.length;
          if (length >= 256 * 1024) {
            await handle.write(utf8Of(batch.join("")));
            batch = [];
            length = 0;
          }
        }
        await handle.write(utf8Of(batch.join("")));
      } finally {
        await handle.close();
      }
    }
    await rename(partial, file);
  };

  return {
    keeps: true,
    dir,
    restore(digest, target) {
      try {
        linkOrCopy(stored(digest), target);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw error;
      }
    },
    holds(digest, file) {
      const kept = statSync(stored(digest), { throwIfNoEntry: false });
      const found = kept && statSync(file, { throwIfNoEntry: false });
      return !!found && found.ino === kept.ino && found.dev === kept.dev;
    },
    keep(file, digest) {
      const target = stored(digest);
      folder(target);
      try {
        // Written read-only; a copy (across disks) is made so here.
        if (linkOrCopy(file, target) === "copied") chmodSync(target, 0o444);
      } catch (error) {
        // Another build kept the same content first.
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    },
    async part(key) {
      return readFile(path.join(dir, "parts", key)).catch(() => undefined);
    },
    savePart: (key, content) => writeAtomically(path.join(dir, "parts", key), content),
    async pages<T>(site: string) {
      const text = await readFile(path.join(dir, "pages", `${site}.json`), "utf8").catch(() => "{}");
      try {
        return JSON.parse(text) as Record<string, T>;
      } catch {
        return {};
      }
    },
    async savePages(site, pages) {
      await writeAtomically(path.join(dir, "pages", `${site}.json`), JSON.stringify(pages));
      await prune(dir);
    },
  };
}

/** Whether a store folder has any site's page index: a build with none makes every page. */
export function hasPageIndex(dir: string): boolean {
  try {
    return readdirSync(path.join(dir, "pages")).some((name) => name.endsWith(".json"));
  } catch {
    return false;
  }
}

/** Links `from` as `to`, or copies it where the two are on different disks. */
export function linkOrCopy(from: string, to: string): "linked" | "copied" {
  try {
    linkSync(from, to);
    return "linked";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    copyFileSync(from, to);
    return "copied";
  }
}

/**
 * Keeps the cache to the sites built last: beyond `keptIndexes` page indexes, the oldest go, and
 * with them every stored file no remaining index names (a site edited for years would otherwise
 * keep every version of every page).
 */
async function prune(dir: string): Promise<void> {
  // The earlier layout (a folder per digest prefix) goes, once.
  const legacy = path.join(dir, "files");
  if (existsSync(legacy)) {
    await rm(legacy, { recursive: true, force: true });
    for (const entry of await readdir(path.join(dir, "parts"), { withFileTypes: true }).catch(() => []))
      if (entry.isDirectory()) await rm(path.join(dir, "parts", entry.name), { recursive: true, force: true });
  }
  const indexDir = path.join(dir, "pages");
  const names = (await readdir(indexDir)).filter((name) => name.endsWith(".json"));
  if (names.length <= keptIndexes) return;
  const dated = await Promise.all(names.map(async (name) => ({ name, time: (await stat(path.join(indexDir, name))).mtimeMs })));
  dated.sort((a, b) => b.time - a.time);
  for (const { name } of dated.slice(keptIndexes)) await rm(path.join(indexDir, name), { force: true });
  const named = new Set<string>();
  for (const { name } of dated.slice(0, keptIndexes)) {
    const text = await readFile(path.join(indexDir, name), "utf8").catch(() => "");
    for (const match of text.matchAll(/"([0-9a-f]{64})"/g)) named.add(match[1]!);
  }
  const blobs = path.join(dir, "blobs");
  for (const name of await readdir(blobs).catch(() => [] as string[])) if (!named.has(name.split(".")[0]!)) await rm(path.join(blobs, name), { force: true });
}

/** Where work is kept between builds of the site, if anywhere (see SiteOptions.cacheDir). */
export function cacheDirOf(options: Pick<SiteOptions, "root" | "env" | "cacheDir" | "force">): string | undefined {
  const env = options.env ?? process.env;
  return options.cacheDir === false ? undefined : path.resolve(options.root, options.cacheDir ?? env.SITE_CACHE_DIR ?? ".cache");
}

/** The build store's folder: none with `force`, which makes everything anew. */
export function storeDirOf(options: Pick<SiteOptions, "root" | "env" | "cacheDir" | "force">): string | undefined {
  const cacheDir = cacheDirOf(options);
  return cacheDir && !options.force ? path.join(cacheDir, "build") : undefined;
}
