import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi, type MockInstance } from "vitest";
import { build, type BuildResult } from "../../src/generator/build.ts";
import { createBuildStore, type BuildStore } from "../../src/generator/build-store.ts";
import { digestOf } from "../../src/generator/cache-names.ts";
import { createHash } from "node:crypto";
import { createImageCache } from "../../src/generator/image-cache.ts";
import { brotliCopy } from "../../src/generator/write-files.ts";
import { openOutput, startWriterEarly, type SiteOutput } from "../../src/generator/write-site.ts";
import { differingFiles, fileTree } from "../support/file-tree.ts";
import { fixtureSite, ownCacheDir } from "../support/fixture-site.ts";

// A build reuses what an earlier build of the same site made from the same inputs (.cache/build/).
// Whatever changed, a build with the cache must write exactly what a build without it writes:
// each kind of input is changed in turn, and the two outputs compared file by file, byte for byte.
let site: string;
let cache: string;
const out = () => path.join(site, "dist");
const post = "content/blog/spare-key-importance";

beforeAll(async () => {
  site = await fixtureSite("photos");
  cache = await ownCacheDir();
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
  await rm(cache, { recursive: true, force: true });
});

const quiet = { warn: () => {}, env: {} };
let today = "2026-06-01";
const cachedBuild = () => build({ root: site, outDir: out(), cacheDir: cache, today, ...quiet });
const uncachedBuild = (outDir: string) => build({ root: site, outDir, cacheDir: cache, force: true, today, ...quiet });

/** The cached build's output against a build without the cache into the same folder (site.json names it). */
async function expectSameAsUncached(): Promise<BuildResult> {
  const warm = await cachedBuild();
  const cached = await fileTree(out());
  const parked = `${out()}-cached`;
  await rm(parked, { recursive: true, force: true });
  await cp(out(), parked, { recursive: true });
  await uncachedBuild(out());
  const fresh = await fileTree(out());
  expect([...cached.keys()].sort()).toEqual([...fresh.keys()].sort());
  expect(differingFiles(fresh, cached)).toEqual([]);
  await rm(parked, { recursive: true, force: true });
  return warm;
}

const edit = async (file: string, change: (text: string) => string) => {
  const full = path.join(site, file);
  await writeFile(full, change(await readFile(full, "utf8")));
};

