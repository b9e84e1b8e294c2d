import { defaultLanguage, urlCodeToLanguage } from "./languages.ts";

/** What the server does with a request path. The same rules are emitted as `_redirects` and `nginx.conf`. */
export type Resolution =
  { kind: "file"; file: string; status: 200 } | { kind: "redirect"; location: string; status: 301 | 302 } | { kind: "not-found"; file: string; status: 404 };

/** Files the build writes for servers and hosts, never for visitors. */
export const hostFiles: ReadonlySet<string> = new Set(["site.json", "_headers", "_redirects", "nginx.conf"]);

/** The page a static host shows for a missing file outside every language: it goes on to /gr. */
export const rootNotFoundFile = "404.html";

/**
 * Whether an output file is a rendered page, served only at its extensionless URL:
 * `gr.html`, `en/prices.html`, `index.html` and `404.html` are; `google1234.html` (a file the
 * owner put in public/) and `assets/islands.js` are not.
 */
export function isPageFile(name: string): boolean {
  if (!name.endsWith(".html")) return false;
  if (name === "index.html" || name === rootNotFoundFile) return true;
  const first = name.split("/")[0]!;
  return Boolean(urlCodeToLanguage(first.replace(/\.html$/, "")));
}

/**
 * Routes a decoded request path against the set of files in the output folder:
 * `/` → the root page (it applies a stored language choice, else goes to /gr);
 * `/x/` → 301 `/x`; `/gr/prices` → `gr/prices.html`; a real file → itself;
 * a path the build moved (`redirects`: `/en/blog/page/1` → `/en/blog`) → 301 there;
 * an unknown path under a language → that language's 404 page; a missing file in a real folder
 * (`/assets/gone.js`) → the root 404 page; anything else → 302 `/gr`.
 */
export function resolvePath(pathname: string, files: ReadonlySet<string>, redirects: Readonly<Record<string, string>> = {}): Resolution {
  if (pathname === "/") return { kind: "file", file: "index.html", status: 200 };
  if (pathname.endsWith("/")) return { kind: "redirect", location: pathname.replace(/\/+$/, "") || "/", status: 301 };
  if (Object.hasOwn(redirects, pathname)) return { kind: "redirect", location: redirects[pathname]!, status: 301 };
  const relative = pathname.slice(1);
  if (files.has(relative) && !isPageFile(relative) && !hostFiles.has(relative)) return { kind: "file", file: relative, status: 200 };
  const first = relative.split("/")[0]!;
  const language = urlCodeToLanguage(first);
  if (language) {
    const page = `${relative}.html`;
    if (files.has(page) && !page.endsWith("/404.html")) return { kind: "file", file: page, status: 200 };
    return { kind: "not-found", file: `${language.url}/404.html`, status: 404 };
  }
  if (relative.includes("/") && topFolders(files).has(first)) return { kind: "not-found", file: rootNotFoundFile, status: 404 };
  return { kind: "redirect", location: `/${defaultLanguage.url}`, status: 302 };
}

const folderCache = new WeakMap<ReadonlySet<string>, ReadonlySet<string>>();

/** The top-level folders of an output (`assets`, `gr`, ...), computed once per file set. */
export function topFolders(files: ReadonlySet<string>): ReadonlySet<string> {
  let folders = folderCache.get(files);
  if (!folders) {
    folders = new Set([...files].filter((name) => name.includes("/")).map((name) => name.split("/")[0]!));
    folderCache.set(files, folders);
  }
  return folders;
}
