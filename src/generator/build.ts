import { readFile } from "node:fs/promises";
import path from "node:path";
import { brandFor } from "../shared/business.ts";
import { defaultLanguage, languages } from "../shared/languages.ts";
import { urlToFile } from "../shared/urls.ts";
import { contactFormProps } from "../templates/ContactForm.tsx";
import { manifestFile, messageKeys, messageLocaleKeys, type MessageKey, type SiteManifest } from "../shared/manifest.ts";
import { createCssBuilder } from "./build-css.ts";
import { createIslandBundler, islandSetKey } from "./bundle-islands.ts";
import { listingRedirects } from "./blog-routes.ts";
import { createSiteCheck } from "./check-site.ts";
import { BuildError, formatProblem, type Problem } from "./errors.ts";
import { createHeadersFile, scriptHash, securityHeaders } from "./headers.ts";
import type { SiteConfig } from "../shared/config.ts";
import { loadConfig } from "./load-config.ts";
import { loadContent } from "./load-content.ts";
import { loadLocales, type Locales } from "./load-locales.ts";
import { buildInputs } from "./freshness.ts";
import { createFeeds } from "./feed.ts";
import { createNginxConf } from "./nginx-conf.ts";
import { createAppIcons } from "./app-icons.ts";
import { createImageCache } from "./image-cache.ts";
import { configPhotos, documentImages } from "./photo-references.ts";
import { processImages } from "./process-images.ts";
import { checkPublicFiles, findPublicFiles } from "./public-files.ts";
import { createCardRenderer } from "./social-cards.tsx";
import { packageRoot } from "./package-root.ts";
import { createRedirects } from "./redirects.ts";
import { cssMarker, islandScriptMarker } from "../shared/html.ts";
import { renderPages, type PageInfo } from "./render-pages.tsx";
import type { RouteTable } from "../shared/routes.ts";
import { resolveRoutes } from "./resolve-routes.ts";
import { describeHeldBack, schedulePosts, unpublishedReasons, type HeldBackPost } from "./schedule-posts.ts";
import { siteTimeZone, todayIn } from "../shared/dates.ts";
import { bootScript, createRootNotFound, createRootPage, favicon, rootRedirectScript } from "./root-pages.ts";
import { createRobots, createSitemap } from "./sitemap.ts";
import { openOutput, type OutputFile } from "./write-site.ts";

export interface BuildOptions {
  /** The site's folder: site.config.yml, locales/ and content/ are read from here. */
  root: string;
  /** The output folder; dist/ under root by default. */
  outDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Where warnings go; console.warn by default. */
  warn?: (message: string) => void;
  /** `site dev`: drafts and posts dated later are built too, each marked as such. */
  preview?: boolean;
  /** The build's day, YYYY-MM-DD: posts dated later wait. Today in Nafplio by default. */
  today?: string;
  /**
   * Where encoded photos, link-preview cards and icons are kept between builds; `.cache/` in the
   * site's folder by default (SITE_CACHE_DIR in the environment overrides it), `false` for none.
   */
  cacheDir?: string | false;
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
}

