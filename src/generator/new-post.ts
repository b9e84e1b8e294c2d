import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";
import { reservedSlugs } from "../shared/blog.ts";
import { blogCategories } from "../shared/content.ts";
import { siteTimeZone, todayIn } from "../shared/dates.ts";
import { codeToLanguage, languages, urlCodeToLanguage } from "../shared/languages.ts";
import { pageUrl } from "../shared/urls.ts";
import { loadConfig } from "./load-config.ts";

export interface NewPostOptions {
  /** The site's folder (site.config.yml, content/). */
  root: string;
  slug: string;
  /** Language codes (`el`, `en`, ...; `gr` is taken for `el`); every language by default. */
  langs?: string[];
  category?: string;
  /** The post's date, YYYY-MM-DD: today in Nafplio by default. */
  today?: string;
}

/** A request `site new post` cannot carry out, said so the owner can fix it. */
export class NewPostError extends Error {}

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The front matter of a new post: complete, with what the owner must write marked. */
function template(date: string, category: string | undefined): string {
  return [
    "---",
    'title: "" # TO FILL: the title, at most 70 characters (the page shows it as its heading)',
    'description: "" # TO FILL: 50 to 155 characters for search results, naming the town',
    'excerpt: "" # TO FILL: one or two sentences for the blog card',
    `date: ${date}`,
    category ? `category: ${category}` : `category: "" # TO FILL: one of ${blogCategories.join(", ")}`,
    'keywords: [] # TO FILL: two or three phrases, e.g. ["car lockout", "Nafplio"]; the first two show on the card',
    "draft: true # site dev shows it; remove this line (or write false) to publish it",
    "---",
    "",
    "## A first heading",
    "",
    "The text, in Markdown. Link to other pages by id: [call us](route:contact).",
    "",
  ].join("\n");
}

/**
 * Writes content/blog/<slug>/<code>.md for each language asked for, each with complete front
 * matter (today's date, the category, a draft), and says where the post will be published.
 * Refuses a slug that is not URL-safe, is kept for the blog's own pages, or is taken.
 */
export async function createPost({ root, slug, langs, category, today = todayIn(siteTimeZone) }: NewPostOptions): Promise<{ files: string[]; urls: string[] }> {
  if (!slugPattern.test(slug))
    throw new NewPostError(`"${slug}" cannot be a slug: use lower-case letters a-z, digits and single hyphens, e.g. car-lockout-in-winter`);
  if ((reservedSlugs as readonly string[]).includes(slug))
    throw new NewPostError(`"${slug}" is kept for the blog's own pages (/blog/page/2, /blog/category/cars); choose another slug`);
  if (category !== undefined && !(blogCategories as readonly string[]).includes(category))
    throw new NewPostError(`unknown category "${category}"; use one of ${blogCategories.join(", ")}`);
  const codes = (langs?.length ? langs : languages.map((language) => language.code)).map((code) => {
    const language = codeToLanguage(code) ?? urlCodeToLanguage(code);
    if (!language) throw new NewPostError(`unknown language "${code}"; use some of ${languages.map((each) => each.code).join(", ")}`);
    return language.code;
  });
  const taken = await fg([`content/blog/${slug}`, `content/blog/[0-9][0-9][0-9][0-9]/${slug}`], { cwd: root, onlyDirectories: true });
  if (taken.length) throw new NewPostError(`the slug "${slug}" is taken: ${taken.join(", ")} exists; choose another slug`);

  const config = await loadConfig(path.join(root, "site.config.yml"), process.env);
  const folder = path.join(root, "content/blog", slug);
  await mkdir(folder, { recursive: true });
  const files: string[] = [];
  for (const code of [...new Set(codes)]) {
    const file = path.join(folder, `${code}.md`);
    await writeFile(file, template(today, category), { flag: "wx" });
    files.push(path.relative(process.cwd(), file) || file);
  }
  const urls = [...new Set(codes)].map((code) => `${config.origin}${pageUrl(codeToLanguage(code)!, `/blog/${slug}`)}`);
  return { files, urls };
}
