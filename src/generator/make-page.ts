import path from "node:path";
import { codeToLanguage, type Language } from "../shared/languages.ts";
import { cssMarker, islandScriptMarker } from "../shared/html.ts";
import type { Route } from "../shared/routes.ts";
import { urlToFile } from "../shared/urls.ts";
import { digestOf, type BuildStore } from "./build-store.ts";
import type { Site } from "./load-site.ts";
import { packageRoot } from "./package-root.ts";
import type { RenderedPage } from "./render-pages.tsx";
import { bootScript } from "./root-pages.ts";
import type { Timings } from "./timings.ts";
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

/** Every page of the route table, in every language it exists in. */
export function pageRefs(site: Site): PageRef[] {
  return site.routes.routes.flatMap((route) =>
    route.codes.map((code) => {
      const url = site.routes.href(code, route.id);
      const language = codeToLanguage(code)!;
      return { url, info: { url, file: urlToFile(url), route, language }, key: digestOf(route.id, code, route.documents[code]?.body ?? "") };
    }),
  );
}

export interface MadePage {
  info: PageInfo;
  /** The final document: its island script named, its CSS inlined. */
  html: string;
  /** The URL of its island script, if it has islands. */
  script?: string;
  /** Draws the page's link-preview card (from the image cache when it was drawn before). */
  drawCard?: () => Promise<Buffer>;
}

export interface PageMaker {
  make(route: Route, language: Language): Promise<MadePage>;
  /** The island scripts the pages made so far use, as files to write. */
  scripts(): Promise<OutputFile[]>;
}

/**
 * Makes pages one at a time: renders the page with React, bundles its set of islands (once per
 * set), inlines the CSS of exactly what it uses. React, Tailwind and esbuild load here, on the
 * first page a build has to make: a build that makes none never loads them.
 */
export async function createPageMaker(site: Site, { tool, store, timings }: { tool: string; store: BuildStore; timings: Timings }): Promise<PageMaker> {
  const [{ createRenderer }, { createCssBuilder }, { createIslandBundler }, { createCardRenderer }] = await timings.time(
    "load the renderer",
    Promise.all([import("./render-pages.tsx"), import("./build-css.ts"), import("./bundle-islands.ts"), import("./social-cards.tsx")]),
  );
  const kept = (kind: string) => ({
    get: (key: string) => store.part(digestOf(kind, key)),
    set: (key: string, content: string) => store.savePart(digestOf(kind, key), content),
  });
  const render = createRenderer({
    config: site.config,
    locales: site.locales,
    routes: site.routes,
    inlineScripts: { boot: bootScript },
    image: (source) => site.library.get(source),
    photos: site.photos,
  });
  const css = await createCssBuilder(path.join(packageRoot, "src/templates/styles.css"), kept(`css ${tool}`));
  const islands = createIslandBundler(kept("islands"), tool);
  const drawCard = createCardRenderer(site.imageCache);

  return {
    async make(route, language) {
      const { html: rendered, ...info } = timings.measure("render", () => render(route, language.code));
      const script = await timings.time("island scripts", islands.scriptFor(info.islands.join("+")));
      const html = script
        ? rendered.replace(islandScriptMarker, script.url)
        : rendered.replace(`<script type="module" src="${islandScriptMarker}"></script>`, "");
      const final = html.replace(cssMarker, await timings.time("css", css.cssFor(html, script)));
      const card = info.card;
      return { info, html: final, ...(script ? { script: script.url } : {}), ...(card ? { drawCard: () => drawCard(card.text) } : {}) };
    },
    async scripts() {
      return (await islands.scripts()).map((script) => ({ path: script.url.slice(1), content: script.code }));
    },
  };
}