/** The whole pipeline: config → locales → content → routes → pages → CSS → client → checks → write. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = path.resolve(options.root);
  const outDir = path.resolve(root, options.outDir ?? "dist");
  // Messages name files as the owner sees them from the site folder: content/blog/x/de.md:3.
  const relative = (file: string) => path.relative(root, file) || file;
  const warn = options.warn ?? ((message: string) => console.warn(message));

  const env = options.env ?? process.env;
  const inputs = buildInputs(root, outDir, env);
  // Settled here too, so a build that fails before using it leaves no rejection behind.
  inputs.catch(() => undefined);
  const config = await loadConfig(path.join(root, "site.config.yml"), env, relative);
  const preview = options.preview ?? false;
  const today = options.today ?? todayIn(siteTimeZone);
  const [locales, content, css] = await settleAll([
    loadLocales(path.join(root, "locales"), config.missingTranslations, relative),
    loadContent(path.join(root, "content"), config, relative, { drafts: preview }),
    createCssBuilder(path.join(packageRoot, "src/templates/styles.css")),
  ] as const);
  for (const warning of locales.warnings) warn(`warning: ${formatProblem(warning)}`);
  const { documents, heldBack } = schedulePosts(content.documents, { today, preview, draftsLeftOut: content.draftsLeftOut });
  const routes = resolveRoutes(documents, "content", unpublishedReasons(heldBack));
  const redirects = listingRedirects(routes);

  // Photos, public files and icons: everything is read and checked before anything is written.
  const cache = createImageCache(options.cacheDir === false ? undefined : path.resolve(root, options.cacheDir ?? env.SITE_CACHE_DIR ?? ".cache", "images"));
  const photos = await configPhotos(config, root, path.join(root, "site.config.yml"), relative);
  const library = await processImages([...photos.map((entry) => entry.reference), ...documentImages(documents)], cache, relative);
  for (const { photo, reference } of photos)
    if (photo.example)
      warn(
        `warning: ${formatProblem({ ...reference, message: `${reference.written} is an example photo; put your own in its place and set example: false` })}`,
      );
  const drawCard = createCardRenderer(cache);
  const publicFiles = await findPublicFiles(root);

  const headers = securityHeaders(config, [scriptHash(bootScript), scriptHash(rootRedirectScript())]);
  const scheduled = heldBack.flatMap((post) => (post.date ? [post.date] : [])).sort();
  const manifest: SiteManifest = {
    ...siteManifest(config, headers, locales, routes),
    // A preview shows drafts: --if-needed must never take it for a build to serve.
    ...(preview ? {} : { inputs: await inputs }),
    ...(scheduled.length ? { heldBackUntil: scheduled[0] } : {}),
  };
  const otherFiles: OutputFile[] = [
    { path: "index.html", content: createRootPage(brandFor(config, defaultLanguage.code)) },
    { path: "404.html", content: createRootNotFound(brandFor(config, defaultLanguage.code)) },
    ...createFeeds({ config, locales, routes, today }),
    { path: "favicon.svg", content: favicon },
    { path: "robots.txt", content: createRobots(config.origin) },
    { path: manifestFile, content: `${JSON.stringify(manifest, null, 2)}\n` },
    ...(await createAppIcons(cache, {
      name: brandFor(config, defaultLanguage.code),
      shortName: brandFor(config, defaultLanguage.code),
      lang: defaultLanguage.code,
    })),
    ...library.files,
  ];
  checkPublicFiles(publicFiles, pageUrls(routes), [...otherFiles.map((file) => file.path), "sitemap.xml", "_redirects", "_headers", "nginx.conf"]);
  const written = [...otherFiles.map((file) => file.path), ...publicFiles.map((file) => file.path)];
  const assets = new Set(
    [...written, "sitemap.xml", "_redirects", "_headers", "nginx.conf"].filter((file) => !file.endsWith(".html")).map((file) => `/${file}`),
  );

  // Each page is finished (its island script, its CSS), checked and written as soon as it is
  // rendered: the site is never in memory as a whole, whatever its number of pages.
  const output = await openOutput(outDir);
  try {
    const islands = createIslandBundler();
    const check = createSiteCheck(config.origin, pageUrls(routes), (file) => assets.has(file));
    const pages: PageInfo[] = [];
    const madePhotos = Object.fromEntries(photos.map(({ place, photo, reference }) => [place, { image: library.get(reference.source)!, alt: photo.alt }]));
    for (const { html: rendered, ...page } of renderPages({
      config,
      locales,
      routes,
      inlineScripts: { boot: bootScript },
      image: (source) => library.get(source),
      photos: madePhotos,
    })) {
      const script = await islands.scriptFor(islandSetKey(page.islands));
      if (script) assets.add(script.url);
      const html = script
        ? rendered.replace(islandScriptMarker, script.url)
        : rendered.replace(`<script type="module" src="${islandScriptMarker}"></script>`, "");
      const final = html.replace(cssMarker, await css.cssFor(html, script));
      if (page.card) {
        assets.add(`/${page.card.path}`);
        written.push(page.card.path);
        const { text } = page.card;
        await output.write({ path: page.card.path, content: () => drawCard(text) });
      }
      check.page(page, final);
      pages.push(page);
      written.push(page.file);
      await output.write({ path: page.file, content: final });
    }
    const sitemap = createSitemap(pages, routes, config.origin, (page) => documentDate(page));
    check.finish(sitemap);
    const scripts = (await islands.scripts()).map((script) => ({ path: script.url.slice(1), content: script.code }));
    written.push(...scripts.map((file) => file.path), "sitemap.xml");
    // The hosts' own rules, made from the list of what the visitors may ask for.
    for (const file of [
      ...otherFiles,
      ...scripts,
      { path: "sitemap.xml", content: sitemap },
      { path: "_redirects", content: createRedirects(written, redirects) },
      { path: "_headers", content: createHeadersFile(headers) },
      { path: "nginx.conf", content: createNginxConf(headers, written, redirects) },
    ])
      await output.write(file);
    for (const file of publicFiles) await output.write({ path: file.path, content: await readFile(file.source) });
    written.push("_redirects", "_headers", "nginx.conf");
    const { bytes } = await output.commit();
    return { config, routes, pages, outDir, bytes, milliseconds: performance.now() - started, warnings: locales.warnings, heldBack, files: written };
  } catch (error) {
    await output.discard();
    throw error;
  }
}

/** The URL of every page the route table makes: `/gr`, `/gr/services`, ... */
function pageUrls(routes: RouteTable): string[] {
  return routes.routes.flatMap((route) => route.codes.map((code) => routes.href(code, route.id)));
}

