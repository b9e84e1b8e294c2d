import { readFile } from "node:fs/promises";
import path from "node:path";
import { brandFor } from "../shared/business.ts";
import { defaultLanguage, languages } from "../shared/languages.ts";
import { feedFile } from "../shared/blog.ts";
import { manifestFile, type SiteManifest } from "../shared/manifest.ts";
import type { RouteTable } from "../shared/routes.ts";
import type { SiteConfig } from "../shared/config.ts";
import { createAppIcons } from "./app-icons.ts";
import { giveBackMemoryOfLargeHeap } from "./give-back-memory.ts";
import { createSiteCheck, type PageFacts } from "./check-site.ts";
import type { Problem } from "./errors.ts";
import { buildInputs, toolDigest } from "./freshness.ts";
import { createHeadersFile, scriptHash, securityHeaders } from "./headers.ts";
import { loadSite, type Site, type SiteOptions } from "./load-site.ts";
import { createBuildStore, hasPageIndex, storeDirOf, type BuildStore } from "./build-store.ts";
import { digestOf } from "./cache-names.ts";
import { createNginxConf } from "./nginx-conf.ts";
import { checkPublicFiles } from "./public-files.ts";
import { createRedirects } from "./redirects.ts";
import { createPageMaker, createPageTools, pageRefs, type PageInfo, type PageMaker, type PageRef } from "./make-page.ts";
import { describeHeldBack, type HeldBackPost } from "./schedule-posts.ts";
import { bootScript, createRootNotFound, createRootPage, favicon, rootRedirectScript } from "./root-pages.ts";
import { createRobots, createSitemap } from "./sitemap.ts";
import { createTimings, type Timings } from "./timings.ts";
import type { LinkedFile } from "./write-files.ts";
import { openOutput, startWriterEarly, type EarlyWriter, type OutputFile } from "./write-site.ts";

export type { PageInfo } from "./make-page.ts";

export interface BuildOptions extends SiteOptions {
  /** The output folder; dist/ under root by default. */
  outDir?: string;
  /** Make every page anew, whatever an earlier build left in the cache. */
  force?: boolean;
}

export interface BuildResult {
  config: SiteConfig;
  routes: RouteTable;
  pages: PageInfo[];
  outDir: string;
  bytes: number;
  milliseconds: number;
  warnings: Problem[];
  /** Posts left out: drafts, and posts dated after the build's day. */
  heldBack: HeldBackPost[];
  /** The path of every file written (`en/prices.html`), not counting their .br and .gz. */
  files: string[];
  /** Pages made anew by this build (the others an earlier build of the same site had made alike). */
  made: number;
  /** Where the time went, stage by stage. */
  timings: Timings;
}

/** What the page index of the build cache keeps of each page (see build-store.ts). */
interface PageEntry {
  /** The digest of what the page is made from beyond the site's digest (PageRef.key). */
  key: string;
  /** The page's file, its card and its island script, as the store keeps them. */
  file: StoredFile;
  card?: StoredFile;
  script?: StoredFile & { path: string };
  info: Pick<PageInfo, "title" | "description" | "islands" | "card">;
  facts: PageFacts;
}

interface StoredFile {
  digest: string;
  size: number;
}

