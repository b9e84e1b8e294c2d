import path from "node:path";
import type { SiteConfig } from "../shared/config.ts";
import type { ContentDocument } from "../shared/content.ts";
import { siteTimeZone, todayIn } from "../shared/dates.ts";
import type { RouteTable } from "../shared/routes.ts";
import { listingRedirects } from "./blog-routes.ts";
import { BuildError, formatProblem } from "./errors.ts";
import { toolDigest } from "./freshness.ts";
import { createImageCache, type ImageCache } from "./image-cache.ts";
import { loadConfig } from "./load-config.ts";
import { cacheDirOf, createBuildStore, storeDirOf, type BuildStore } from "./build-store.ts";
import { digestOf } from "./cache-names.ts";
import { loadContent, type DocumentRead, type KnownReads } from "./load-content.ts";
import { loadLocales, type Locales } from "./load-locales.ts";
import { configPhotos, documentImages } from "./photo-references.ts";
import { createSourceKeys, encodeAhead, imageFile, processImages, type ImageLibrary } from "./process-images.ts";
import { listFiles } from "./list-files.ts";
import { findPublicFiles, type PublicFile } from "./public-files.ts";
import type { RenderInput } from "./render-pages.tsx";
import { createTimings, type Timings } from "./timings.ts";
import { checkLinks, resolveRoutes } from "./resolve-routes.ts";
import { checkScheduledPosts, schedulePosts, unpublishedReasons, type HeldBackPost } from "./schedule-posts.ts";

export interface SiteOptions {
  /** The site's folder: site.config.yml, locales/, content/ and public/ are read from here. */
  root: string;
  env?: NodeJS.ProcessEnv;
  /** Where warnings go; console.warn by default. */
  warn?: (message: string) => void;
  /** `site dev`: drafts and posts dated later are built too, each marked as such. */
  preview?: boolean;
  /** The build's day, YYYY-MM-DD: posts dated later wait. Today in Nafplio by default. */
  today?: string;
  /**
   * Where work is kept between builds (encoded photos, cards, pages, compressed files); `.cache/`
   * in the site's folder by default (SITE_CACHE_DIR in the environment overrides it), `false` for none.
   */
  cacheDir?: string | false;
  /** Make everything anew: neither read nor write the build cache (encoded photos and cards are still reused). */
  force?: boolean;
  /** Where the time goes, stage by stage (`site build --timings`). */
  timings?: Timings;
  /** The generator's digest (toolDigest), where the caller has asked for it already. */
  tool?: Promise<string>;
  /**
   * What the last load of the same site read (`site dev` keeps it between changes): with the
   * files changed since, only those are read and parsed again.
   */
  session?: SiteSession;
}

/** What `site dev` keeps from one read of the site to the next. */
export interface SiteSession {
  known: KnownReads;
  texts: Map<string, { text: string; key?: string; context?: string }>;
  /** The files changed since the last read, relative to the site folder (`content/blog/x/en.md`); all of them when absent. */
  changed?: ReadonlySet<string>;
  /** The config and strings of the last read, taken again while their files are unchanged; the site it made. */
  last?: { config: SiteConfig; locales: Locales; site?: Site };
}

/** Everything a site's pages are made from, read and checked: what every stage after it needs. */
export interface Site {
  root: string;
  /** `content/blog/x/de.md` for `/srv/site/content/blog/x/de.md`: files as the owner sees them. */
  relative(file: string): string;
  config: SiteConfig;
  locales: Locales;
  documents: ContentDocument[];
  heldBack: HeldBackPost[];
  routes: RouteTable;
  redirects: Record<string, string>;
  library: ImageLibrary;
  photos: RenderInput["photos"];
  publicFiles: PublicFile[];
  today: string;
  preview: boolean;
  /** The folder of work kept between builds, if any. */
  cacheDir?: string;
  imageCache: ImageCache;
  /** Pages, stylesheets, scripts and documents kept between builds (nothing with `force`). */
  store: BuildStore;
  /**
   * A digest of everything every page depends on: the generator, the config, the strings, every
   * document but the text of its body, the photos, the public files, the day. A page is made
   * anew only when this or its own document's text changes.
   */
  digest: string;
}

