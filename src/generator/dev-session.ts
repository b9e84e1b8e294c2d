import { readFile } from "node:fs/promises";
import { brandFor } from "../shared/business.ts";
import { feedFile } from "../shared/blog.ts";
import { codeToLanguage, defaultLanguage, languages } from "../shared/languages.ts";
import { pageUrl } from "../shared/urls.ts";
import { createAppIcons } from "./app-icons.ts";
import { createSiteCheck, type PageFacts } from "./check-site.ts";
import { BuildError, formatProblem } from "./errors.ts";
import { toolDigest } from "./freshness.ts";
import { loadSite, type Site, type SiteSession } from "./load-site.ts";
import { createPageMaker, createPageTools, pageKey, pageRefs, type PageInfo, type PageMaker, type PageRef, type PageTools } from "./make-page.ts";
import { createRootNotFound, createRootPage, favicon } from "./root-pages.ts";
import { createRobots, createSitemap } from "./sitemap.ts";
import { cardFolder, cardStem, type CardRenderer } from "./social-cards.ts";
import { createTimings } from "./timings.ts";
import type { OutputFile } from "./write-site.ts";

/** What is known of a page made for a version of the site: what the whole-site check needs of it. */
interface MadeEntry {
  key: string;
  info: PageInfo;
  facts?: PageFacts;
  /** Its markup, until the check has read it. */
  markup?: string;
}

/** The pages whose markup is kept, for the browser asking again (a site of thousands would not fit). */
const keptPages = 64;

/** The files of a version of the site, as `site build` would write them, and its redirects. */
export interface DevRouting {
  files: string[];
  publicFiles: string[];
  redirects: Record<string, string>;
}

/** A draft site dev leaves out until it is complete: its address and what is still to fill. */
export interface DraftToFill {
  url: string;
  file: string;
  problems: string;
}

export interface DevSession {
  /**
   * Reads the site again: the files under content/ named in `changed` (relative to the site
   * folder), or everything. Returns what the server needs to route requests (none when they are
   * as they were: only texts changed), or the problems that stop the site from building (the
   * previous version stays in use).
   */
  update(changed?: string[]): Promise<{ routing?: DevRouting; summary: string; drafts: DraftToFill[] } | { problems: string }>;
  /** Where the time went, stage by stage, since the session started. */
  timings: ReturnType<typeof createTimings>;
  /** A file as `site build` would write it (`en/prices.html`, `assets/islands.x.js`), made when it is asked for. */
  file(name: string): Promise<Buffer | string | undefined>;
  /**
   * Makes and checks every page not made yet for this version (the check of `site build`): the
   * problems, or "". Undefined when a new version or `pause` stopped it before the end.
   */
  check(): Promise<string | undefined>;
  /** Stops a check under way at its next page (a change is about to be read: the machine is the reload's). */
  pause(): void;
  /**
   * Ends the cards' encoder, if one runs, and resolves once it has ended. A worker thread that is
   * terminated leaves a process it started unreaped (a zombie until `site dev` ends), so the
   * worker calls this before it is replaced.
   */
  stop(): Promise<void>;
}

/**
 * `site dev`'s model of the site: read once, then again file by file as the owner saves them;
 * pages made on request, so the first page shows before the whole site is made and a saved
 * document shows as soon as its page is asked for again. A page made for one version is kept as
 * long as what it is made from (the site's digest and its document's text) stays the same.
 */
