import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
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
