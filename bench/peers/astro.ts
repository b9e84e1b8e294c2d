// The Astro project: the document pages as a content collection (the glob loader over one
// Markdown file per page, front matter holding the page's data), rendered by Astro's Markdown
// pipeline; the lists and the pages without a document from JSON; one catch-all route choosing a
// component per kind of page; Tailwind through its Vite plugin (@tailwindcss/vite), which gives
// Astro's single bundled stylesheet.
import path from "node:path";
import { copyIslands, frontMatter, json, linkNodeModules, pageData, splitPages, writeFiles } from "./files.ts";
import { pageKinds, pageTemplate } from "./layout.ts";
import { tailwindInput } from "./pages.ts";
import type { Peer } from "./peer.ts";
import { astro as astroMarkup } from "./template.ts";

const config = `import { defineConfig } from "astro/config";
import tailwindcss from "@tailwindcss/vite";

export default defineConfig({
  build: { format: "directory", inlineStylesheets: "never" },
  vite: { plugins: [tailwindcss()] },
});
`;

const collections = `import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";

export const collections = { docs: defineCollection({ loader: glob({ pattern: "**/*.md", base: "./content" }) }) };
`;

const componentName = (kind: string) => `${kind[0]!.toUpperCase()}${kind.slice(1)}`;

const route = `---
import { getCollection, render } from "astro:content";
import lists from "../data/lists.json";
import statics from "../data/statics.json";
${pageKinds.map((kind) => `import ${componentName(kind)} from "../components/${componentName(kind)}.astro";`).join("\n")}
import "../styles/global.css";

export async function getStaticPaths() {
  const docs = await getCollection("docs");
  const at = (p) => ({ slug: p.url.slice(1) });
  return [
    ...docs.map((entry) => ({ params: at(entry.data.p), props: { p: entry.data.p, entry } })),
    ...lists.map((p) => ({ params: at(p), props: { p } })),
    ...statics.map((p) => ({ params: at(p), props: { p } })),
  ];
}

const { p, entry } = Astro.props;
const Page = { ${pageKinds.map((kind) => `${kind}: ${componentName(kind)}`).join(", ")} }[p.kind];
const Content = entry ? (await render(entry)).Content : null;
---
<Page p={p}>{Content && <Content />}</Page>
`;

const sitemap = `import sitemap from "../data/sitemap.json";

export function GET() {
  const urls = sitemap.map(
    (u) => \`<url><loc>\${u.loc}</loc>\${u.alternates.map((a) => \`<xhtml:link rel="alternate" hreflang="\${a.hreflang}" href="\${a.href}"/>\`).join("")}</url>\`,
  );
  return new Response(
    \`<?xml version="1.0" encoding="UTF-8"?>\\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\\n\${urls.join("\\n")}\\n</urlset>\\n\`,
    { headers: { "Content-Type": "application/xml" } },
  );
}
`;

const component = (kind: (typeof pageKinds)[number]) => `---
import chrome from "../data/chrome.json";
import icons from "../data/icons.json";
import flags from "../data/flags.json";
const { p } = Astro.props;
const c = chrome[p.lang];
---
${astroMarkup(pageTemplate(kind))}
`;

export const astro: Peer = {
  id: "astro",
  label: (installed) => `Astro ${installed.versions.astro} (+ @tailwindcss/vite)`,
  out: "dist",
  // The content layer's store and Vite's caches live in .astro/ and node_modules/.astro (the
  // latter is the shared install folder, through the link; it is emptied before every build).
  clean: ["dist", ".astro", "node_modules/.astro", "node_modules/.vite"],
  async write(dir, site, installed) {
    const { documents, lists, statics } = splitPages(site);
    const files: Record<string, string> = {
      "package.json": json({ private: true, type: "module" }),
      "astro.config.mjs": config,
      "src/content.config.mjs": collections,
      "src/styles/global.css": await tailwindInput([]),
      "src/data/chrome.json": json(site.chrome),
      "src/data/icons.json": json(site.icons),
      "src/data/flags.json": json(site.flags),
      "src/data/lists.json": json(lists),
      "src/data/statics.json": json(statics),
      "src/data/sitemap.json": json(site.sitemap),
      "src/pages/[...slug].astro": route,
      "src/pages/sitemap.xml.js": sitemap,
    };
    for (const kind of pageKinds) files[`src/components/${componentName(kind)}.astro`] = component(kind);
    for (const page of documents) files[`content${page.url}.md`] = `${frontMatter({ p: pageData(page) })}${page.markdown}`;
    await writeFiles(dir, files);
    await copyIslands(site, path.join(dir, "public/assets"));
    await linkNodeModules(dir, installed.nodeModules);
  },
  // Telemetry off: the build must not wait on the network.
  command: (_dir, installed) => ({ argv: [process.execPath, installed.bin.astro, "build", "--silent"], env: { ASTRO_TELEMETRY_DISABLED: "1" } }),
};
