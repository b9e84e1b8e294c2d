// The Hugo project: one content file per page (Hugo makes pages from content files only; the
// lists and the pages without a document are files with an empty body), each with its URL, its
// layout and the page's data in the front matter; Go templates; the Markdown rendered by Hugo's
// Goldmark. Debian's Hugo (0.111) predates css.TailwindCSS (0.128), so the Tailwind CLI runs over
// the output after the build, as for Eleventy.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { copyIslands, frontMatter, linkNodeModules, shellQuote, writeFiles } from "./files.ts";
import { pageKinds, pageTemplate } from "./layout.ts";
import { tailwindInput } from "./pages.ts";
import type { Peer } from "./peer.ts";
import { goTemplate } from "./template.ts";

const config = `baseURL = "https://example.invalid/"
# Only the pages of the content files and the sitemap: no home, section, taxonomy or RSS pages of Hugo's own.
disableKinds = ["home", "section", "taxonomy", "term", "RSS", "404", "robotsTXT"]
disableHugoGeneratorInject = true
[markup.goldmark.renderer]
unsafe = true
`;

const sitemap = `{{ printf "<?xml version=\\"1.0\\" encoding=\\"UTF-8\\"?>" | safeHTML }}
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
{{ range .Data.Pages }}{{ $p := .Params.p }}{{ if $p.canonical }}<url><loc>{{ $p.canonical }}</loc>{{ range $p.alternates }}<xhtml:link rel="alternate" hreflang="{{ .hreflang }}" href="{{ .href }}"/>{{ end }}</url>
{{ end }}{{ end }}</urlset>
`;

/**
 * Hugo lowercases the keys of front matter, so the data is written in lower case to begin with
 * and the templates (template.ts) read it so.
 */
function lowerKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lowerKeys);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.toLowerCase(), lowerKeys(inner)]));
  return value;
}

/** `hugo v0.111.3+extended linux/amd64 ...` → `0.111.3`; undefined where Hugo is not installed. */
export function hugoVersion(): string | undefined {
  const found = spawnSync("sh", ["-c", "command -v hugo"], { encoding: "utf8" });
  if (found.status !== 0 || !found.stdout.trim()) return undefined;
  const version = spawnSync("hugo", ["version"], { encoding: "utf8" });
  return /v(\d+\.\d+\.\d+)/.exec(version.stdout)?.[1] ?? "?";
}

export const hugo: Peer = {
  id: "hugo",
  label: (installed, version) => `Hugo ${version ?? "?"} (+ Tailwind CLI ${installed.versions.tailwind})`,
  out: "public",
  clean: ["public", "resources", ".hugo-cache", ".hugo_build.lock"],
  async write(dir, site, installed) {
    const prelude = "{{ $p := .Params.p }}{{ $c := index site.Data.chrome $p.lang }}{{ $icons := site.Data.icons }}{{ $flags := site.Data.flags }}";
    const files: Record<string, string> = {
      "hugo.toml": config,
      "styles.css": await tailwindInput(["./public"]),
      "data/chrome.json": JSON.stringify(lowerKeys(site.chrome)),
      "data/icons.json": JSON.stringify(site.icons),
      "data/flags.json": JSON.stringify(site.flags),
      "layouts/_default/sitemap.xml": sitemap,
    };
    for (const kind of pageKinds) files[`layouts/_default/${kind}.html`] = `${prelude}${goTemplate(pageTemplate(kind))}`;
    for (const page of site.pages) {
      const { markdown, ...data } = page;
      // The language's home is /en: its file is content/en.md, beside the folder content/en/.
      files[`content${page.url}.md`] = `${frontMatter({ url: `${page.url}/`, layout: page.kind, p: lowerKeys(data) })}${markdown ?? ""}`;
    }
    await writeFiles(dir, files);
    await copyIslands(site, path.join(dir, "static/assets"));
    // For the Tailwind CLI's `@import "tailwindcss"`; Hugo itself reads none of it.
    await linkNodeModules(dir, installed.nodeModules);
  },
  command: (_dir, installed) => ({
    argv: [
      "sh",
      "-c",
      `hugo --quiet --cacheDir "$PWD/.hugo-cache" && ` +
        `${shellQuote(process.execPath)} ${shellQuote(installed.bin.tailwind)} -i styles.css -o public/assets/site.css --minify`,
    ],
  }),
};