describe("a build with the cache writes what a build without it writes, byte for byte", () => {
  test("the first build makes every page; a second with nothing changed makes none and links the first's files", async () => {
    const first = await cachedBuild();
    expect(first.made).toBe(first.pages.length);
    const second = await cachedBuild();
    expect(second.made).toBe(0);
    // The page is the stored file itself, linked (read-only, so editing it in place cannot change the store).
    const page = await stat(path.join(out(), "en/blog/spare-key-importance.html"));
    expect(page.nlink).toBeGreaterThan(1);
    expect(page.mode & 0o222).toBe(0);
    expect((await expectSameAsUncached()).made).toBe(0);
  });

  test("a document's text: that page alone is made (and the feeds)", async () => {
    await edit(`${post}/en.md`, (text) => text.replace(/\n## /, "\nA sentence added by the owner.\n\n## "));
    const result = await expectSameAsUncached();
    expect(result.made).toBe(1);
    expect(await readFile(path.join(out(), "en/blog/spare-key-importance.html"), "utf8")).toContain("A sentence added by the owner.");
    expect(await readFile(path.join(out(), "en/blog/feed.xml"), "utf8")).toContain("A sentence added by the owner.");
  });

  test("a document's title: every page that may show it is made", async () => {
    await edit(`${post}/de.md`, (text) => text.replace(/^title: .*$/m, 'title: "Warum ein Ersatzschlüssel in Nafplio Gold wert ist"'));
    const result = await expectSameAsUncached();
    expect(result.made).toBe(result.pages.length);
    expect(await readFile(path.join(out(), "de/blog.html"), "utf8")).toContain("Warum ein Ersatzschlüssel in Nafplio Gold wert ist");
  });

  test("a post added, then removed", async () => {
    await cp(path.join(site, post), path.join(site, "content/blog/spare-key-box"), { recursive: true });
    for (const file of await readdir(path.join(site, "content/blog/spare-key-box")))
      await edit(`content/blog/spare-key-box/${file}`, (text) =>
        text
          .replace(/^title: .*$/m, `title: "A key box by the door in Nafplio (${file})"`)
          .replace(/^description: .*$/m, `description: "Where to keep a spare key in Nafplio: a key box, a neighbour or our shop (${file})."`),
      );
    expect((await expectSameAsUncached()).pages.some((page) => page.url === "/en/blog/spare-key-box")).toBe(true);
    await rm(path.join(site, "content/blog/spare-key-box"), { recursive: true });
    expect((await expectSameAsUncached()).pages.some((page) => page.url === "/en/blog/spare-key-box")).toBe(false);
  });

  test("the config", async () => {
    await edit("site.config.yml", (text) => text.replace(/^phone: .*$/m, 'phone: "+30 690 111 2222"'));
    const result = await expectSameAsUncached();
    expect(result.made).toBe(result.pages.length);
    expect(await readFile(path.join(out(), "fr/contact.html"), "utf8")).toContain("+30 690 111 2222");
    // Every page and every link-preview card made anew, twice: 15 s in a quiet hour on two cores.
  }, 60_000);

  test("an interface string", async () => {
    await edit("locales/ru/translation.json", (text) => text.replace(/"call": "([^"]*)"/, '"call": "$1!"'));
    const result = await expectSameAsUncached();
    expect(result.made).toBe(result.pages.length);
  });

  test("a photo replaced beside a document, and a file added to public/", async () => {
    await sharp({ create: { width: 900, height: 600, channels: 3, background: "#b91c1c" } })
      .webp()
      .toFile(path.join(site, "content/blog/harbour-van/street.webp"));
    await writeFile(path.join(site, "public/files/opening-hours.txt"), "Every day, 08:00 to 20:00.\n");
    const result = await expectSameAsUncached();
    expect(result.files).toContain("files/opening-hours.txt");
  });

  test("the day: a post dated later is published on its day", async () => {
    await edit(`${post}/en.md`, (text) => text.replace(/^date: .*$/m, "date: 2026-06-02"));
    const before = await expectSameAsUncached();
    expect(before.pages.some((page) => page.url === "/en/blog/spare-key-importance")).toBe(false);
    today = "2026-06-02";
    const onTheDay = await expectSameAsUncached();
    expect(onTheDay.pages.some((page) => page.url === "/en/blog/spare-key-importance")).toBe(true);
  });
});

describe("the image cache", () => {
  test("makes an entry asked for twice at once (one card on two pages) once, and leaves no half file", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "site-images-"));
    try {
      const images = createImageCache(dir);
      let made = 0;
      const make = async () => {
        made += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return Buffer.from("card");
      };
      const key = "ab".repeat(32);
      // Not held until made (a build links a held card with its page, and draws the others after every page).
      expect(images.held(key)).toBeUndefined();
      const both = await Promise.all([images.get(key, make), images.get(key, make)]);
      expect(both.map(String)).toEqual(["card", "card"]);
      expect(made).toBe(1);
      expect(await readdir(path.join(dir, "ab"))).toEqual([key]);
      expect(images.held(key)).toBe(path.join(dir, "ab", key));
      expect(createImageCache(undefined).held(key)).toBeUndefined();
      // Kept between builds: a new cache over the same folder reads it back.
      expect(String(await createImageCache(dir).get(key, make))).toBe("card");
      expect(made).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the output, written by a thread of its own", () => {
  test("writes each file with its .br, links a kept file (read-only, shared with the cache and the store), and is swapped in whole", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "site-output-"));
    try {
      const images = createImageCache(path.join(dir, "images"));
      const key = "cd".repeat(32);
      const card = await images.file(key, async () => Buffer.from("a card's bytes"));
      const store = createBuildStore(path.join(dir, "build"));
      const out = path.join(dir, "dist");
      const output = await openOutput(out, store);
      const page = `<!DOCTYPE html><p>${"Ξεκλείδωμα αυτοκινήτου. ".repeat(40)}</p>`;
      await output.write({ path: "gr/index.html", content: page });
      await output.write({ path: "assets/og/gr.png", content: async () => ({ from: card!, digest: key }) });
      const { digests, sizes } = await output.commit();

      expect(await readFile(path.join(out, "gr/index.html"), "utf8")).toBe(page);
      const { brotliDecompressSync } = await import("node:zlib");
      expect(brotliDecompressSync(await readFile(path.join(out, "gr/index.html.br"))).toString()).toBe(page);
      expect(sizes.get("gr/index.html")).toBe(Buffer.byteLength(page));
      const linked = await stat(path.join(out, "assets/og/gr.png"));
      expect(linked.ino).toBe((await stat(card!)).ino);
      expect(linked.mode & 0o777).toBe(0o444);
      expect(digests.get("assets/og/gr.png")).toBe(key);
      // A later build finds the card in the store under the same name.
      expect(store.restore(key, path.join(dir, "restored.png"))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("a digest of texts is the sha256 of their UTF-8, whatever their length and characters", () => {
    const texts = ["short", `${"Ναύπλιο € 🔑 ".repeat(500)}`, `${"ключ ".repeat(400)}\ud800 lone`, "x".repeat(5_000), `\udc00${"é".repeat(2_000)}`];
    const expected = createHash("sha256");
    for (const text of texts) expected.update(Buffer.from(text)).update("\0");
    expect(digestOf(...texts)).toBe(expected.digest("hex"));
  });

  test.each([
    ["the build's thread", false],
    ["the writer's thread", true],
  ])(
    "encodes each text as UTF-8 whatever its characters, a page after a longer one and a file of millions of characters included (%s)",
    async (_, threaded) => {
      const dir = await mkdtemp(path.join(os.tmpdir(), "site-output-"));
      try {
        const out = path.join(dir, "dist");
        const output = await openOutput(out, createBuildStore(path.join(dir, "build")));
        if (threaded) output.expectWrites();
        // Three bytes a unit (Greek is two, an emoji four for its two units), lone surrogates, Latin-1 and plain ASCII.
        const texts = {
          "a.html": `<p>${"€ Ναύπλιο 🔑 ключ ".repeat(20_000)}</p>`,
          "b.html": "<p>🔑 \ud800 short</p>",
          "d.html": "<p>\udc00 then a pair 🔑 and a high one at the end \ud83d",
          "e.html": `<p>${"Schlüsseldienst für Türen ".repeat(100)}</p>`,
          "sitemap.xml": `<urlset>${"<url><loc>https://example.com/en/blog/a-post</loc></url>".repeat(25_000)}</urlset>`,
          "c.html": `<p>${"Ξ".repeat(300_000)}</p>`,
          "f.txt": "plain ASCII",
        };
        for (const [file, content] of Object.entries(texts)) await output.write({ path: file, content });
        await output.commit();
        for (const [file, content] of Object.entries(texts)) expect((await readFile(path.join(out, file))).equals(Buffer.from(content))).toBe(true);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  test.each([
    ["the build's thread", false],
    ["the writer's thread", true],
  ])("a file whose .br was made beforehand (the compiled CLI's island scripts) is written with that .br as it is (%s)", async (_, threaded) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "site-output-"));
    try {
      const out = path.join(dir, "dist");
      const output = await openOutput(out, createBuildStore(path.join(dir, "build")));
      if (threaded) output.expectWrites();
      const code = `const menu = "Μενού";${"hydrate();".repeat(200)}`;
      // Made otherwise than the writer would (quality 4): what comes out is these bytes, not the writer's.
      const { brotliCompressSync, brotliDecompressSync, constants } = await import("node:zlib");
      const compressed = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
      expect(compressed.equals(brotliCopy("assets/islands.0123456789.js", Buffer.from(code)))).toBe(false);
      await output.write({ path: "assets/islands.0123456789.js", content: code, compressed });
      await output.write({ path: "gr/index.html", content: `<p>${"Ναύπλιο ".repeat(100)}</p>` });
      await output.commit();
      expect(await readFile(path.join(out, "assets/islands.0123456789.js"), "utf8")).toBe(code);
      expect((await readFile(path.join(out, "assets/islands.0123456789.js.br"))).equals(compressed)).toBe(true);
      expect(brotliDecompressSync(await readFile(path.join(out, "gr/index.html.br"))).toString()).toBe(`<p>${"Ναύπλιο ".repeat(100)}</p>`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("a large site's pages are shared by two writers' threads, and every file and its .br come out whole", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "site-output-"));
    try {
      const store = createBuildStore(path.join(dir, "build"));
      const out = path.join(dir, "dist");
      const output = await openOutput(out, store);
      output.expectWrites();
      // Pages faster than one thread compresses them; every tenth the same as another (one stored copy, two files).
      const pageText = (n: number) => `<!DOCTYPE html><h1>${n % 10 === 0 ? n - 5 : n}</h1><p>${"Ξεκλείδωμα αυτοκινήτου στο Ναύπλιο. ".repeat(600)}</p>`;
      const files = Array.from({ length: 1600 }, (_, n) => `gr/blog/post-${n}.html`);
      let threadsSeen = 0;
      for (const [n, file] of files.entries()) {
        await output.write({ path: file, content: pageText(n) });
        if (n % 200 === 199) threadsSeen = Math.max(threadsSeen, (process.report.getReport() as { workers: unknown[] }).workers.length);
      }
      const { digests } = await output.commit();
      if (os.availableParallelism() >= 2) expect(threadsSeen).toBe(2);
      const { brotliDecompressSync } = await import("node:zlib");
      for (const [n, file] of files.entries()) {
        const text = pageText(n);
        expect(await readFile(path.join(out, file), "utf8")).toBe(text);
        expect(brotliDecompressSync(await readFile(path.join(out, `${file}.br`))).toString()).toBe(text);
      }
      expect(digests.get("gr/blog/post-10.html")).toBe(digests.get("gr/blog/post-5.html"));
      expect((await stat(path.join(out, "gr/blog/post-10.html"))).ino).toBe((await stat(path.join(out, "gr/blog/post-5.html"))).ino);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("over a previous output: what it has the same of stays in place, the rest is moved in, and what is no longer written goes", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "site-output-"));
    try {
      const store = createBuildStore(path.join(dir, "build"));
      const out = path.join(dir, "dist");
      const text = (name: string) => `<!DOCTYPE html><title>${name}</title><p>${"Κλειδαράς στο Ναύπλιο. ".repeat(60)}</p>`;
      const first = {
        "gr/index.html": text("home"),
        "gr/prices.html": text("prices"),
        "gr/old-post.html": text("a post since removed"),
        "en/blog": "a file where the next build has a folder",
        "fr/shop/index.html": text("a folder where the next build has a file"),
        "robots.txt": "User-agent: *\n",
      };
      const second = {
        "gr/index.html": text("home"),
        "gr/prices.html": text("new prices"),
        "en/blog/index.html": text("blog"),
        "fr/shop": "now a file",
        "robots.txt": "User-agent: *\n",
      };
      const build = async (files: Record<string, string>, reused: Record<string, { digest: string; size: number }> = {}) => {
        const output = await openOutput(out, store);
        output.expectWrites();
        for (const [file, content] of Object.entries(files)) {
          if (reused[file]) await output.reuse(file, reused[file]);
          // A few through the writer's thread, the others on this one (as the site's last files are).
          else await output.write({ path: file, content });
          if (file.startsWith("gr/")) output.pagesMade();
        }
        expect(await output.missing()).toEqual([]);
        return output.commit();
      };
      const { digests, sizes } = await build(first);
      // A file's change time moves when a name is linked to it or removed: those left in place keep theirs.
      const unchanged = ["gr/index.html", "gr/index.html.br", "robots.txt"];
      const before = await Promise.all(unchanged.map((file) => stat(path.join(out, file), { bigint: true })));
      // Files that came out the same, reused (the home page) or made again, stay the files they were.
      await build(second, { "gr/index.html": { digest: digests.get("gr/index.html")!, size: sizes.get("gr/index.html")! } });
      const after = await Promise.all(unchanged.map((file) => stat(path.join(out, file), { bigint: true })));
      expect(after.map(({ ino, ctimeNs }) => [ino, ctimeNs])).toEqual(before.map(({ ino, ctimeNs }) => [ino, ctimeNs]));

      const files = await fileTree(out);
      expect([...files.keys()].sort()).toEqual(
        [
          "en/blog/index.html",
          "en/blog/index.html.br",
          "fr/shop",
          "gr/index.html",
          "gr/index.html.br",
          "gr/prices.html",
          "gr/prices.html.br",
          "robots.txt",
        ].sort(),
      );
      const { brotliDecompressSync } = await import("node:zlib");
      for (const [file, content] of Object.entries(second)) {
        expect(files.get(file)!.toString()).toBe(content);
        if (files.has(`${file}.br`)) expect(brotliDecompressSync(files.get(`${file}.br`)!).toString()).toBe(content);
      }
      expect(await readdir(path.join(out, "gr"))).not.toContain("old-post.html.br");
      // Nothing is left beside it.
      expect((await readdir(dir)).sort()).toEqual(["build", "dist"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  /**
   * An output into a folder of its own, with this thread's brotli watched (the writer's thread has
   * a zlib of its own); afterwards, each file `run` gives back and its .br must be whole.
   */
  async function withWatchedOutput(
    run: (context: { output: SiteOutput; dir: string; store: BuildStore; compressedHere: MockInstance }) => Promise<{ path: string; content: string }[]>,
  ) {
    const dir = await mkdtemp(path.join(os.tmpdir(), "site-output-"));
    const zlib = process.getBuiltinModule("node:zlib");
    const compressedHere = vi.spyOn(zlib, "brotliCompressSync");
    try {
      const store = createBuildStore(path.join(dir, "build"));
      const output = await openOutput(path.join(dir, "dist"), store);
      output.expectWrites();
      for (const { path: file, content } of await run({ output, dir, store, compressedHere })) {
        expect(await readFile(path.join(dir, "dist", file), "utf8")).toBe(content);
        expect(zlib.brotliDecompressSync(await readFile(path.join(dir, "dist", `${file}.br`))).toString()).toBe(content);
      }
    } finally {
      compressedHere.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  }

  test("with the writer's thread behind, the build's own thread writes pages itself instead of waiting, and every file comes out whole", async () => {
    await withWatchedOutput(async ({ output, compressedHere }) => {
      // Pages come faster than the thread compresses them: nothing else is done between two.
      const pages = Array.from({ length: 80 }, (_, n) => ({
        path: `fr/blog/post-${n}.html`,
        content: `<!DOCTYPE html><h1>${n}</h1><p>${"Serrurier à Nauplie, jour et nuit. ".repeat(1500)}</p>`,
      }));
      for (const page of pages) await output.write(page);
      const here = compressedHere.mock.calls.length;
      expect(here).toBeGreaterThan(0);
      expect(here).toBeLessThan(pages.length);
      const { digests } = await output.commit();
      for (const page of pages) expect(digests.has(page.path)).toBe(true);
      return pages;
    });
  });

  test("once the pages are made, the build's own thread writes the last files while the writer's thread has pages waiting", async () => {
    await withWatchedOutput(async ({ output, dir, store, compressedHere }) => {
      const pages = Array.from({ length: 40 }, (_, n) => ({
        path: `de/blog/post-${n}.html`,
        content: `<!DOCTYPE html><h1>${n}</h1><p>${"Schlüsseldienst in Nafplio, Tag und Nacht. ".repeat(1500)}</p>`,
      }));
      for (const page of pages) await output.write(page);
      // The pages are all on their way: what follows is the site's last files (feeds, sitemap, scripts).
      output.pagesMade();
      const last = Array.from({ length: 6 }, (_, n) => ({ path: `de/blog/feed-${n}.xml`, content: `<feed>${`<entry>${n}</entry>`.repeat(2000)}</feed>` }));
      for (const file of last) await output.write(file);
      expect(await output.missing()).toEqual([]);
      const { digests, sizes } = await output.commit();
      expect(compressedHere).toHaveBeenCalled();
      // Kept in the store as the thread keeps what it writes: a later build links them.
      const again = await openOutput(path.join(dir, "again"), store);
      for (const file of last) await again.reuse(file.path, { digest: digests.get(file.path)!, size: sizes.get(file.path)! });
      expect(await again.missing()).toEqual([]);
      await again.commit();
      return [...pages, ...last];
    });
  });

  test("a writer's thread started while the site is read becomes the output's first writer; one no output takes is stopped", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "site-output-"));
    const threads = () => (process.report.getReport() as { workers: unknown[] }).workers.length;
    const before = threads();
    try {
      const early = startWriterEarly();
      await vi.waitFor(() => expect(threads()).toBe(before + 1));
      const output = await openOutput(path.join(dir, "dist"), createBuildStore(path.join(dir, "build")), early);
      output.expectWrites();
      const page = `<!DOCTYPE html><p>${"Κλειδαράς στο Ναύπλιο. ".repeat(60)}</p>`;
      await output.write({ path: "gr/index.html", content: page });
      expect(threads(), "no second thread").toBe(before + 1);
      await output.commit();
      await early.dispose();
      expect(threads()).toBe(before);
      const { brotliDecompressSync } = await import("node:zlib");
      expect(brotliDecompressSync(await readFile(path.join(dir, "dist/gr/index.html.br"))).toString()).toBe(page);

      const unused = startWriterEarly();
      await vi.waitFor(() => expect(threads()).toBe(before + 1));
      await unused.dispose();
      expect(threads()).toBe(before);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("a cold build whose site cannot be read fails with the site's problem and leaves no thread behind", async () => {
    const broken = await fixtureSite("invalid-config");
    const threads = () => (process.report.getReport() as { workers: unknown[] }).workers.length;
    const before = threads();
    try {
      await expect(build({ root: broken, outDir: path.join(broken, "dist"), cacheDir: false, ...quiet })).rejects.toThrow(/site\.config\.yml/);
      expect(threads()).toBe(before);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });

  test("a file the thread cannot write fails the build with the reason, and leaves the previous output as it was", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "site-output-"));
    try {
      const out = path.join(dir, "dist");
      await mkdir(out);
      await writeFile(path.join(out, "index.html"), "the previous build");
      const output = await openOutput(out, createBuildStore(path.join(dir, "build")));
      await output.write({ path: "assets/og/missing.png", content: { from: path.join(dir, "no-such-card.png"), digest: "ef".repeat(32) } });
      await expect(output.commit()).rejects.toThrow(/ENOENT.*no-such-card\.png/);
      await output.discard();
      expect(await readFile(path.join(out, "index.html"), "utf8")).toBe("the previous build");
      // No half-written folder is left beside it.
      expect((await readdir(dir)).filter((name) => name.startsWith("dist."))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the build store", () => {
  test("keeps the last 12 sites' page indexes and the files they name, in flat folders; the earlier layout goes", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "site-store-"));
    try {
      const root = path.join(dir, "build");
      // What the earlier layout left: folders by digest prefix.
      await mkdir(path.join(root, "files/ab"), { recursive: true });
      await writeFile(path.join(root, "files/ab", "ab".repeat(32)), "old");
      await mkdir(path.join(root, "parts/cd"), { recursive: true });
      await writeFile(path.join(root, "parts/cd", "cd".repeat(32)), "old");
      const store = createBuildStore(root);
      await store.savePart("ef".repeat(32), "a stylesheet");
      expect((await store.part("ef".repeat(32)))?.toString()).toBe("a stylesheet");
      const digests: string[] = [];
      for (let site = 0; site < 13; site++) {
        const digest = String(site).padStart(2, "0").repeat(32);
        const file = path.join(dir, `page-${site}.html`);
        await writeFile(file, `page ${site}`);
        store.keep(file, digest);
        digests.push(digest);
        await store.savePages(`site-${site}`, { page: { file: digest } });
        // Index times a second apart, oldest first.
        const { utimes } = await import("node:fs/promises");
        await utimes(path.join(root, "pages", `site-${site}.json`), 1_000 + site, 1_000 + site);
      }
      await store.savePages("site-12", { page: { file: digests[12] } });
      expect((await readdir(root)).sort()).toEqual(["blobs", "pages", "parts"]);
      expect((await readdir(path.join(root, "parts"))).sort()).toEqual(["ef".repeat(32)]);
      // The oldest site's index went, and with it the one file only it named.
      expect(await readdir(path.join(root, "pages"))).not.toContain("site-0.json");
      expect((await readdir(path.join(root, "blobs"))).sort()).toEqual(digests.slice(1).sort());
      expect(store.restore(digests[0]!, path.join(dir, "restored-0.html"))).toBe(false);
      expect(store.restore(digests[5]!, path.join(dir, "restored-5.html"))).toBe(true);
      expect(await readFile(path.join(dir, "restored-5.html"), "utf8")).toBe("page 5");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