/**
 * Reads the site and checks it: config → locales → content → posts held back → routes → photos
 * and public files. Every problem found stops here, before anything is written.
 */
export async function loadSite(options: SiteOptions): Promise<Site> {
  const root = path.resolve(options.root);
  const relative = (file: string) => path.relative(root, file) || file;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const env = options.env ?? process.env;
  const preview = options.preview ?? false;
  const today = options.today ?? todayIn(siteTimeZone);
  const timings = options.timings ?? createTimings();
  const tool = options.tool ?? toolDigest();
  tool.catch(() => undefined);

  const cacheDir = cacheDirOf(options);
  const store = createBuildStore(storeDirOf(options));
  const { session } = options;
  const unchanged = (file: string) =>
    Boolean(session?.last && session.changed && ![...session.changed].some((changed) => changed === file || changed.startsWith(`${file}/`)));
  const config = unchanged("site.config.yml")
    ? session!.last!.config
    : await timings.time(
        "config",
        loadConfig(path.join(root, "site.config.yml"), env, relative, {
          context: await tool,
          get: (key) => store.part(digestOf("config", key)),
          set: (key, value) => store.savePart(digestOf("config", key), value),
        }),
      );
  // Documents read by an earlier build with the same config and generator are not parsed again.
  const context = digestOf(await tool, JSON.stringify(config));
  const readsPart = digestOf("documents, a line each", context);
  const known: KnownReads = session?.known ?? new Map();
  if (known.size === 0)
    for (const line of (await store.part(readsPart))?.toString().split("\n") ?? [])
      if (line) {
        const [key, read] = JSON.parse(line) as [string, DocumentRead];
        known.set(key, read);
      }
  const knownBefore = known.size;
  // The photos are encoded before the documents are read, while this process is small: a fresh
  // clone's first build of a large blog (5,000 documents read, 410-470 MB) with the photos'
  // encoder beside it (240-360 MB) held 665-825 MB. Those the config names and every image under
  // content/ the image cache lacks; then processImages, below, publishes each as it was found. Not when
  // site dev reads again only what changed: processImages encodes a changed photo then.
  const contentDir = path.join(root, "content");
  const imageCache = createImageCache(cacheDir && path.join(cacheDir, "images"));
  // Each photo's digest, as the last build with this cache worked it out from the file it read then.
  const keysPart = digestOf("photo digests");
  const keys = createSourceKeys((await store.part(keysPart))?.toString());
  const listed = session?.changed ? undefined : await listFiles(contentDir);
  const ahead =
    listed && cacheDir
      ? await timings.time(
          "photos",
          encodeAhead(
            [
              ...Object.values(config.photos).flatMap((photo) => (photo ? [path.resolve(root, photo.file)] : [])),
              ...listed.filter((file) => imageFile.test(file)).map((file) => path.join(contentDir, file)),
            ],
            imageCache,
            keys,
            relative,
          ),
        )
      : undefined;
  const [locales, content] = await timings.time(
    "strings and content",
    settleAll([
      unchanged("locales") && unchanged("site.config.yml")
        ? Promise.resolve(session!.last!.locales)
        : loadLocales(path.join(root, "locales"), config.missingTranslations, relative, {
            context: await tool,
            get: (key) => store.part(digestOf("locales", key)),
            set: (key, value) => store.savePart(digestOf("locales", key), value),
          }),
      loadContent(contentDir, config, relative, {
        listed,
        drafts: preview,
        known,
        context,
        texts: session?.texts,
        changed: session?.changed && new Set([...session.changed].filter((file) => file.startsWith("content/")).map((file) => file.slice("content/".length))),
      }),
    ] as const),
  );
  // A session keeps only what this version of the site reads.
  const previous = session?.last?.site;
  if (session) session.last = { config, locales };
  if (session) for (const key of known.keys()) if (!content.used?.has(key)) known.delete(key);
  if (!session && known.size !== knownBefore) {
    // Only what this site reads now is kept.
    const current = new Set([...content.documents.map((document) => document.file), ...content.draftsLeftOut.map((draft) => draft.file)]);
    // Written as they are made, a few hundred lines at a time: all the lines of a large site at once are hundreds of megabytes.
    const lines = function* () {
      for (const entry of known) if (current.has("document" in entry[1] ? entry[1].document.file : entry[1].draft.file)) yield `${JSON.stringify(entry)}\n`;
    };
    await store.savePart(readsPart, lines());
  }
  for (const warning of locales.warnings) warn(`warning: ${formatProblem(warning)}`);
  const { documents, heldBack, scheduled } = schedulePosts(content.documents, { today, preview, draftsLeftOut: content.draftsLeftOut });
  if (previous && session?.changed) {
    const toolVersion = await tool;
    const patched = timings.measure("routes", () =>
      withNewDocuments(previous, { tool: toolVersion, config, locales, documents, heldBack, today, changed: session.changed! }),
    );
    if (patched) return (session.last!.site = patched);
  }
  const routes = timings.measure("routes", () => resolveRoutes(documents, "content", unpublishedReasons(heldBack)));
  checkScheduledPosts(documents, scheduled, heldBack);

  const photoRefs = await configPhotos(config, root, path.join(root, "site.config.yml"), relative, {
    get: (key) => store.part(key),
    set: (key, value) => store.savePart(key, value),
  });
  const library = await timings.time(
    "photos",
    processImages([...photoRefs.map((entry) => entry.reference), ...documentImages(documents)], imageCache, relative, keys, ahead),
  );
  // The photos of posts held back until their date: checked (and encoded, for that day's build) now, not published.
  if (scheduled.length) await timings.time("photos", processImages(documentImages(scheduled), imageCache, relative, keys, ahead));
  // Kept from a whole reading of the site (every image under content/), not from site dev's reading of a change.
  const remembered = listed && keys.remembered();
  if (remembered) await store.savePart(keysPart, remembered);
  for (const { photo, reference } of photoRefs)
    if (photo.example)
      warn(
        `warning: ${formatProblem({ ...reference, message: `${reference.written} is an example photo; put your own in its place and set example: false` })}`,
      );
  const photos = Object.fromEntries(photoRefs.map(({ place, photo, reference }) => [place, { image: library.get(reference.source)!, alt: photo.alt }]));
  const publicFiles = await findPublicFiles(root);

  const toolVersion = await tool;
  const digest = timings.measure("the site's digest", () =>
    siteDigest({ tool: toolVersion, config, locales, documents, heldBack, library, photos, publicFiles, today, preview }),
  );

  const site: Site = {
    root,
    relative,
    config,
    locales,
    documents,
    heldBack,
    routes,
    redirects: listingRedirects(routes),
    library,
    photos,
    publicFiles,
    today,
    preview,
    cacheDir,
    imageCache,
    store,
    digest,
  };
  if (session) session.last!.site = site;
  return site;
}