/**
 * The whole pipeline: load the site (config, locales, content, routes, photos) → pages, each
 * rendered, given its island script and its CSS, checked and written as soon as it is made →
 * feeds, sitemap, the hosts' rules → the whole-site check → the new folder swapped in. A page
 * made from the same inputs as a page an earlier build made is linked from the build cache
 * (`.cache/build/`, see build-store.ts) instead; `force` makes every page anew.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  // With no page index to reuse, every page is made: the writer's thread starts now and loads
  // while the site is read.
  const storeDir = storeDirOf(options);
  const early = storeDir && hasPageIndex(storeDir) ? undefined : startWriterEarly();
  try {
    return await buildSite(options, early);
  } finally {
    await early?.dispose();
  }
}

async function buildSite(options: BuildOptions, early: EarlyWriter | undefined): Promise<BuildResult> {
  const started = performance.now();
  const timings = createTimings();
  const root = path.resolve(options.root);
  const outDir = path.resolve(root, options.outDir ?? "dist");
  const env = options.env ?? process.env;
  // The generator's digest, asked for once (its files listed and stat'ed once, not three times).
  const toolVersion = toolDigest();
  const inputs = buildInputs(root, outDir, env, { store: createBuildStore(storeDirOf(options)), tool: toolVersion });
  // Settled here too, so a build that fails before using it leaves no rejection behind.
  inputs.catch(() => undefined);
  const site = await loadSite({ ...options, timings, tool: toolVersion });
  const { config, routes, locales } = site;
  const { store } = site;
  const tool = await toolVersion;

  const headers = securityHeaders(config, [scriptHash(bootScript), scriptHash(rootRedirectScript())]);
  const scheduled = site.heldBack.flatMap((post) => (post.date ? [post.date] : [])).sort();
  const brand = brandFor(config, defaultLanguage.code);
  const icons = await timings.time("photos and icons", createAppIcons(site.imageCache, { name: brand, shortName: brand, lang: defaultLanguage.code }));
  const hostFiles = ["sitemap.xml", "_redirects", "_headers", "nginx.conf"];
  const fixedFiles: OutputFile[] = [
    { path: "index.html", content: createRootPage(brand) },
    { path: "404.html", content: createRootNotFound(brand) },
    { path: "favicon.svg", content: favicon },
    { path: "robots.txt", content: createRobots(config.origin) },
    ...icons,
    ...site.library.files,
  ];
  const feedFiles = languages.map(({ url }) => feedFile(url));
  checkPublicFiles(site.publicFiles, pageUrls(routes), [...fixedFiles.map((file) => file.path), ...feedFiles, manifestFile, ...hostFiles]);
  const written = [...fixedFiles.map((file) => file.path), ...feedFiles, manifestFile, ...site.publicFiles.map((file) => file.path)];
  const assets = new Set([...written, ...hostFiles].filter((file) => !file.endsWith(".html")).map((file) => `/${file}`));

  // Each page is finished (its island script, its CSS), checked and written as soon as it is
  // made: the site is never in memory as a whole, whatever its number of pages.
  const output = await timings.time("write", openOutput(outDir, store, early));
  let maker: Promise<PageMaker> | undefined;
  try {
    const index = await timings.time("the cache's index", store.pages<PageEntry>(site.digest));
    const entries = new Map<string, PageEntry>();
    const check = createSiteCheck(config.origin, pageUrls(routes), (file) => assets.has(file));
    const pageMaker = () => (maker ??= createPageTools({ tool, store, timings }).then((tools) => createPageMaker(site, tools)));
    const reusedScripts = new Map<string, StoredFile>();
    const scriptsWritten = new Set<string>();
    // Each page's card the image cache lacks, by its file: drawn once every page is made (see below).
    const cards = new Map<string, () => Promise<Buffer | LinkedFile>>();
    let made = 0;

    // Pages are made a few at a time: while one waits for its island script (esbuild, in a
    // process of its own) or its stylesheet, the next is rendered. Each is checked and written
    // in turn, so the check's findings and the output do not depend on which finished first.
    let previous: Promise<unknown> = Promise.resolve();
    let failure: { error: unknown } | undefined;
    const loopTurn = createLoopTurns();
    const inFlight = new Set<Promise<unknown>>();
    const makeInTurn = async (ref: PageRef, pages: Map<string, PageInfo>) => {
      if (failure) throw failure.error;
      if (made === 0) output.expectWrites();
      const prepared = pageMaker().then(async (maker) => (await loopTurn(), maker.make(ref.info.route, ref.info.language)));
      prepared.catch(() => {});
      const done = previous
        .then(() => prepared)
        .then(async (page) => (await loopTurn(), void pages.set(ref.url, await finish(ref, page))))
        .catch((error: unknown) => void (failure ??= { error }));
      previous = done;
      inFlight.add(done);
      void done.then(() => inFlight.delete(done));
      while (inFlight.size >= 16) await Promise.race(inFlight);
    };
    const make = async (ref: PageRef): Promise<PageInfo> => finish(ref, await (await pageMaker()).make(ref.info.route, ref.info.language));
    const finish = async (ref: PageRef, page: Awaited<ReturnType<PageMaker["make"]>>): Promise<PageInfo> => {
      made++;
      if (page.script) assets.add(`/${page.script.path}`);
      // Written with its first page, so that it is compressed while the other pages are made.
      if (page.script && !scriptsWritten.has(page.script.path)) {
        scriptsWritten.add(page.script.path);
        await output.write(page.script);
      }
      if (page.info.card) {
        assets.add(`/${page.info.card.path}`);
        // A card an earlier build drew is linked from the image cache with its page; one to draw
        // waits until every page is made (below).
        const drawn = page.cardDrawn?.();
        if (drawn) await output.write({ path: page.info.card.path, content: drawn });
        else cards.set(page.info.card.path, page.cardSource!);
      }
      const facts = timings.measure("check", () => check.page(page.info, page.markup));
      await timings.time("write", output.write({ path: page.info.file, content: page.html }));
      // Its file's digest and size (and its script's) are the writer's to give: set once written, at commit.
      entries.set(ref.url, {
        key: ref.key,
        file: { digest: "", size: 0 },
        ...(page.script ? { script: { path: page.script.path, digest: "", size: 0 } } : {}),
        info: pick(page.info),
        facts,
      });
      return page.info;
    };
    const reuse = async (ref: PageRef, entry: PageEntry): Promise<PageInfo> => {
      const info: PageInfo = { ...ref.info, ...entry.info };
      check.known(info, entry.facts);
      await output.reuse(info.file, entry.file);
      if (info.card && entry.card) {
        assets.add(`/${info.card.path}`);
        await output.reuse(info.card.path, entry.card);
      }
      if (entry.script) {
        assets.add(`/${entry.script.path}`);
        reusedScripts.set(entry.script.path, entry.script);
      }
      entries.set(ref.url, entry);
      return info;
    };

    const refs = pageRefs(site);
    const pages = new Map<string, PageInfo>();
    for (const ref of refs) {
      const entry = index[ref.url];
      const reusable = entry?.key === ref.key && (!entry.info.card || entry.card) && (!entry.info.islands.length || entry.script);
      // In the route table's order, whatever order they are finished in.
      pages.set(ref.url, ref.info as PageInfo);
      if (reusable) {
        await previous;
        pages.set(ref.url, await reuse(ref, entry));
      } else await makeInTurn(ref, pages);
    }
    await Promise.all(inFlight);
    if (failure) throw failure.error;
    output.pagesMade();
    // What the pages made left: a build that made none holds what it read, not garbage.
    if (made) giveBackMemoryOfLargeHeap();
    // What an earlier build left in the cache and was removed since is made anew.
    const missing = new Set(await timings.time("pages reused", output.missing()));
    for (const ref of refs) {
      const page = pages.get(ref.url)!;
      if (!missing.has(page.file) && !(page.card && missing.has(page.card.path))) continue;
      await output.forget([page.file, ...(page.card ? [page.card.path] : [])]);
      check.forget(page);
      pages.set(ref.url, await make(ref));
    }
    // The cards still to draw last (those the image cache holds were linked with their pages). One
    // is drawn in an encoder's process of its own, which a fresh clone of a large blog keeps busy
    // for minutes (5,930 cards): started while pages were made, its memory came on top of the
    // build's at its largest (together 735-780 MB); started now, after the build has given back
    // what the pages left (social-cards.ts), 500-580 MB. It ends once they are drawn, before the
    // site's last files.
    const drawn: Promise<unknown>[] = [];
    for (const [file, draw] of cards)
      await output.write({
        path: file,
        content: () => {
          const card = draw();
          drawn.push(card.catch(() => undefined));
          return card;
        },
      });
    await Promise.all(drawn);
    await (await maker)?.stop();
    // Each was written with the first page that uses it.
    const scripts = maker ? await (await maker).scripts() : [];
    for (const [file, stored] of reusedScripts) if (!scripts.some((script) => script.path === file)) await output.reuse(file, stored);
    written.push(...[...pages.values()].flatMap((page) => [page.file, ...(page.card ? [page.card.path] : [])]));
    written.push(...new Set([...scripts.map((script) => script.path), ...reusedScripts.keys()]), "sitemap.xml", "_redirects", "_headers", "nginx.conf");

    const sitemap = createSitemap([...pages.values()], routes, config.origin, (page) => documentDate(page));
    timings.measure("check", () => check.finish(sitemap));
    // site.json and the feeds are the same for the same site and texts: kept, they spare loading React and marked.
    const manifestKey = digestOf("site.json", site.digest);
    const described = await keptOr(store, manifestKey, async () => (await import("./site-manifest.ts")).siteManifest(config, headers, locales, routes));
    const manifest: SiteManifest = {
      ...described,
      // A preview shows drafts: --if-needed must never take it for a build to serve.
      ...(site.preview ? {} : { inputs: await timings.time("inputs digest", inputs) }),
      ...(scheduled.length ? { heldBackUntil: scheduled[0] } : {}),
    };
    const feedsKey = digestOf("feeds", site.digest, ...refs.map((ref) => ref.key));
    const feeds = await timings.time(
      "feeds",
      keptOr(store, feedsKey, async () =>
        (await import("./feed.ts"))
          .createFeeds({ config, locales, routes, today: site.today })
          .map((file) => ({ path: file.path, content: String(file.content) })),
      ),
    );
    // The hosts' own rules, made from the list of what the visitors may ask for.
    for (const file of [
      ...fixedFiles,
      ...feeds,
      { path: manifestFile, content: `${JSON.stringify(manifest, null, 2)}\n` },
      { path: "sitemap.xml", content: sitemap },
      { path: "_redirects", content: createRedirects(written, site.redirects, config.contact) },
      { path: "_headers", content: createHeadersFile(headers) },
      { path: "nginx.conf", content: createNginxConf(headers, written, site.redirects) },
    ])
      await output.write(file);
    for (const file of site.publicFiles) await output.write({ path: file.path, content: await readFile(file.source) });
    const { bytes, digests, sizes } = await timings.time("write", output.commit());
    const stored = (file: string): StoredFile => ({ digest: digests.get(file)!, size: sizes.get(file)! });
    for (const [url, entry] of entries) {
      const page = pages.get(url)!;
      entry.file = stored(page.file);
      if (page.card) entry.card = stored(page.card.path);
      if (entry.script) entry.script = { path: entry.script.path, ...stored(entry.script.path) };
    }
    await timings.time("the cache's index", store.savePages(site.digest, Object.fromEntries(entries)));
    return {
      config,
      routes,
      pages: [...pages.values()],
      outDir,
      bytes,
      milliseconds: performance.now() - started,
      warnings: locales.warnings,
      heldBack: site.heldBack,
      files: written,
      made,
      timings,
    };
  } catch (error) {
    await output.discard();
    throw error;
  } finally {
    // The cards' encoder, if the build drew any, holds memory it no longer needs.
    await (await maker?.catch(() => undefined))?.stop();
  }
}

/**
 * Lets the event loop turn when it has not for `every` ms. Pages are made in a chain of promises
 * that, while the writers keep up, never waits for the loop, so a signal (stop-build.ts) waited
 * for it: Ctrl-C while the 160 pages were made ended the build 0.3-0.9 s later; with a turn at
 * most every 50 ms, 15-120 ms later. The turns cost nothing this machine can measure (1.01 of
 * the build's time in twelve interleaved pairs, within its noise).
 */
