import { urlCodeToLanguage, type Language } from "./languages.ts";

/**
 * The URL of a page: `pageUrl(gr, "/prices")` → `/gr/prices`, `pageUrl(gr, "")` → `/gr`.
 * Canonical URLs never end in a slash.
 */
export function pageUrl(language: Language, path: string): string {
  return `/${language.url}${path}`;
}

/**
 * Where a page's HTML lives in the output: `/gr/prices` → `gr/prices.html`. The `x.html` form
 * (not `x/index.html`) is served at `/x` by sirv, nginx (try_files $uri.html), Netlify and
 * Cloudflare Pages alike, without a trailing-slash redirect.
 */
export function urlToFile(url: string): string {
  return `${url.replace(/^\//, "")}.html`;
}

/**
 * Replace the language segment of a path, keeping the rest:
 * `switchLanguagePath("/gr/services/cars/opening", "de")` → `/de/services/cars/opening`.
 */
export function switchLanguagePath(pathname: string, toUrlCode: string): string {
  const segments = pathname.split("/");
  if (segments.length > 1 && urlCodeToLanguage(segments[1]!)) segments[1] = toUrlCode;
  else segments.splice(1, 0, toUrlCode);
  const result = segments.join("/").replace(/\/+$/, "");
  return result || `/${toUrlCode}`;
}

/** The language a path belongs to, from its first segment; undefined when it has none. */
export function pathToLanguage(pathname: string): Language | undefined {
  return urlCodeToLanguage(pathname.split("/")[1] ?? "");
}