export function createDevSession(root: string, { preview = true, cacheDir }: { preview?: boolean; cacheDir?: string | false } = {}): DevSession {
  const memory: SiteSession = { known: new Map(), texts: new Map() };
  const timings = createTimings();
  let tools: Promise<PageTools> | undefined;
  let site: Site | undefined;
  let maker: PageMaker | undefined;
  // One card renderer for every version of the site: one encoder to end when the session does.
  let cardRenderer: CardRenderer | undefined;
  let refs = new Map<string, PageRef>();
  let fixed = new Map<string, OutputFile["content"]>();
  const made = new Map<string, MadeEntry>();
  const kept = new Map<string, { key: string; html: string }>();
  const cards = new Map<string, OutputFile["content"]>();
  let generation = 0;

  const keyOf = (ref: PageRef) => `${site!.digest} ${ref.key}`;
  const makePage = async (ref: PageRef): Promise<{ html: string; entry: MadeEntry }> => {
    const page = await maker!.make(ref.info.route, ref.info.language);
    if (page.info.card && page.cardSource) cards.set(page.info.card.path, page.cardSource);
    const entry: MadeEntry = { key: keyOf(ref), info: page.info, markup: page.markup };
    made.set(ref.info.file, entry);
    return { html: page.html, entry };
  };
  /** A page for the browser: the one kept, or made now (and kept, the longest unused one making room). */
  const pageFor = async (ref: PageRef): Promise<string> => {
    const known = kept.get(ref.info.file);
    kept.delete(ref.info.file);
    const html = known?.key === keyOf(ref) ? known.html : (await makePage(ref)).html;
    kept.set(ref.info.file, { key: keyOf(ref), html });
    if (kept.size > keptPages) kept.delete(kept.keys().next().value!);
    return html;
  };

  /**
   * A card asked for before its page (a link preview tried first, or after a change): its page is
   * made now, which names its card. The card's name begins with its page's address.
   */
  const cardOfPageNotMade = async (name: string) => {
    if (!name.startsWith(`${cardFolder}/`) || !name.endsWith(".png")) return undefined;
    const stem = name.slice(cardFolder.length + 1).replace(/\.[0-9a-f]{10}\.png$/, "");
    for (const ref of refs.values()) if (cardStem(ref.url) === stem) await pageFor(ref);
    return cards.get(name);
  };

  return {
    timings,
    async update(changed) {
      generation++;
      try {
        const next = await loadSite({
          timings,
          root,
          preview,
          cacheDir,
          warn: (message) => console.warn(message),
          session: Object.assign(memory, { changed: changed && new Set(changed) }),
        });
        tools ??= createPageTools({ tool: await toolDigest(), store: next.store, timings });
        // The same site with new texts (see loadSite): the same pages, some with a new key, and
        // the same files and redirects.
        const same = next === site;
        if (same) for (const ref of refs.values()) ref.key = pageKey(ref.info.route, ref.info.language.code);
        else refs = timings.measure("pages", () => new Map(pageRefs(next).map((ref) => [ref.info.file, ref])));
        site = next;
        cardRenderer ??= (await tools).modules.cards.createCardRenderer(next.imageCache);
        maker = createPageMaker(site, await tools, cardRenderer);
        const summary = `${refs.size} pages of ${languages.length} languages, made as they are asked for`;
        const drafts = site.heldBack.flatMap((post) =>
          post.problems?.length
            ? [{ url: pageUrl(codeToLanguage(post.code)!, `/${post.id}`), file: post.file, problems: post.problems.map(formatProblem).join("\n") }]
            : [],
        );
        if (same) return { summary, drafts };
        const brand = brandFor(site.config, defaultLanguage.code);
        const appIcons = await timings.time("fixed files", createAppIcons(site.imageCache, { name: brand, shortName: brand, lang: defaultLanguage.code }));
        fixed = new Map<string, OutputFile["content"]>([
          ["index.html", createRootPage(brand)],
          ["404.html", createRootNotFound(brand)],
          ["favicon.svg", favicon],
          ["robots.txt", createRobots(site.config.origin)],
          ...appIcons.map((file) => [file.path, file.content] as const),
          ...site.library.files.map((file) => [file.path, file.content] as const),
          ...site.publicFiles.map((file) => [file.path, () => readFile(file.source)] as const),
        ]);
        for (const file of made.keys()) if (!refs.has(file)) made.delete(file);
        for (const file of kept.keys()) if (!refs.has(file)) kept.delete(file);
        return {
          routing: {
            files: [...refs.keys(), ...fixed.keys(), ...languages.map((language) => feedFile(language.url)), "sitemap.xml"],
            publicFiles: site.publicFiles.map((file) => file.path),
            redirects: site.redirects,
          },
          summary,
          drafts,
        };
      } catch (error) {
        // The next read starts afresh: a config or a string file with a problem is read again.
        memory.last = undefined;
        if (error instanceof BuildError) return { problems: error.message };
        throw error;
      }
    },

    async file(name) {
      if (!site || !maker) return undefined;
      const ref = refs.get(name);
      if (ref) return pageFor(ref);
      const content = fixed.get(name) ?? cards.get(name) ?? (await cardOfPageNotMade(name));
      if (content) {
        const made = typeof content === "function" ? await content() : content;
        return typeof made === "string" || Buffer.isBuffer(made) ? made : readFile(made.from);
      }
      if (name === "sitemap.xml")
        return createSitemap(
          [...refs.values()].map((page) => page.info as PageInfo),
          site.routes,
          site.config.origin,
        );
      if (name.endsWith("/blog/feed.xml")) {
        const { createFeeds } = await import("./feed.ts");
        return createFeeds({ config: site.config, locales: site.locales, routes: site.routes, today: site.today }).find((feed) => feed.path === name)
          ?.content as string;
      }
      const script = (await maker.scripts()).find((file) => file.path === name);
      return script?.content as string | undefined;
    },

    pause() {
      generation++;
    },

    async stop() {
      generation++;
      await cardRenderer?.stop();
    },

    async check() {
      const started = generation;
      const current = site!;
      const check = createSiteCheck(
        current.config.origin,
        [...refs.values()].map((ref) => ref.url),
        (file) => fixed.has(file.slice(1)) || cards.has(file.slice(1)) || file.startsWith("/assets/islands.") || /\/blog\/feed\.xml$/.test(file),
      );
      const pages: PageInfo[] = [];
      for (const ref of refs.values()) {
        // Requests come first: a page at a time, then whatever the browser asked for meanwhile.
        await new Promise((resolve) => setImmediate(resolve));
        if (generation !== started) return undefined;
        const known = made.get(ref.info.file);
        const entry = known?.key === keyOf(ref) ? known : (await makePage(ref)).entry;
        if (entry.facts) check.known(entry.info, entry.facts);
        else {
          entry.facts = check.page(entry.info, entry.markup!);
          delete entry.markup;
        }
        pages.push(entry.info);
      }
      try {
        check.finish(createSitemap(pages, current.routes, current.config.origin));
        return "";
      } catch (error) {
        if (error instanceof BuildError) return error.message;
        throw error;
      }
    },
  };
}
