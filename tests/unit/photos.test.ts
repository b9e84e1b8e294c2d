import { link, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { build, type BuildResult } from "../../src/generator/build.ts";
import { BuildError } from "../../src/generator/errors.ts";
import { digestOf } from "../../src/generator/cache-names.ts";
import { brandFor } from "../../src/shared/business.ts";
import { languages } from "../../src/shared/languages.ts";
import { fixtureSite, ownCacheDir } from "../support/fixture-site.ts";
import { runSite } from "../support/servers.ts";

// A build with no image cache encodes every photo and draws every card (a fresh clone's first
// build): several times a cached build's time, and more with another test file building beside it.
const firstBuildTimeout = 120_000;

// The photos fixture: a post beside a cover (JPEG, 2,000 px), a PNG with transparency, a WebP, an
// AVIF, a JPEG narrower than the smallest width, an SVG with scripts; public/ with a PDF and a
// search-console file. A JPEG with GPS coordinates is added here, as a phone would save it.
let dir: string;
let out: string;
let result: BuildResult;
// A build cache of these tests' own (the image cache is the project's): one an earlier run of them
// left would hold a photo file under the inode its image cache entry had before being made again.
let cacheDir: string;
const post = "content/blog/harbour-van";
const read = (file: string) => readFile(path.join(out, file), "utf8");
const pictures = (html: string) => [...html.matchAll(/<picture>[\s\S]*?<\/picture>/g)].map((match) => match[0]);
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const candidates = (srcset: string) => srcset.split(", ").map((entry) => entry.split(" ") as [string, string]);

beforeAll(async () => {
  dir = await fixtureSite("photos");
  const gps = await sharp({ create: { width: 1000, height: 700, channels: 3, background: "#3b82f6" } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 12", Copyright: "Owner" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "37/1 34/1 0/1" } })
    .toBuffer();
  expect((await sharp(gps).metadata()).exif, "the test photo carries EXIF").toBeDefined();
  await writeFile(path.join(dir, post, "gps.jpg"), gps);
  const markdown = path.join(dir, post, "en.md");
  await writeFile(markdown, `${await readFile(markdown, "utf8")}\n![The sea at the harbour, from the van](gps.jpg)\n`);
  out = path.join(dir, "dist");
  cacheDir = await ownCacheDir();
  result = await build({ root: dir, outDir: out, cacheDir, warn: () => {} });
});
afterAll(() => Promise.all([dir, cacheDir].map((folder) => rm(folder, { recursive: true, force: true }))));

/** A build (without a cache folder unless given one) whose `role` encoder is killed as soon as it runs: the error it fails with. */
async function buildKillingEncoder(folder: string, role: "photos" | "cards", cache: string | false = false): Promise<Error> {
  const building = build({ root: dir, outDir: path.join(dir, folder), cacheDir: cache, warn: () => {} });
  building.catch(() => {});
  let pid: string | undefined;
  await expect.poll(async () => (pid = await encoderPid(role)), { timeout: 20_000, interval: 5 }).toBeDefined();
  process.kill(Number(pid), "SIGKILL");
  const error = await building.then(
    () => undefined,
    (failure: unknown) => failure as Error,
  );
  expect(error).toBeInstanceOf(Error);
  return error!;
}

/** The process id of the images' encoder this process started for `role` (photos or cards), if one is running. */
async function encoderPid(role: "photos" | "cards" = "photos"): Promise<string | undefined> {
  for (const task of await readdir("/proc/self/task"))
    for (const pid of (await readFile(`/proc/self/task/${task}/children`, "utf8").catch(() => "")).split(" ").filter(Boolean)) {
      const argv = (await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")).split("\0");
      if (argv.some((arg) => arg.includes("image-process")) && argv.includes(role)) return pid;
    }
  return undefined;
}

describe("a photo beside a document", () => {
  test("becomes AVIF, WebP and JPEG/PNG at widths up to its own, with width, height and sizes", async () => {
    const html = await read("en/blog/harbour-van.html");
    const [, cutOut, street, door, small, , gps] = pictures(html);
    const sources = (picture: string) => [...picture.matchAll(/<source type="([^"]+)" srcSet="([^"]+)"/g)].map((match) => [match[1], candidates(match[2]!)]);
    const img = (picture: string) => /<img\b[^>]*>/.exec(picture)![0];

    // 900 px wide with transparency: no width above its own, PNG as the fallback.
    expect(sources(cutOut!).map(([type, list]) => [type, (list as string[][]).map(([, width]) => width)])).toEqual([
      ["image/avif", ["400w", "800w", "900w"]],
      ["image/webp", ["400w", "800w", "900w"]],
    ]);
    expect(candidates(attribute(img(cutOut!), "srcSet")!).map(([url]) => path.extname(url))).toEqual([".png", ".png", ".png"]);
    expect(attribute(img(cutOut!), "width")).toBe("900");
    expect(attribute(img(cutOut!), "height")).toBe("600");
    // WebP and AVIF sources, both opaque: JPEG fallbacks.
    expect(candidates(attribute(img(street!), "srcSet")!).map(([url, width]) => `${path.extname(url)} ${width}`)).toEqual([
      ".jpg 400w",
      ".jpg 800w",
      ".jpg 1000w",
    ]);
    expect(candidates(attribute(img(door!), "srcSet")!).map(([url, width]) => `${path.extname(url)} ${width}`)).toEqual([".jpg 400w", ".jpg 640w"]);
    // Narrower than the smallest width: one file of each format at its own width, never drawn wider.
    expect(sources(small!).map(([, list]) => (list as string[][]).map(([, width]) => width))).toEqual([["300w"], ["300w"]]);
    expect(attribute(img(small!), "src")).toMatch(/^\/assets\/images\/small-300\.[0-9a-f]{10}\.jpg$/);
    expect(attribute(img(small!), "class")).toContain("max-w-full");
    for (const picture of [cutOut, street, door, small, gps]) {
      expect(attribute(img(picture!), "sizes") ?? "(one candidate)").toMatch(/768px|one candidate/);
      expect(attribute(img(picture!), "loading")).toBe("lazy");
      expect(attribute(img(picture!), "decoding")).toBe("async");
    }
  });

  test("every file is named after its content and is the size its candidate says", async () => {
    const html = await read("en/blog/harbour-van.html");
    const urls = new Map<string, string>();
    for (const picture of pictures(html))
      for (const match of picture.matchAll(/srcSet="([^"]+)"/g)) for (const [url, width] of candidates(match[1]!)) urls.set(url, width);
    expect(urls.size).toBeGreaterThan(30);
    for (const [url, width] of urls) {
      const bytes = await readFile(path.join(out, url));
      const [, hash] = /\.([0-9a-f]{10})\.\w+$/.exec(url)!;
      expect(digestOf(bytes).slice(0, 10), url).toBe(hash);
      const metadata = await sharp(bytes).metadata();
      expect(`${metadata.width}w`, url).toBe(width);
      expect(metadata.format, url).toBe({ ".avif": "heif", ".webp": "webp", ".jpg": "jpeg", ".png": "png" }[path.extname(url)]);
    }
  });

  test("every photo file is linked from the image cache, never copied; one gone from the cache is made again, the same", async () => {
    // The entry is taken out of an image cache of this test's own (a link to every file of the
    // project's): other tests, run at the same time, link the project's entry into their output.
    const own = await mkdtemp(path.join(os.tmpdir(), "site-cache-"));
    const images = path.join(own, "images");
    const cached = new Map<number, string>();
    for (const entry of await readdir(path.join(cacheDir, "images"), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const from = path.join(entry.parentPath, entry.name);
      const to = path.join(images, path.relative(path.join(cacheDir, "images"), from));
      await mkdir(path.dirname(to), { recursive: true });
      await link(from, to);
      cached.set((await stat(to)).ino, to);
    }
    const published = (await readdir(path.join(out, "assets/images"))).filter((file) => /\.(jpg|png|webp|avif)$/.test(file));
    expect(published.length).toBeGreaterThan(30);
    for (const file of published) expect(cached.has((await stat(path.join(out, "assets/images", file))).ino), file).toBe(true);

    const file = published.find((name) => /^street-800\..*\.avif$/.test(name))!;
    const entry = cached.get((await stat(path.join(out, "assets/images", file))).ino)!;
    await rm(entry);
    const again = path.join(dir, "dist-again");
    try {
      await build({ root: dir, outDir: again, cacheDir: own, force: true, warn: () => {} });
      expect((await readdir(path.join(again, "assets/images"))).sort()).toEqual((await readdir(path.join(out, "assets/images"))).sort());
      expect(await readFile(path.join(again, "assets/images", file))).toEqual(await readFile(path.join(out, "assets/images", file)));
      expect((await stat(entry)).ino).toBe((await stat(path.join(again, "assets/images", file))).ino);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  test(
    "site build with an empty cache (a fresh clone) draws every card in an encoder's process that ends before it does",
    { timeout: firstBuildTimeout },
    async () => {
      const cache = await mkdtemp(path.join(os.tmpdir(), "site-cache-empty-"));
      try {
        const { code, stdout } = await runSite(["build", "--root", dir, "--out", path.join(dir, "dist-cards")], { SITE_CACHE_DIR: cache });
        expect(code).toBe(0);
        expect(stdout).toMatch(/^Built 161 pages /m);
        const cards = (await readdir(path.join(dir, "dist-cards/assets/og"))).filter((name) => name.endsWith(".png"));
        // Every page but the post with a cover photo, whose preview is a crop of it.
        expect(cards).toHaveLength(160);
        const card = await sharp(path.join(dir, "dist-cards/assets/og", cards[0]!)).metadata();
        expect([card.format, card.width, card.height]).toEqual(["png", 1200, 630]);
        // No encoder of that build is left running (each is known by the cache folder it was given).
        const left: string[] = [];
        for (const pid of (await readdir("/proc")).filter((name) => /^\d+$/.test(name))) {
          const [argv, environ] = await Promise.all([`/proc/${pid}/cmdline`, `/proc/${pid}/environ`].map((file) => readFile(file, "utf8").catch(() => "")));
          if (argv!.includes("image-process") && environ!.split("\0").includes(`SITE_CACHE_DIR=${cache}`)) left.push(pid);
        }
        expect(left).toEqual([]);
      } finally {
        await rm(cache, { recursive: true, force: true });
      }
    },
  );

  test("a cards' encoder that stops mid-way (killed, out of memory) fails the build with a message that says so", { timeout: firstBuildTimeout }, async () => {
    const error = await buildKillingEncoder("dist-cards-killed", "cards");
    expect(error).not.toBeInstanceOf(BuildError);
    expect(error.message).toMatch(
      /^the cards' encoder stopped \(SIGKILL\) while drawing the link-preview card of ".+": most often the machine ran out of memory\. Close other programs and build again\.$/,
    );
    await expect.poll(() => encoderPid("cards"), { timeout: 5_000 }).toBeUndefined();
    await expect(stat(path.join(dir, "dist-cards-killed")), "no output is left").rejects.toThrow(/ENOENT/);
  });

  test("an encoder that stops mid-way (killed, out of memory) fails the build without blaming a photo", { timeout: firstBuildTimeout }, async () => {
    const error = await buildKillingEncoder("dist-killed", "photos");
    expect(error).not.toBeInstanceOf(BuildError);
    expect(error.message).toMatch(
      /^the photos' encoder stopped \(SIGKILL\) while making \S+: nothing is wrong with that photo; most often the machine ran out of memory\. Close other programs and build again\.$/,
    );
    expect(error.message).not.toContain("cannot be read");
    await expect.poll(encoderPid, { timeout: 5_000 }).toBeUndefined();
  });

  test("the same with an empty image cache, where the photos are encoded before the documents are read", { timeout: firstBuildTimeout }, async () => {
    const cache = await mkdtemp(path.join(os.tmpdir(), "site-cache-empty-"));
    try {
      const error = await buildKillingEncoder("dist-killed-ahead", "photos", cache);
      expect(error).not.toBeInstanceOf(BuildError);
      expect(error.message).toMatch(
        /^the photos' encoder stopped \(SIGKILL\) while making \S+: nothing is wrong with that photo; most often the machine ran out of memory\. Close other programs and build again\.$/,
      );
      await expect.poll(encoderPid, { timeout: 5_000 }).toBeUndefined();
      await expect(stat(path.join(dir, "dist-killed-ahead")), "no output is left").rejects.toThrow(/ENOENT/);
    } finally {
      await rm(cache, { recursive: true, force: true });
    }
  });

  test(
    "without a cache folder, the same files under the same names; the photos' encoder, a process of the build's own, ends with it",
    { timeout: firstBuildTimeout },
    async () => {
      const bare = path.join(dir, "dist-bare");
      // Every photo encoded (there is no cache): no process of that build is left.
      await build({ root: dir, outDir: bare, cacheDir: false, warn: () => {} });
      await expect.poll(encoderPid, { timeout: 5_000 }).toBeUndefined();
      const names = (await readdir(path.join(out, "assets/images"))).sort();
      expect((await readdir(path.join(bare, "assets/images"))).sort()).toEqual(names);
      for (const name of names)
        expect(await readFile(path.join(bare, "assets/images", name)), name).toEqual(await readFile(path.join(out, "assets/images", name)));
    },
  );

  test("no EXIF (camera, owner, GPS position) is copied into any published photo", async () => {
    const images = (await readdir(path.join(out, "assets/images"))).filter((file) => /\.(jpg|png|webp|avif)$/.test(file));
    const gps = images.filter((file) => file.startsWith("gps-"));
    expect(gps.length).toBe(9);
    for (const file of images) {
      const metadata = await sharp(path.join(out, "assets/images", file)).metadata();
      expect(metadata.exif, file).toBeUndefined();
    }
    const bytes = Buffer.concat(await Promise.all(gps.map((file) => readFile(path.join(out, "assets/images", file)))));
    expect(bytes.includes("PhoneMaker")).toBe(false);
  });

  test("an SVG is copied without anything that runs, and still draws", async () => {
    const html = await read("en/blog/harbour-van.html");
    const url = /<img src="(\/assets\/images\/diagram\.[0-9a-f]{10}\.svg)"/.exec(html)![1]!;
    const svg = await read(url);
    for (const unsafe of ["<script", "onload", "onclick", "javascript:", "foreignObject", "<iframe", "<set", "alert("])
      expect(svg, unsafe).not.toContain(unsafe);
    expect(svg).toContain("Guard plate");
    const drawn = await sharp(Buffer.from(svg)).metadata();
    expect([drawn.width, drawn.height]).toEqual([400, 240]);
  });
});

describe("a cover image", () => {
  test("is at the top of the article, fetched at once and first", async () => {
    const html = await read("en/blog/harbour-van.html");
    const cover = pictures(html)[0]!;
    expect(html.indexOf(cover)).toBeLessThan(html.indexOf("When you call, the van leaves at once."));
    expect(cover).toContain('alt="Our white van parked at the harbour in the morning sun"');
    expect(cover).toContain('fetchPriority="high"');
    expect(cover).toContain('loading="eager"');
    expect(cover).not.toContain('decoding="async"');
    expect(candidates(/<source type="image\/avif" srcSet="([^"]+)"/.exec(cover)![1]!).map(([, width]) => width)).toEqual(["400w", "800w", "1200w", "1600w"]);
  });

  test("is on the post's card in the blog list", async () => {
    const card = /<li class="[^"]*" data-category="security">(?:(?!<li class="flex flex-col)[\s\S])*?harbour-van/.exec(await read("en/blog.html"))?.[0] ?? "";
    expect(card).toContain('alt="Our white van parked at the harbour in the morning sun"');
    expect(card).toContain('loading="lazy"');
  });

  test("is the article's link preview: a 1200×630 crop with its alt text", async () => {
    const html = await read("en/blog/harbour-van.html");
    const url = /<meta property="og:image" content="https:\/\/[^/]+(\/assets\/images\/cover-1200x630\.[0-9a-f]{10}\.jpg)"/.exec(html)?.[1];
    expect(url).toBeDefined();
    const metadata = await sharp(path.join(out, url!)).metadata();
    expect([metadata.width, metadata.height, metadata.format]).toEqual([1200, 630, "jpeg"]);
    expect(html).toContain('<meta property="og:image:alt" content="Our white van parked at the harbour in the morning sun"/>');
    // Only covers get a preview crop.
    expect((await readdir(path.join(out, "assets/images"))).filter((file) => file.includes("1200x630"))).toEqual([expect.stringMatching(/^cover-1200x630\./)]);
  });
});

describe("a link preview for every page in every language", () => {
  test("names a 1200×630 image that exists, with its size, its alt text in the page's language, and a large card", async () => {
    const checked = new Map<string, string>();
    for (const page of result.pages) {
      const html = await read(page.file);
      const where = page.url;
      const meta = (property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
      const image = meta("og:image")!;
      expect(image, where).toMatch(/^https:\/\/nafplio-locksmith\.example\/assets\/(og|images)\//);
      expect([meta("og:image:width"), meta("og:image:height"), meta("twitter:card")], where).toEqual(["1200", "630", "summary_large_image"]);
      const alt = meta("og:image:alt")!;
      const brand = brandFor(result.config, page.language.code);
      if (image.includes("/og/")) expect(alt, where).toContain(brand);
      if (page.language.code === "el") expect(alt, where).toMatch(/[α-ωΑ-Ω]/);
      if (page.language.code === "ru") expect(alt, where).toMatch(/[а-яА-Я]/);
      checked.set(new URL(image).pathname, where);
    }
    expect(result.pages.length).toBe(languages.length * 32 + 1);
    for (const [file, where] of checked) {
      const metadata = await sharp(path.join(out, file)).metadata();
      expect([metadata.width, metadata.height], `${file} (${where})`).toEqual([1200, 630]);
    }
  });

  test("a card is named after what it shows, so a new title is a new address", async () => {
    const cards = (await readdir(path.join(out, "assets/og"))).sort();
    expect(cards.length).toBe(languages.length * 32);
    expect(cards).toContain(cards.find((name) => /^gr-prices\.[0-9a-f]{10}\.png$/.test(name)));
  });
});

describe("icons, manifest and public files", () => {
  test("apple-touch-icon, the manifest's icons and the manifest itself", async () => {
    const touch = await sharp(path.join(out, "apple-touch-icon.png")).metadata();
    expect([touch.width, touch.height, touch.hasAlpha]).toEqual([180, 180, false]);
    const manifest = JSON.parse(await read("manifest.webmanifest")) as {
      name: string;
      lang: string;
      start_url: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ name: brandFor(result.config, "el"), lang: "el", start_url: "/" });
    for (const icon of manifest.icons) {
      const metadata = await sharp(path.join(out, icon.src)).metadata();
      expect(`${metadata.width}x${metadata.height}`).toBe(icon.sizes);
    }
    const home = await read("gr.html");
    expect(home).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
    expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
  });

  test("public/ is copied byte for byte, with no compressed copies, and the hosts let its files through", async () => {
    for (const file of ["files/price-list.pdf", "google1234567890abcdef.html"]) {
      expect(await readFile(path.join(out, file))).toEqual(await readFile(path.join(dir, "public", file)));
      await expect(readFile(path.join(out, `${file}.br`))).rejects.toThrow();
    }
    const redirects = await read("_redirects");
    expect(redirects).toMatch(/^\/files\/\* /m);
    expect(redirects).toMatch(/^\/google1234567890abcdef\.html /m);
    expect(await read("nginx.conf")).toContain("location = /google1234567890abcdef.html {");
  });
});

/** Builds the photos fixture after `prepare`, and returns the error the build stops with. */
async function photoError(prepare: (site: string) => Promise<void>): Promise<string> {
  const site = await fixtureSite("photos");
  try {
    await prepare(site);
    await build({ root: site, outDir: path.join(site, "dist"), warn: () => {} });
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    expect(await readdir(site), "nothing written").not.toContain("dist");
    return error.message;
  } finally {
    await rm(site, { recursive: true, force: true });
  }
  throw new Error("the build did not fail");
}
const addToPost = (text: string) => async (site: string) => {
  const file = path.join(site, post, "en.md");
  await writeFile(file, `${await readFile(file, "utf8")}\n${text}\n`);
};

describe("bad photos and files stop the build with path:line and the fix, writing nothing", () => {
  test("a missing image", async () => {
    expect(await photoError(addToPost("![The van from the side](side.jpg)"))).toMatchInlineSnapshot(`
      "content/blog/harbour-van/en.md:68: image side.jpg not found: there is no file content/blog/harbour-van/side.jpg; put the photo there or correct the name

      Build failed: 1 problem."
    `);
  });

  test("an image in a format the site does not publish (GIF)", async () => {
    expect(
      await photoError(async (site) => {
        await sharp({ create: { width: 40, height: 40, channels: 3, background: "#f00" } })
          .gif()
          .toFile(path.join(site, post, "anim.gif"));
        await addToPost("![A moving key](anim.gif)")(site);
      }),
    ).toMatchInlineSnapshot(`
      "content/blog/harbour-van/en.md:68: image anim.gif is GIF, which the site does not publish; save it as JPEG, PNG, WebP, AVIF or SVG

      Build failed: 1 problem."
    `);
  });

  test("a corrupt image", async () => {
    expect(
      await photoError(async (site) => {
        const good = await readFile(path.join(site, post, "cover.jpg"));
        await writeFile(path.join(site, post, "broken.jpg"), good.subarray(0, 600));
        await addToPost("![A cut-off photo](broken.jpg)")(site);
      }),
    ).toMatchInlineSnapshot(`
      "content/blog/harbour-van/en.md:68: image broken.jpg cannot be read (VipsJpeg: premature end of JPEG image); export it again as JPEG, PNG, WebP or AVIF

      Build failed: 1 problem."
    `);
  });

  test("an image over 20 MB", async () => {
    expect(
      await photoError(async (site) => {
        await writeFile(path.join(site, post, "huge.jpg"), Buffer.alloc(21 * 1024 * 1024, 1));
        await addToPost("![A very large photo](huge.jpg)")(site);
      }),
    ).toMatchInlineSnapshot(`
      "content/blog/harbour-van/en.md:68: image huge.jpg is 21.0 MB, over the 20 MB limit; export it smaller (2,000 px wide is plenty for the site)

      Build failed: 1 problem."
    `);
  });

  test("a photo without alt text", async () => {
    expect(await photoError(addToPost("![](street.webp)"))).toMatchInlineSnapshot(`
      "content/blog/harbour-van/en.md:68: image street.webp has no alt text; describe what it shows: ![Our van at the harbour](street.webp)

      Build failed: 1 problem."
    `);
  });

  test("a cover image without imageAlt", async () => {
    expect(
      await photoError(async (site) => {
        const file = path.join(site, post, "en.md");
        await writeFile(file, (await readFile(file, "utf8")).replace(/^imageAlt: .*\n/m, ""));
      }),
    ).toMatchInlineSnapshot(`
      "content/blog/harbour-van/en.md:8:8: "imageAlt" is missing: describe what the cover image shows, e.g. imageAlt: "Our van at the harbour"

      Build failed: 1 problem."
    `);
  });

  test("a site photo in the config that is not there", async () => {
    expect(
      await photoError(async (site) => {
        const file = path.join(site, "site.config.yml");
        await writeFile(file, (await readFile(file, "utf8")).replace("file: content/photos/van.jpg", "file: content/photos/our-van.jpg"));
      }),
    ).toMatchInlineSnapshot(`
      "site.config.yml:120:11: image content/photos/our-van.jpg not found: there is no file content/photos/our-van.jpg; put the photo there or correct the name

      Build failed: 1 problem."
    `);
  });

  test("a site photo described in too few languages", async () => {
    expect(
      await photoError(async (site) => {
        const file = path.join(site, "site.config.yml");
        await writeFile(file, (await readFile(file, "utf8")).replace(/^\s+ru: "Пример фото: витрина.*\n/m, ""));
      }),
    ).toMatchInlineSnapshot(`
      "site.config.yml:140:5: photos.shop.alt.ru: is required; add ru: ... under photos.shop.alt: in site.config.yml; describe the photo in every language of the site

      Build failed: 1 problem."
    `);
  });

  test("a public file that would replace a page or a file the build makes", async () => {
    expect(
      await photoError(async (site) => {
        await writeFile(path.join(site, "public/en.html"), "<p>old home</p>");
        await writeFile(path.join(site, "public/sitemap.xml"), "<urlset/>");
      }),
    ).toMatchInlineSnapshot(`
      "public/en.html: would replace the page /en; rename or move the file
      public/sitemap.xml: would replace the build's own sitemap.xml; rename or move the file

      Build failed: 2 problems."
    `);
  });
});

test("a card's title keeps what its fonts draw: an emoji or a script they lack is left out, not drawn as an empty box", async () => {
  const { drawCard, drawableTitle } = await import("../../src/generator/card-drawing.ts");
  expect(drawableTitle("🔑 Locked out in Nafplio? 🚗 ננעלת בחוץ? ماذا تفعل")).toBe("Locked out in Nafplio?");
  expect(drawableTitle("👨‍👩‍👧 Κλειδαριές — Замки «Nafplio» €50")).toBe("Κλειδαριές — Замки «Nafplio» €50");
  const text = { brand: "Nafplio Locksmith", phone: "+30 690 000 0000", always: "24/7" };
  const [withEmoji, without] = await Promise.all([
    drawCard({ ...text, title: "🔑 Locked out in Nafplio? 🚗 ננעלת בחוץ?" }),
    drawCard({ ...text, title: "Locked out in Nafplio?" }),
  ]);
  expect(withEmoji.equals(without)).toBe(true);
});
