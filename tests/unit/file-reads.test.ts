import { readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { build } from "../../src/generator/build.ts";
import { isBuildFresh } from "../../src/generator/freshness.ts";
import { fixtureSite, ownCacheDir } from "../support/fixture-site.ts";

// Every file whose bytes the build hashes (a photo's digest, the inputs' digest), relative to the site.
const hashed = vi.hoisted(() => [] as string[]);
vi.mock("../../src/generator/cache-names.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/generator/cache-names.ts")>();
  return {
    ...original,
    hashFile: (...args: Parameters<typeof original.hashFile>) => (hashed.push(args[1]), original.hashFile(...args)),
    digestOfFile: (...args: Parameters<typeof original.digestOfFile>) => (hashed.push(args[1]), original.digestOfFile(...args)),
  };
});

// Builds of the photos fixture (a post with six images beside it) with the project's image cache.
const timeout = 120_000;
let dir: string;
let cache: string;
const post = "content/blog/harbour-van";
const images = /\.(jpe?g|png|webp|avif|svg)$/;
// As `npm start` runs it: the cache folder named in the environment.
const env = () => ({ SITE_CACHE_DIR: cache });
const buildOnce = async () => {
  hashed.length = 0;
  const result = await build({ root: dir, outDir: path.join(dir, "dist"), env: env(), warn: () => {} });
  return { result, photosRead: hashed.map((file) => path.relative(dir, file)).filter((file) => images.test(file)) };
};

beforeAll(async () => {
  dir = await fixtureSite("photos");
  cache = await ownCacheDir();
  // A file written in the last two seconds may change again within the same tick of the clock
  // without its times changing: only a settled file is known by its identity.
  await new Promise((resolve) => setTimeout(resolve, 2_100));
});
afterAll(() => Promise.all([dir, cache].map((folder) => rm(folder, { recursive: true, force: true }))));

describe("photos read once", () => {
  test("a build reads none of the photos the build before it read, while each is the same file", { timeout }, async () => {
    const first = await buildOnce();
    expect(first.photosRead).toContain(`${post}/cover.jpg`);
    expect(first.photosRead).toContain("content/photos/van.jpg");
    const second = await buildOnce();
    expect(second.photosRead).toEqual([]);
    expect(second.result.made, "nothing changed").toBe(0);
    // `site build --if-needed` (npm start) finds the output fresh without reading them either.
    hashed.length = 0;
    expect(await isBuildFresh(dir, "dist", env())).toBe(true);
    expect(hashed).toEqual([]);
    // As `npm start` gives it: the site's folder relative to where it runs.
    expect(await isBuildFresh(path.relative(process.cwd(), dir), "dist", env())).toBe(true);
    expect(hashed).toEqual([]);
  });

  test("a photo replaced by another under the same name is read, and published anew", { timeout }, async () => {
    const published = async () => (await readdir(path.join(dir, "dist/assets/images"))).filter((name) => name.startsWith("cover-"));
    await buildOnce();
    const before = await published();
    await writeFile(
      path.join(dir, post, "cover.jpg"),
      await sharp({ create: { width: 2000, height: 1300, channels: 3, background: "#0f766e" } })
        .jpeg()
        .toBuffer(),
    );
    expect(await isBuildFresh(dir, "dist", env()), "the output is no longer the site's").toBe(false);
    const { photosRead } = await buildOnce();
    expect(new Set(photosRead)).toEqual(new Set([`${post}/cover.jpg`]));
    const after = await published();
    expect(after).toHaveLength(before.length);
    expect(after.filter((name) => before.includes(name))).toEqual([]);
  });
});
