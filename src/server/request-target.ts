/** A request path the server is willing to route, or why not. */
export type Target = { ok: true; pathname: string; search: string } | { ok: false; reason: string };

/**
 * Decodes the request target and refuses anything that could name a file outside the site:
 * `/gr/prices?x=1` → `{ pathname: "/gr/prices", search: "?x=1" }`; `/..%2f..%2fetc/passwd`,
 * `/gr\\..\\x`, `/%00`, `/%2e%2e/` → not ok; `http://any.host/gr` → `/gr`. Runs of slashes collapse to one, so a redirect can
 * never produce a protocol-relative `//host` location.
 */
export function parseTarget(raw: string): Target {
  // The absolute form a client sends to a proxy (`http://host/gr?x`) names the same resource as its
  // path, and a server must take it (RFC 9112, 3.2.2). Its host is not ours to trust, and not kept.
  const absolute = /^https?:\/\/[^/?#]*/i.exec(raw);
  if (absolute) raw = `/${raw.slice(absolute[0].length).replace(/^\//, "")}`;
  if (!raw.startsWith("/")) return { ok: false, reason: "not an origin-form path" };
  const query = raw.indexOf("?");
  const encoded = query === -1 ? raw : raw.slice(0, query);
  const search = query === -1 ? "" : sanitizeSearch(raw.slice(query));
  if (encoded.includes("\\") || /%5c|%00/i.test(encoded)) return { ok: false, reason: "backslash or NUL" };
  let pathname: string;
  try {
    pathname = decodeURIComponent(encoded);
  } catch {
    return { ok: false, reason: "malformed percent-encoding" };
  }
  // Decoded once only: "%252e%252e" becomes the literal name "%2e%2e", which names no file.
  if (/[\0-\x1f\x7f\\]/.test(pathname)) return { ok: false, reason: "control character or backslash" };
  pathname = pathname.replace(/\/{2,}/g, "/");
  if (pathname.split("/").some((segment) => segment === "." || segment === "..")) return { ok: false, reason: "dot segment" };
  return { ok: true, pathname, search };
}

/** Percent-encodes each segment of a decoded path for a Location header: `/a b` → `/a%20b`. */
export function encodePath(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => encodeURIComponent(segment))
    .join("/");
}

/** Keeps a query string safe to echo in a header: anything but printable ASCII is percent-encoded. */
function sanitizeSearch(search: string): string {
  return search.replace(/[^\x21-\x7e]/g, (char) => `%${char.charCodeAt(0).toString(16).padStart(2, "0").toUpperCase()}`);
}
