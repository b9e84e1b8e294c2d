import { defaultLanguage, urlCodeToLanguage } from "./languages.ts";

/** What the server does with a request path. The same rules are emitted as `_redirects`. */
export type Resolution =
  { kind: "file"; file: string; status: 200 } | { kind: "redirect"; location: string; status: 301 | 302 } | { kind: "not-found"; file: string; status: 404 };

/**
 * Routes a decoded request path against the set of files in the output folder:
 * `/` → the root page (it applies a stored language choice, else goes to /gr);
 * `/x/` → 301 `/x`; `/gr/prices` → `gr/prices.html`; a real file → itself;
 * an unknown path under a language → that language's 404 page; anything else → 302 `/gr`.
 */
export function resolvePath(pathname: string, files: ReadonlySet<string>): Resolution {
  if (pathname === "/") return { kind: "file", file: "index.html", status: 200 };
  if (pathname.endsWith("/")) return { kind: "redirect", location: pathname.replace(/\/+$/, "") || "/", status: 301 };
  const relative = pathname.slice(1);
  if (files.has(relative) && !relative.endsWith(".html")) return { kind: "file", file: relative, status: 200 };
  const language = urlCodeToLanguage(relative.split("/")[0]!);
  if (language) {
    const page = `${relative}.html`;
    if (files.has(page) && !page.endsWith("/404.html")) return { kind: "file", file: page, status: 200 };
    return { kind: "not-found", file: `${language.url}/404.html`, status: 404 };
  }
  return { kind: "redirect", location: `/${defaultLanguage.url}`, status: 302 };
}
