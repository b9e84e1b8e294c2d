import type { ChildProcess } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createImageCache } from "../../src/generator/image-cache.ts";
import { loadSite } from "../../src/generator/load-site.ts";
import { createSourceKeys, encodeAhead, imageFile, processImages, type ImageReference } from "../../src/generator/process-images.ts";
import { createTimings } from "../../src/generator/timings.ts";
import { fixtureSite } from "../support/fixture-site.ts";

// Every process the code under test forks (the images' encoders), kept to look at.
const forked = vi.hoisted(() => [] as ChildProcess[]);
vi.mock("node:child_process", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:child_process")>();
  return {
    ...original,
    fork: (...args: Parameters<typeof original.fork>) => {
      const child = original.fork(...args);
      forked.push(child);
      return child;
    },
  };
});

// Encoding every photo of the fixture into an empty cache (twice over in the first test).
const timeout = 120_000;

// The photos fixture: a post with a cover (JPEG), a PNG with transparency, a WebP, an AVIF, a
// small JPEG and an SVG beside it.
let dir: string;
let post: string;
const caches: string[] = [];
const emptyCache = async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), "site-images-"));
  caches.push(folder);
  return folder;
};

beforeAll(async () => {
  dir = await fixtureSite("photos");
  post = path.join(dir, "content/blog/harbour-van");
});
afterAll(() => Promise.all([dir, ...caches].map((folder) => rm(folder, { recursive: true, force: true }))));

/** What the post names, as its document does: the cover (with its link preview) and its photos. */
async function references(): Promise<ImageReference[]> {
  return (await readdir(post))
    .filter((name) => imageFile.test(name))
    .map((name) => ({
      source: path.join(post, name),
      written: name,
      file: "content/blog/harbour-van/en.md",
      line: 1,
      column: 1,
      preview: name === "cover.jpg",
    }));
}

describe("photos encoded before the documents are read", () => {
  test("leave processImages nothing to encode: no encoder is started, and it publishes the same files", { timeout }, async () => {
    const refs = await references();
    expect(refs).toHaveLength(6);
    const alone = await processImages(refs, createImageCache(await emptyCache()));

    const cache = createImageCache(await emptyCache());
    const keys = createSourceKeys();
    forked.length = 0;
    const ahead = await encodeAhead(
      refs.map((ref) => ref.source),
      cache,
      keys,
    );
    expect(forked, "one encoder for them all").toHaveLength(1);
    // Ended when encodeAhead resolves: the documents are then read beside no other process.
    expect(forked[0]!.exitCode ?? forked[0]!.signalCode).not.toBeNull();
    expect([...ahead.keys()].sort()).toEqual(refs.map((ref) => ref.source).sort());

    // Published as encodeAhead found them (a photo that is not a cover without its crop), or
    // looked for in the cache again: the same files either way, and no encoder started.
    forked.length = 0;
    for (const after of [await processImages(refs, cache, undefined, keys, ahead), await processImages(refs, cache, undefined, keys)]) {
      expect(after.files.map((file) => file.path).sort()).toEqual(alone.files.map((file) => file.path).sort());
      for (const ref of refs) expect(after.get(ref.source), ref.written).toEqual(alone.get(ref.source));
    }
    expect(forked, "processImages found every photo in the cache").toHaveLength(0);
  });

  test("a file that is no photo is left for processImages to report where it is named", { timeout }, async () => {
    const cache = createImageCache(await emptyCache());
    const keys = createSourceKeys();
    const broken = path.join(post, "en.md");
    const ahead = await encodeAhead([broken, path.join(post, "missing.jpg")], cache, keys);
    expect(ahead.size, "neither is taken as encoded").toBe(0);
    await expect(
      processImages([{ source: broken, written: "notes.jpg", file: "content/blog/harbour-van/en.md", line: 7, column: 1 }], cache, undefined, keys, ahead),
    ).rejects.toThrow(/content\/blog\/harbour-van\/en\.md:7:1: image notes\.jpg cannot be read/);
  });

  test("a site read with an empty image cache has its photos encoded by one encoder, before its documents are read", { timeout }, async () => {
    const timings = createTimings();
    forked.length = 0;
    const site = await loadSite({ root: dir, cacheDir: await emptyCache(), timings, warn: () => {} });
    const stages = timings.stages().map(([stage]) => stage);
    expect(stages.indexOf("photos")).toBeLessThan(stages.indexOf("strings and content"));
    expect(forked.map((child) => child.spawnargs.at(-1))).toEqual(["photos"]);
    // The config's three photos and the post's, published.
    expect(site.library.files.filter((file) => file.path.endsWith(".avif")).length).toBeGreaterThanOrEqual(9);
  });
});
