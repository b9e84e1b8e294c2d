import { createHash } from "node:crypto";
import { lstat, readdir, readFile, realpath, stat } from "node:fs/promises";
import type { OutgoingHttpHeaders } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { cacheControl, isFingerprinted } from "../shared/caching.ts";
import { contentTypeOf } from "../shared/content-types.ts";
import { hostFiles } from "../shared/routing.ts";

export type Encoding = "br" | "gzip" | "identity";

/** One way of sending a file: its bytes and every header, computed once at start-up. */
export interface Variant {
  body: Buffer;
  headers: OutgoingHttpHeaders;
  etag: string;
  /** The headers of a 304 answer: validators and caching, no body headers. */
  notModified: OutgoingHttpHeaders;
}

export interface SiteFile {
  path: string;
  html: boolean;
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
}

export interface SiteFiles {
  /** Paths relative to the site folder, with `/` separators: what resolvePath routes against. */
  names: ReadonlySet<string>;
  get(name: string): SiteFile | undefined;
  bytes: number;
}

export { isFingerprinted } from "../shared/caching.ts";

export function cacheControlFor(name: string): string {
  if (isFingerprinted(name)) return cacheControl.fingerprinted;
  if (name.endsWith(".html")) return cacheControl.page;
  return cacheControl.file;
}

/**
 * Reads the whole built site into memory, with the `.br` and `.gz` files the build wrote beside
 * each text file as variants of it. Only regular files under the folder are taken: a symbolic
 * link is followed only when its target is inside the folder, dotfiles are skipped, and the
 * files for servers and hosts (site.json, _headers, _redirects, nginx.conf) are not served.
 */
export async function loadSiteFiles(dir: string, securityHeaders: Record<string, string>): Promise<SiteFiles> {
  const root = await realpath(dir);
  const found = new Map<string, string>();
  await walk(root, root, "", found);

  const files = new Map<string, SiteFile>();
  let bytes = 0;
  for (const [name, file] of found) {
    const base = name.replace(/\.(br|gz)$/, "");
    if (base !== name && found.has(base)) continue;
    if (hostFiles.has(name)) continue;
    const body = await readFile(file);
    const hash = createHash("sha256").update(body).digest("base64url").slice(0, 22);
    const html = name.endsWith(".html");
    const common = {
      ...securityHeaders,
      "Content-Type": contentTypeOf(name),
      "Cache-Control": cacheControlFor(name),
    };
    const compressed = found.has(`${name}.br`) || found.has(`${name}.gz`);
    const written = (encoding: "br" | "gzip") => found.get(`${name}.${encoding === "br" ? "br" : "gz"}`);
    const variant = (encoding: Encoding, content: Buffer): Variant => {
      const etag = `"${hash}${encoding === "identity" ? "" : `-${encoding === "br" ? "br" : "gz"}`}"`;
      const headers: OutgoingHttpHeaders = { ...common, "Content-Length": content.length, ETag: etag };
      if (compressed) headers.Vary = "Accept-Encoding";
      if (encoding !== "identity") headers["Content-Encoding"] = encoding;
      const notModified: OutgoingHttpHeaders = { ...securityHeaders, "Cache-Control": common["Cache-Control"], ETag: etag };
      if (compressed) notModified.Vary = "Accept-Encoding";
      bytes += content.length;
      return { body: content, headers, etag, notModified };
    };
    const variants: SiteFile["variants"] = { identity: variant("identity", body) };
    if (written("br")) variants.br = variant("br", await readFile(written("br")!));
    if (written("gzip")) variants.gzip = variant("gzip", await readFile(written("gzip")!));
    // The build writes brotli copies only: the gzip copy is made for the first client that asks
    // for it, and kept.
    else if (compressed) {
      let made: Variant | undefined;
      Object.defineProperty(variants, "gzip", { enumerable: true, get: () => (made ??= variant("gzip", gzipSync(body, { level: 9 }))) });
    }
    files.set(name, { path: name, html, variants });
  }
  return { names: new Set(files.keys()), get: (name) => files.get(name), bytes };
}

async function walk(root: string, dir: string, prefix: string, found: Map<string, string>): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // Hidden files are never served, but for the site's own `.well-known/` (security.txt, app links).
    if (entry.name.startsWith(".") && !(prefix === "" && entry.name === ".well-known")) continue;
    const full = path.join(dir, entry.name);
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    let target = full;
    let kind = entry.isDirectory() ? "dir" : entry.isFile() ? "file" : "other";
    if (entry.isSymbolicLink()) {
      try {
        target = await realpath(full);
      } catch {
        continue; // a dangling link
      }
      if (target !== root && !target.startsWith(root + path.sep)) continue;
      const info = await stat(target);
      kind = info.isDirectory() ? "dir" : info.isFile() ? "file" : "other";
      // A link back to an ancestor would loop for ever; the real folder is walked anyway.
      if (kind === "dir") continue;
    }
    if (kind === "dir") await walk(root, full, name, found);
    else if (kind === "file" && (await lstat(target)).isFile()) found.set(name, target);
  }
}
