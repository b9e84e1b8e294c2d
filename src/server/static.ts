import type { IncomingMessage, ServerResponse } from "node:http";
import { resolvePath } from "../shared/routing.ts";
import type { SiteManifest } from "../shared/manifest.ts";
import type { ContactBackend } from "./backend.ts";
import { encodePath } from "./request-target.ts";
import type { Encoding, SiteFile, SiteFiles, Variant } from "./site-files.ts";

export interface StaticContext {
  files: SiteFiles;
  /** The contact form's props per page file (site.json), to draw a script-less post's outcome. */
  contactForms: SiteManifest["contactForms"];
  /** Paths the build moved, and where to (site.json). */
  redirects?: SiteManifest["redirects"];
  headers: Record<string, string>;
  backend: Pick<ContactBackend, "getOutcome">;
}

/**
 * GET and HEAD for the built site: the routing rules of src/shared/routing.ts, the precompressed
 * variant the client accepts, 304 for a matching If-None-Match, and the contact page with the
 * outcome of a script-less post when the query names one.
 */
export function createStaticHandler({ files, headers, backend, contactForms, redirects = {} }: StaticContext) {
  const plain = (status: number, text: string, extra: Record<string, string | number> = {}) => ({
    status,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(text), ...extra },
    body: text,
  });
  // The connection closes after it: a body sent with the request is not read to its end.
  const methodNotAllowed = plain(405, "Method not allowed\n", { Allow: "GET, HEAD", Connection: "close" });
  const missing = plain(404, "Not found\n");

  return function serveStatic(request: IncomingMessage, response: ServerResponse, pathname: string, search: string): void {
    const head = request.method === "HEAD";
    if (!head && request.method !== "GET") {
      response.writeHead(methodNotAllowed.status, methodNotAllowed.headers).end(methodNotAllowed.body);
      return;
    }
    const resolution = resolvePath(pathname, files.names, redirects);
    if (resolution.kind === "redirect") {
      const cache = resolution.status === 301 ? "public, max-age=86400" : "no-cache";
      response
        .writeHead(resolution.status, { ...headers, Location: encodePath(resolution.location) + search, "Cache-Control": cache, "Content-Length": 0 })
        .end();
      return;
    }
    const file = files.get(resolution.file);
    if (!file) {
      // A build without a 404 page for this language: still a real 404.
      response.writeHead(missing.status, missing.headers).end(head ? undefined : missing.body);
      return;
    }
    const form = contactForms[file.path];
    if (form && resolution.status === 200 && search.includes("outcome=")) {
      return void backend
        .getOutcome(new URLSearchParams(search).get("outcome") ?? "")
        .then(async (outcome) => {
          if (!outcome) return sendFile(request, response, file, resolution.status, head);
          const { applyOutcome } = await import("./contact-page.tsx");
          sendPersonal(response, Buffer.from(applyOutcome(file.variants.identity.body.toString("utf8"), outcome, form)), head);
        })
        .catch(() => sendFile(request, response, file, resolution.status, head));
    }
    sendFile(request, response, file, resolution.status, head);
  };

  /** The page with the outcome of a script-less post: personal, so never cached. */
  function sendPersonal(response: ServerResponse, body: Buffer, head: boolean): void {
    response.writeHead(200, {
      ...headers,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": body.length,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    });
    response.end(head ? undefined : body);
  }
}

function sendFile(request: IncomingMessage, response: ServerResponse, file: SiteFile, status: number, head: boolean): void {
  const variant = pickVariant(file, request.headers["accept-encoding"]);
  if (status === 200 && isNotModified(request.headers["if-none-match"], variant.etag)) {
    response.writeHead(304, variant.notModified).end();
    return;
  }
  response.writeHead(status, variant.headers);
  response.end(head ? undefined : variant.body);
}

function pickVariant(file: SiteFile, acceptEncoding: string | undefined): Variant {
  const { variants } = file;
  if (!acceptEncoding || (!variants.br && !variants.gzip)) return variants.identity;
  const accepted = acceptedEncodings(acceptEncoding);
  if (variants.br && accepted.has("br")) return variants.br;
  if (variants.gzip && accepted.has("gzip")) return variants.gzip;
  return variants.identity;
}

const acceptCache = new Map<string, ReadonlySet<Encoding>>();

/**
 * `acceptedEncodings("gzip, deflate, br;q=0")` → {gzip}. The server prefers br over gzip
 * whatever the q-values, since both are precompressed and br is smaller. Remembers the few
 * distinct headers browsers send.
 */
export function acceptedEncodings(header: string): ReadonlySet<Encoding> {
  const cached = acceptCache.get(header);
  if (cached) return cached;
  const accepted = new Set<Encoding>();
  const refused = new Set<string>();
  let star = false;
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName!.trim().toLowerCase();
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
    const zero = q !== undefined && Number(q) === 0;
    const encoding = name === "x-gzip" ? "gzip" : name;
    if (zero) refused.add(encoding);
    else if (encoding === "*") star = true;
    else if (encoding === "br" || encoding === "gzip") accepted.add(encoding);
  }
  if (star) for (const encoding of ["br", "gzip"] as const) if (!refused.has(encoding)) accepted.add(encoding);
  for (const encoding of refused) accepted.delete(encoding as Encoding);
  if (acceptCache.size < 256) acceptCache.set(header, accepted);
  return accepted;
}

function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
