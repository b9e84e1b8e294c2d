import path from "node:path";
import { fileURLToPath } from "node:url";
import { languages } from "../shared/languages.ts";
import { createCssBuilder } from "./build-css.ts";
import { bundleClient } from "./bundle-client.ts";
import { checkSite } from "./check-site.ts";
import { BuildError, formatProblem, type Problem } from "./errors.ts";
import { createHeadersFile, scriptHash, securityHeaders } from "./headers.ts";
import { loadConfig, type SiteConfig } from "./load-config.ts";
import { loadContent } from "./load-content.ts";
import { loadLocales, type Locales } from "./load-locales.ts";
import { createNginxConf } from "./nginx-conf.ts";
import { createRedirects } from "./redirects.ts";
import { cssMarker } from "../templates/Layout.tsx";
import { renderPages, type RenderedPage } from "./render-pages.tsx";
import { resolveRoutes, type RouteTable } from "./resolve-routes.ts";
import { bootScript, createRootNotFound, createRootPage, favicon, rootRedirectScript } from "./root-pages.ts";
import { createRobots, createSitemap } from "./sitemap.ts";
import { writeSite, type OutputFile } from "./write-site.ts";

/** Where the generator's own sources live (templates, client), whatever site it builds. */
export const packageRoot = path.resolve(fileURLToPath(import.meta.url), "../../..");

export interface BuildOptions {
  /** The site's folder: site.config.yml, locales/ and content/ are read from here. */
  root: string;
  /** The output folder; dist/ under root by default. */
  outDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Where warnings go; console.warn by default. */
  warn?: (message: string) => void;
}

export interface BuildResult {
  config: SiteConfig;
  routes: RouteTable;
  pages: RenderedPage[];
  outDir: string;
  bytes: number;
  milliseconds: number;
  warnings: Problem[];
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

  const config = await loadConfig(path.join(root, "site.config.yml"), options.env ?? process.env, relative);
  const [locales, documents, client, css] = await settleAll([
    loadLocales(path.join(root, "locales"), config.missingTranslations, relative),
    loadContent(path.join(root, "content"), config, relative),
    bundleClient(path.join(packageRoot, "src/client/main.ts")),
    createCssBuilder(path.join(packageRoot, "src/templates/styles.css")),
  ] as const);
  for (const warning of locales.warnings) warn(`warning: ${formatProblem(warning)}`);
  const routes = resolveRoutes(documents, "content");

  const pages = renderPages({
    config,
    locales,
    routes,
    assets: { script: client.url },
    inlineScripts: { boot: bootScript },
  });
  const htmlFiles = await Promise.all(pages.map(async (page) => ({ path: page.file, content: page.html.replace(cssMarker, await css.cssFor(page.html)) })));
  const sitemap = createSitemap(pages, routes, config.origin, (page) => documentDate(page));
  const headers = securityHeaders(config, [scriptHash(bootScript), scriptHash(rootRedirectScript())]);
  const files: OutputFile[] = [
    ...htmlFiles,
    { path: "index.html", content: createRootPage(config.brand) },
    { path: "404.html", content: createRootNotFound(config.brand) },
    { path: client.url.slice(1), content: client.code },
    { path: "favicon.svg", content: favicon },
    { path: "sitemap.xml", content: sitemap },
    { path: "robots.txt", content: createRobots(config.origin) },
    { path: "site.json", content: `${JSON.stringify(siteManifest(config, headers, locales, routes), null, 2)}\n` },
  ];
  // The hosts' own rules, made from the list of what the visitors may ask for.
  const served = files.map((file) => file.path);
  files.push(
    { path: "_redirects", content: createRedirects(served) },
    { path: "_headers", content: createHeadersFile(headers) },
    { path: "nginx.conf", content: createNginxConf(headers, served) },
  );
  checkSite({
    origin: config.origin,
    pages,
    html: new Map(htmlFiles.map((file) => [file.path, file.content])),
    assets: new Set(files.filter((file) => !file.path.endsWith(".html")).map((file) => `/${file.path}`)),
    sitemap,
  });
  const { bytes } = await writeSite(outDir, files);
  return { config, routes, pages, outDir, bytes, milliseconds: performance.now() - started, warnings: locales.warnings, files };
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
  const document = page.route.documents[page.language.code];
  if (!document) return undefined;
  return document.kind === "blog" ? document.updated : document.kind === "page" ? document.updated || undefined : undefined;
}

/**
 * What `site serve` needs to know about the build it serves: the headers to send and the
 * contact endpoint. Written next to the pages so server and pages never disagree.
 */
export function siteManifest(config: SiteConfig, headers: Record<string, string>, locales: Locales, routes?: RouteTable) {
  return {
    origin: config.origin,
    endpoint: config.contact.endpoint,
    /** Where the server sends a browser after a script-less post, per language code. */
    contactPages: Object.fromEntries(languages.map(({ code, url }) => [code, routes?.has(code, "contact") ? routes.href(code, "contact") : `/${url}/contact`])),
    recaptcha: Boolean(config.recaptcha.siteKey),
    languages: languages.map((language) => ({ url: language.url, code: language.code })),
    headers,
    /** The endpoint's answers, in every language. */
    messages: Object.fromEntries(
      languages.map(({ code }) => {
        const t = locales.t(code);
        const keys = ["success", "failure", "recaptcha", "errors.required", "errors.email", "errors.tooLong", "errors.invalid", "errors.rateLimited"];
        return [code, Object.fromEntries(keys.map((key) => [key.replace("errors.", ""), t(`form.${key}`)]))];
      }),
    ),
  };
}

export type SiteManifest = ReturnType<typeof siteManifest>;

/** One line per language and a total, for the terminal. */
export function summarize(result: BuildResult): string {
  const perLanguage = languages.map((language) => `${language.url} ${result.pages.filter((page) => page.language.code === language.code).length}`).join(", ");
  const kb = (result.bytes / 1024).toFixed(0);
  return `Built ${result.pages.length} pages (${perLanguage}) into ${path.relative(process.cwd(), result.outDir) || "."}: ${kb} KB in ${Math.round(result.milliseconds)} ms.`;
}
