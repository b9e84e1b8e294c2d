// The Eleventy 3 project: one Markdown file per document page (front matter: its layout, its
// permalink and the page's data), the lists and the pages without a document paged through from
// global data one page each, Nunjucks layouts, and the Tailwind CLI run over the output after
// the build, as Eleventy's own Tailwind guide does it.
import path from "node:path";
import { copyIslands, frontMatter, json, linkNodeModules, pageData, shellQuote, splitPages, writeFiles } from "./files.ts";
import { pageKinds, pageTemplate } from "./layout.ts";
import { tailwindInput } from "./pages.ts";
import type { Peer } from "./peer.ts";
import { nunjucks } from "./template.ts";

const config = `export default function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy({ public: "/" });
  return {
    dir: { input: "src", includes: "_includes", data: "_data", output: "_site" },
    templateFormats: ["md", "njk"],
    // The Markdown is text, not templates (as in the project): no Liquid pass before markdown-it.
    markdownTemplateEngine: false,
  };
}
`;

/** A template that pages through the global data \`name\`, one page per item, as \`p\`. */
const pagedTemplate = (name: string, body: string) =>
  `---\npagination:\n  data: ${name}\n  size: 1\n  alias: p\npermalink: "{{ p.url }}/"\neleventyExcludeFromCollections: true\n---\n${body}`;

const sitemap = `---
permalink: /sitemap.xml
eleventyExcludeFromCollections: true
---
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
{% for u in sitemap %}<url><loc>{{ u.loc }}</loc>{% for a in u.alternates %}<xhtml:link rel="alternate" hreflang="{{ a.hreflang }}" href="{{ a.href }}"/>{% endfor %}</url>
{% endfor %}</urlset>
`;

export const eleventy: Peer = {
  id: "eleventy",
  label: (installed) => `Eleventy ${installed.versions.eleventy} (+ Tailwind CLI ${installed.versions.tailwind})`,
  out: "_site",
  clean: ["_site", ".cache"],
  async write(dir, site, installed) {
    const { documents, lists, statics } = splitPages(site);
    // Each layout opens with the page's language chrome; the document pages' layouts wrap `content`.
    const layout = (kind: (typeof pageKinds)[number]) => `{% set c = chrome[p.lang] %}${nunjucks(pageTemplate(kind))}`;
    const files: Record<string, string> = {
      "package.json": json({ private: true, type: "module" }),
      "eleventy.config.js": config,
      "styles.css": await tailwindInput(["./_site"]),
      "src/_data/chrome.json": json(site.chrome),
      "src/_data/icons.json": json(site.icons),
      "src/_data/flags.json": json(site.flags),
      "src/_data/lists.json": json(lists),
      "src/_data/statics.json": json(statics),
      "src/_data/sitemap.json": json(site.sitemap),
      "src/lists.njk": pagedTemplate("lists", layout("list")),
      "src/statics.njk": pagedTemplate("statics", layout("static")),
      "src/sitemap.njk": sitemap,
    };
    for (const kind of ["legal", "service", "article"] as const) files[`src/_includes/${kind}.njk`] = layout(kind);
    for (const page of documents)
      files[`src/pages${page.url}.md`] = `${frontMatter({ layout: `${page.kind}.njk`, permalink: `${page.url}/`, p: pageData(page) })}${page.markdown}`;
    await writeFiles(dir, files);
    await copyIslands(site, path.join(dir, "public/assets"));
    await linkNodeModules(dir, installed.nodeModules);
  },
  command: (_dir, installed) => ({
    argv: [
      "sh",
      "-c",
      `${shellQuote(process.execPath)} ${shellQuote(installed.bin.eleventy)} --quiet && ` +
        `${shellQuote(process.execPath)} ${shellQuote(installed.bin.tailwind)} -i styles.css -o _site/assets/site.css --minify`,
    ],
  }),
};