/**
 * The last version of the site with some documents read again, when nothing else changed (the
 * owner writing a post): no config, string, photo or file changed, and no document moved, so the
 * route table keeps its rows and lists their order; the new documents take the old ones' places.
 * A new text changes only its own pages; a new title or description may show on any page, so the
 * site's digest is worked out again. Undefined when the change needs the site read afresh.
 */
function withNewDocuments(
  previous: Site,
  {
    tool,
    config,
    locales,
    documents,
    heldBack,
    today,
    changed,
  }: Pick<Site, "config" | "locales" | "documents" | "heldBack" | "today"> & { tool: string; changed: ReadonlySet<string> },
): Site | undefined {
  if (![...changed].every((file) => file.startsWith("content/") && file.endsWith(".md"))) return undefined;
  if (previous.config !== config || previous.locales !== locales || previous.today !== today) return undefined;
  if (documents.length !== previous.documents.length || JSON.stringify(heldBack) !== JSON.stringify(previous.heldBack)) return undefined;
  const swapped = new Map<ContentDocument, ContentDocument>();
  let shownChanged = false;
  for (const [index, document] of documents.entries()) {
    const before = previous.documents[index]!;
    if (document === before) continue;
    if (placeOf(document) !== placeOf(before) || JSON.stringify([document.images, document.cover]) !== JSON.stringify([before.images, before.cover]))
      return undefined;
    shownChanged ||= shownOf(document) !== shownOf(before);
    swapped.set(before, document);
  }
  checkLinks(swapped.values(), previous.routes, unpublishedReasons(heldBack));
  for (const [before, document] of swapped) {
    previous.routes.get(document.id).documents[document.code] = document;
    previous.documents[previous.documents.indexOf(before)] = document;
  }
  if (shownChanged) {
    // The lists, related posts and neighbours show the new documents (found by file: after a
    // change of text alone they may still hold an earlier read, which shows the same).
    const byFile = new Map([...swapped.values()].map((document) => [document.file, document]));
    const swap = <T extends ContentDocument | undefined>(document: T): T => (document && (byFile.get(document.file) as T)) ?? document;
    for (const route of previous.routes.routes) {
      for (const posts of Object.values(route.listing?.posts ?? {})) posts.forEach((post, index) => (posts[index] = swap(post)));
      for (const neighbours of Object.values(route.neighbours ?? {})) {
        neighbours.related.forEach((post, index) => (neighbours.related[index] = swap(post)));
        neighbours.older = swap(neighbours.older);
        neighbours.newer = swap(neighbours.newer);
      }
    }
    previous.digest = siteDigest({ ...previous, tool });
  }
  return previous;
}