function createLoopTurns(every = 50): () => Promise<void> {
  let last = performance.now();
  let turn: Promise<void> | undefined;
  const nextTurn = () =>
    new Promise<void>((resolve) =>
      setImmediate(() => {
        last = performance.now();
        turn = undefined;
        resolve();
      }),
    );
  return async () => {
    // The pages that waited for one turn go on one after another after it, each asking again.
    while (performance.now() - last >= every) await (turn ??= nextTurn());
  };
}

/** A part of the output kept in the store by `key` as JSON, or made (and kept) when it is not there. */
async function keptOr<T>(store: BuildStore, key: string, make: () => Promise<T>): Promise<T> {
  const known = await store.part(key);
  if (known) return JSON.parse(known.toString()) as T;
  const made = await make();
  await store.savePart(key, JSON.stringify(made));
  return made;
}

function pick({ title, description, islands, card }: PageInfo): PageEntry["info"] {
  return { title, description, islands, ...(card ? { card } : {}) };
}

/** The URL of every page the route table makes: `/gr`, `/gr/services`, ... */
function pageUrls(routes: RouteTable): string[] {
  return routes.routes.flatMap((route) => route.codes.map((code) => routes.href(code, route.id)));
}

function documentDate(page: PageInfo): string | undefined {
  const listed = page.route.listing?.posts[page.language.code];
  if (listed?.length) return listed.reduce((latest, post) => (post.updated > latest ? post.updated : latest), "");
  const document = page.route.documents[page.language.code];
  if (!document) return undefined;
  return document.kind === "blog" ? document.updated : document.kind === "page" ? document.updated || undefined : undefined;
}

/** One line per language and a total, for the terminal. */
export function summarize(result: BuildResult): string {
  const perLanguage = languages.map((language) => `${language.url} ${result.pages.filter((page) => page.language.code === language.code).length}`).join(", ");
  const kb = (result.bytes / 1024).toFixed(0);
  return [
    `Built ${result.pages.length} pages (${perLanguage}) into ${path.relative(process.cwd(), result.outDir) || "."}: ${kb} KB in ${Math.round(result.milliseconds)} ms${result.made < result.pages.length ? ` (${result.made} made, the others unchanged since an earlier build)` : ""}.`,
    ...describeHeldBack(result.heldBack),
  ].join("\n");
}

export type { Site };
