import path from "node:path";
import { languages } from "../shared/languages.ts";
import { urlToFile } from "../shared/urls.ts";
import { contactFormProps } from "../templates/ContactForm.tsx";
import { manifestFile, messageKeys, messageLocaleKeys, type MessageKey, type SiteManifest } from "../shared/manifest.ts";
import { createCssBuilder } from "./build-css.ts";
import { bundleIslands, islandSetKey } from "./bundle-islands.ts";
import { listingRedirects } from "./blog-routes.ts";
import { checkSite } from "./check-site.ts";
import { BuildError, formatProblem, type Problem } from "./errors.ts";
import { createHeadersFile, scriptHash, securityHeaders } from "./headers.ts";
import type { SiteConfig } from "../shared/config.ts";
import { loadConfig } from "./load-config.ts";
import { loadContent } from "./load-content.ts";
import { loadLocales, type Locales } from "./load-locales.ts";
import { buildInputs } from "./freshness.ts";
import { createFeeds } from "./feed.ts";
import { createNginxConf } from "./nginx-conf.ts";
import { packageRoot } from "./package-root.ts";
import { createRedirects } from "./redirects.ts";
import { cssMarker, islandScriptMarker } from "../shared/html.ts";
import { renderPages, type RenderedPage } from "./render-pages.tsx";
import type { RouteTable } from "../shared/routes.ts";
import { resolveRoutes } from "./resolve-routes.ts";
import { describeHeldBack, schedulePosts, unpublishedReasons, type HeldBackPost } from "./schedule-posts.ts";
import { siteTimeZone, todayIn } from "../shared/dates.ts";
import { bootScript, createRootNotFound, createRootPage, favicon, rootRedirectScript } from "./root-pages.ts";
import { createRobots, createSitemap } from "./sitemap.ts";
import { writeSite, type OutputFile } from "./write-site.ts";

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
}

export interface BuildResult {
  config: SiteConfig;
  routes: RouteTable;
  pages: RenderedPage[];
  outDir: string;
  bytes: number;
  milliseconds: number;
  warnings: Problem[];
  /** Posts left out: drafts, and posts dated after the build's day. */
  heldBack: HeldBackPost[];
  /** Every file written, before compression. */
  files: OutputFile[];
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

  const pages = renderPages({ config, locales, routes, inlineScripts: { boot: bootScript } });
  const scripts = await bundleIslands([...new Set(pages.map((page) => islandSetKey(page.islands)))]);
  const htmlFiles = await Promise.all(
    pages.map(async (page) => {
      const script = scripts.get(islandSetKey(page.islands));
      const html = script
        ? page.html.replace(islandScriptMarker, script.url)
        : page.html.replace(`<script type="module" src="${islandScriptMarker}"></script>`, "");
      return { path: page.file, content: html.replace(cssMarker, await css.cssFor(html, script?.candidates)) };
    }),
  );
  const sitemap = createSitemap(pages, routes, config.origin, (page) => documentDate(page));
  const headers = securityHeaders(config, [scriptHash(bootScript), scriptHash(rootRedirectScript())]);
  const scheduled = heldBack.flatMap((post) => (post.date ? [post.date] : [])).sort();
  const manifest: SiteManifest = {
    ...siteManifest(config, headers, locales, routes),
    // A preview shows drafts: --if-needed must never take it for a build to serve.
    ...(preview ? {} : { inputs: await inputs }),
    ...(scheduled.length ? { heldBackUntil: scheduled[0] } : {}),
  };
  const files: OutputFile[] = [
    ...htmlFiles,
    { path: "index.html", content: createRootPage(config.brand) },
    { path: "404.html", content: createRootNotFound(config.brand) },
    ...[...scripts.values()].map((script) => ({ path: script.url.slice(1), content: script.code })),
    ...createFeeds({ config, locales, routes, today }),
    { path: "favicon.svg", content: favicon },
    { path: "sitemap.xml", content: sitemap },
    { path: "robots.txt", content: createRobots(config.origin) },
    { path: manifestFile, content: `${JSON.stringify(manifest, null, 2)}\n` },
  ];
  // The hosts' own rules, made from the list of what the visitors may ask for.
  const served = files.map((file) => file.path);
  files.push(
    { path: "_redirects", content: createRedirects(served, redirects) },
    { path: "_headers", content: createHeadersFile(headers) },
    { path: "nginx.conf", content: createNginxConf(headers, served, redirects) },
  );
  checkSite({
    origin: config.origin,
    pages,
    html: new Map(htmlFiles.map((file) => [file.path, file.content])),
    assets: new Set(files.filter((file) => !file.path.endsWith(".html")).map((file) => `/${file.path}`)),
    sitemap,
  });
  const { bytes } = await writeSite(outDir, files);
  return { config, routes, pages, outDir, bytes, milliseconds: performance.now() - started, warnings: locales.warnings, heldBack, files };
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

function documentDate(page: RenderedPage): string | undefined {
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
    contactForms: Object.fromEntries(
      languages
        .filter(({ code }) => routes?.has(code, "contact"))
        .map((language) => [urlToFile(routes!.href(language.code, "contact")), contactFormProps({ t: locales.t(language.code), config, language })]),
    ),
    messages: Object.fromEntries(
      languages.map(({ code }) => {
        const t = locales.t(code);
        return [code, Object.fromEntries(messageKeys.map((key) => [key, t(messageLocaleKeys[key])])) as Record<MessageKey, string>];
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