/** Where a document stands in the site: what decides its page, its place in the lists and its neighbours. */
function placeOf(document: ContentDocument): string {
  return JSON.stringify([
    document.file,
    document.kind,
    document.id,
    document.code,
    document.kind === "blog" ? [document.date, document.updated, document.category, document.draft, document.scheduled] : "",
    document.kind === "service" ? document.family : "",
    document.kind === "page" ? document.updated : "",
  ]);
}

/**
 * A digest of everything every page depends on: the generator, the config, the strings, every
 * document but the text of its body, the photos, the public files, the day.
 */
function siteDigest(
  parts: Pick<Site, "config" | "locales" | "documents" | "heldBack" | "library" | "photos" | "publicFiles" | "today" | "preview"> & { tool: string },
): string {
  const { documents, library } = parts;
  return digestOf(
    JSON.stringify({
      tool: parts.tool,
      config: parts.config,
      locales: parts.locales.resources,
      documents: documents.map(shownOf),
      heldBack: parts.heldBack,
      images: documents.flatMap((document) => document.images.map((image) => [image.source, library.get(image.source)])),
      covers: documents.flatMap((document) => (document.cover ? [[document.cover.source, library.get(document.cover.source)]] : [])),
      photos: parts.photos,
      publicFiles: parts.publicFiles.map((file) => file.path),
      today: parts.today,
      // The footer's year is the clock's.
      year: new Date().getFullYear(),
      preview: parts.preview,
    }),
  );
}

// What other pages show of a document (its title in a list, its card): all but its text, as a
// digest worked out once per document read (site dev keeps the documents of unchanged files).
const shown = new WeakMap<ContentDocument, string>();
function shownOf(document: ContentDocument): string {
  if (!shown.has(document)) {
    const { html: _html, links: _links, images: _images, ...rest } = document;
    shown.set(document, digestOf(JSON.stringify(rest)));
  }
  return shown.get(document)!;
}

/**
 * Like Promise.all, but waits for every stage and reports the problems of all of them together,
 * so a broken locale does not hide a broken document.
 */
export async function settleAll<T extends readonly unknown[]>(promises: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(promises);
  const failures = results.filter((result): result is PromiseRejectedResult => result.status === "rejected").map((result) => result.reason as unknown);
  if (failures.length === 0) return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
  const other = failures.find((failure) => !(failure instanceof BuildError));
  if (other) throw other;
  throw new BuildError(failures.flatMap((failure) => (failure as BuildError).problems));
}