/**
 * Like Promise.all, but waits for every stage and reports the problems of all of them together,
 * so a broken locale does not hide a broken document.
 */
async function settleAll<T extends readonly unknown[]>(promises: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(promises);
  const failures = results.filter((result): result is PromiseRejectedResult => result.status === "rejected").map((result) => result.reason as unknown);
  if (failures.length === 0) return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
  const other = failures.find((failure) => !(failure instanceof BuildError));
  if (other) throw other;
  throw new BuildError(failures.flatMap((failure) => (failure as BuildError).problems));
}

function documentDate(page: PageInfo): string | undefined {
  const listed = page.route.listing?.posts[page.language.code];
  if (listed?.length) return listed.reduce((latest, post) => (post.updated > latest ? post.updated : latest), "");
  const document = page.route.documents[page.language.code];
  if (!document) return undefined;
  return document.kind === "blog" ? document.updated : document.kind === "page" ? document.updated || undefined : undefined;
}

/** site.json: what `site serve` needs to know about the build it serves (src/shared/manifest.ts). */
export function siteManifest(config: SiteConfig, headers: Record<string, string>, locales: Locales, routes?: RouteTable): SiteManifest {
  return {
    redirects: routes ? listingRedirects(routes) : {},
    origin: config.origin,
    endpoint: config.contact.endpoint,
    contactPages: Object.fromEntries(languages.map(({ code, url }) => [code, routes?.has(code, "contact") ? routes.href(code, "contact") : `/${url}/contact`])),
    recaptcha: Boolean(config.recaptcha.siteKey),
    languages: languages.map((language) => ({ url: language.url, code: language.code })),
    headers,
    retention: { messages: config.retention.messages },
    contactForms: Object.fromEntries(
      languages
        .filter(({ code }) => routes?.has(code, "contact"))
        .map((language) => [urlToFile(routes!.href(language.code, "contact")), contactFormProps({ t: locales.t(language.code), config, language })]),
    ),
    messages: Object.fromEntries(
      languages.map(({ code }) => {
        const t = locales.t(code);
        // The answers may name the phone number ("… or call us at {{phone}}"), unbroken.
        const values = { phone: config.phone.replace(/ /g, "\u00a0") };
        return [code, Object.fromEntries(messageKeys.map((key) => [key, t(messageLocaleKeys[key], values)])) as Record<MessageKey, string>];
      }),
    ),
  };
}

/** One line per language and a total, for the terminal. */
export function summarize(result: BuildResult): string {
  const perLanguage = languages.map((language) => `${language.url} ${result.pages.filter((page) => page.language.code === language.code).length}`).join(", ");
  const kb = (result.bytes / 1024).toFixed(0);
  return [
    `Built ${result.pages.length} pages (${perLanguage}) into ${path.relative(process.cwd(), result.outDir) || "."}: ${kb} KB in ${Math.round(result.milliseconds)} ms.`,
    ...describeHeldBack(result.heldBack),
  ].join("\n");
}
