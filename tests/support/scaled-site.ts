import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { parse, stringify } from "yaml";
import { repoRoot } from "./servers.ts";

/**
 * Writes into `dir` the real site with `postsPerLanguage` posts in each language: the real
 * articles, then copies of them in turn, each with its own slug, title, description and date (one
 * day apart, going back from the real posts), filed in a folder per year as an owner with many
 * posts would.
 */
export async function makeScaledSite(dir: string, postsPerLanguage: number): Promise<void> {
  for (const entry of ["site.config.yml", "locales", "content"]) await cp(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true });
  const blog = path.join(repoRoot, "content/blog");
  const slugs = (await readdir(blog)).sort();
  const sources = await Promise.all(
    slugs.map(async (slug) => {
      // The Markdown of each language; photos beside it are copied as they are.
      const names = await readdir(path.join(blog, slug));
      const texts = await Promise.all(names.map((name) => readFile(path.join(blog, slug, name))));
      return { slug, files: Object.fromEntries(names.map((name, index) => [name, texts[index]!])) };
    }),
  );
  const first = Date.parse("2023-12-31T00:00:00Z");
  for (let n = 1; n <= postsPerLanguage - slugs.length; n++) {
    const source = sources[n % sources.length]!;
    const date = new Date(first - n * 86_400_000).toISOString().slice(0, 10);
    const folder = path.join(dir, "content/blog", date.slice(0, 4), `${source.slug}-${n}`);
    await mkdir(folder, { recursive: true });
    for (const [name, bytes] of Object.entries(source.files)) {
      if (!name.endsWith(".md")) {
        await writeFile(path.join(folder, name), bytes);
        continue;
      }
      const [, yaml, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(bytes.toString("utf8"))!;
      const data = parse(yaml!) as Record<string, unknown>;
      data.title = withSuffix(String(data.title), ` · ${n}`, 70);
      data.description = withSuffix(String(data.description), ` (${n})`, 155);
      data.date = date;
      delete data.updated;
      await writeFile(path.join(folder, name), `---\n${stringify(data, { lineWidth: 0 })}---\n${body}`);
    }
  }
}

// The text with its suffix, cut at a word so the whole stays within the front matter's limit.
function withSuffix(text: string, suffix: string, max: number): string {
  const room = max - suffix.length;
  return `${text.length > room ? text.slice(0, room + 1).replace(/\s+\S*$/, "") : text}${suffix}`;
}

/**
 * Puts `perPost` photos as a phone takes them (4000×3000 JPEG, 3-4 MB each, every one different)
 * beside each post of the site in `dir`, each shown in every language: what an owner who
 * illustrates every job ends up with. Their number and their bytes in all.
 */
export async function addPhonePhotos(dir: string, perPost: number): Promise<{ photos: number; bytes: number }> {
  const blog = path.join(dir, "content/blog");
  const [width, height] = [4000, 3000];
  let photos = 0;
  let bytes = 0;
  for (const slug of (await readdir(blog)).sort()) {
    const folder = path.join(blog, slug);
    const documents = (await readdir(folder)).filter((name) => name.endsWith(".md"));
    if (!documents.length) continue;
    for (let n = 1; n <= perPost; n++) {
      // Noise over a gradient compresses as a photo does; a seed of its own makes each one different.
      const pixels = Buffer.alloc(width * height * 3);
      let seed = (photos + 1) * 2654435761;
      for (let at = 0; at < pixels.length; at += 3) {
        seed ^= seed << 13;
        seed ^= seed >>> 17;
        seed ^= seed << 5;
        const shade = (((at / 3) % width) / width) * 200;
        pixels[at] = shade + (seed & 31);
        pixels[at + 1] = ((seed >>> 8) & 63) + 60;
        pixels[at + 2] = 255 - shade;
      }
      const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 85 })
        .toBuffer();
      await writeFile(path.join(folder, `job-${n}.jpg`), jpeg);
      photos += 1;
      bytes += jpeg.length;
    }
    for (const name of documents) {
      const file = path.join(folder, name);
      const shown = Array.from({ length: perPost }, (_, index) => `![The job, photo ${index + 1}](job-${index + 1}.jpg)`).join("\n\n");
      await writeFile(file, `${await readFile(file, "utf8")}\n${shown}\n`);
    }
  }
  return { photos, bytes };
}
