import { codeToLanguage, type Language } from "../shared/languages.ts";
import { cssMarker, islandScriptMarker } from "../shared/html.ts";
import type { Route } from "../shared/routes.ts";
import { urlToFile } from "../shared/urls.ts";
import type { BuildStore } from "./build-store.ts";
import { digestOf } from "./cache-names.ts";
import type { Site } from "./load-site.ts";
import type { CardRenderer } from "./social-cards.ts";
import type { RenderedPage } from "./render-pages.tsx";
import { bootScript } from "./root-pages.ts";
import type { IslandScript } from "./bundle-islands.ts";
import type { Timings } from "./timings.ts";
import type { LinkedFile } from "./write-files.ts";
import type { OutputFile } from "./write-site.ts";

/** A page the build made, without its markup (which goes to the output as soon as it is final). */
export type PageInfo = Omit<RenderedPage, "html">;

/** A page of the site before it is made: where it goes, and the digest of what it is made from beyond the site's. */
export interface PageRef {
  url: string;
  info: Pick<PageInfo, "url" | "file" | "route" | "language">;
  /** The page's own input: its route, language and document text (everything else is in the site's digest). */
  key: string;
}

// A document's text is hashed once per document read (site dev keeps the documents of unchanged files).
const bodyDigests = new WeakMap<object, string>();
const bodyDigest = (document: { html: string } | undefined) => {
  if (!document) return "";
  if (!bodyDigests.has(document)) bodyDigests.set(document, digestOf(document.html));
  return bodyDigests.get(document)!;
};

/** Every page of the route table, in every language it exists in. */
export function pageRefs(site: Site): PageRef[] {
  return site.routes.routes.flatMap((route) =>
    route.codes.map((code) => {
      const url = site.routes.href(code, route.id);
      const language = codeToLanguage(code)!;
      return { url, info: { url, file: urlToFile(url), route, language }, key: pageKey(route, code) };
    }),
  );
}

/** What a page is made from beyond the site's digest: its route, its language, its document's text. */
export function pageKey(route: Route, code: string): string {
  return `${route.id} ${code} ${bodyDigest(route.documents[code])}`;
}

export interface MadePage {
  info: PageInfo;
  /** The final document: its island script named, its CSS inlined. */
  html: string;
  /** The document before its CSS is inlined: what the site check reads (the CSS has nothing for it). */
  markup: string;
  /** Its island script, if it has islands, as the file to write (the same for every page of the same islands). */
  script?: OutputFile;
  /** The page's link-preview card, drawn once per text: the image cache's file to link, or its bytes where the cache keeps no files. */
  cardSource?: () => Promise<Buffer | LinkedFile>;
  /** The card's file in the image cache, when an earlier build drew it: linked with the page, nothing to draw. */
  cardDrawn?: () => LinkedFile | undefined;
}

export interface PageMaker {
  make(route: Route, language: Language): Promise<MadePage>;
  /** The island scripts the pages made so far use, as files to write. */
  scripts(): Promise<OutputFile[]>;
  /** Ends the process that drew the pages' cards, if one did; resolves once it has ended. */
  stop(): Promise<void>;
}

/** What making pages needs beyond the site itself, kept from one version of the site to the next (`site dev`). */
export interface PageTools {
  modules: {
    render: typeof import("./render-pages.tsx");
    cards: typeof import("./social-cards.ts");
  };
  css: import("./build-css.ts").CssBuilder;
  islands: ReturnType<typeof import("./bundle-islands.ts").createIslandBundler>;
  timings: Timings;
}

/**
 * React, Tailwind and esbuild, loaded on the first page a build has to make: a build that makes
 * none never loads them. Stylesheets and island scripts are made once per class set and island
 * set, and kept in the store for the next build; the compiled CLI brings the templates' sheet and
 * every island script made (compiled-assets.ts), and Tailwind and esbuild then load only for a
 * page with classes the templates lack.
 */
export async function createPageTools({ tool, store, timings }: { tool: string; store: BuildStore; timings: Timings }): Promise<PageTools> {
  const [render, { createCssBuilder }, { createIslandBundler }, cards, { compiledAssets, templatesStylesheet, classSources }] = await timings.time(
    "load the renderer",
    Promise.all([
      import("./render-pages.tsx"),
      import("./build-css.ts"),
      import("./bundle-islands.ts"),
      import("./social-cards.ts"),
      import("./compiled-assets.ts"),
    ]),
  );
  const compiled = compiledAssets();
  const kept = (kind: string) => ({
    get: (key: string) => store.part(digestOf(kind, key)),
    set: (key: string, content: string) => store.savePart(digestOf(kind, key), content),
  });
  return {
    modules: { render, cards },
    // Classes come from the templates, and from the islands' scripts (templates, client, shared modules).
    css: await createCssBuilder(templatesStylesheet, kept(`css ${tool}`), classSources, compiled?.sheet),
    islands: createIslandBundler(kept("islands"), tool, compiled?.island),
    timings,
  };
}

/**
 * Makes the site's pages one at a time: renders the page with React, gives it its island script
 * (bundled once per set of islands) and inlines the CSS of exactly what it uses. Its cards are
 * drawn by a renderer of its own, or by `cards` (`site dev`'s, shared by every version of the site
 * and stopped by the session, not by the maker).
 */
export function createPageMaker(
  site: Site,
  { modules, css, islands, timings }: PageTools,
  cards: CardRenderer = modules.cards.createCardRenderer(site.imageCache, { makeRoom: true }),
): PageMaker {
  const render = modules.render.createRenderer({
    config: site.config,
    locales: site.locales,
    routes: site.routes,
    inlineScripts: { boot: bootScript },
    image: (source) => site.library.get(source),
    photos: site.photos,
  });

  return {
    async make(route, language) {
      const { html: rendered, ...info } = timings.measure("render", () => render(route, language.code));
      // The islands are sorted and unique: joined, they are the set's key (islandSetKey).
      const script = await timings.time("island scripts", islands.scriptFor(info.islands.join("+")));
      const html = script
        ? rendered.replace(islandScriptMarker, script.url)
        : rendered.replace(`<script type="module" src="${islandScriptMarker}"></script>`, "");
      const final = html.replace(cssMarker, await timings.time("css", css.cssFor(html, script)));
      const card = info.card;
      return {
        info,
        html: final,
        markup: html,
        ...(script ? { script: scriptFile(script) } : {}),
        ...(card ? { cardSource: () => cards.draw(card.text), cardDrawn: () => cards.drawn(card.text) } : {}),
      };
    },
    async scripts() {
      return (await islands.scripts()).map(scriptFile);
    },
    stop: () => cards.stop(),
  };
}

/** An island script as the file the output holds (`assets/islands.3f9a1c2b7d.js`). */
const scriptFile = (script: IslandScript): OutputFile => ({
  path: script.url.slice(1),
  content: script.code,
  ...(script.compressed ? { compressed: script.compressed } : {}),
});
