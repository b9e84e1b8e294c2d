import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { parseAllHeaders } from "@netlify/headers-parser";
import { parseAllRedirects } from "@netlify/redirect-parser";
import type { RunningHost } from "./types.ts";

const require = createRequire(import.meta.url);

interface Match {
  to: string;
  status?: number;
  force?: boolean;
  force404?: boolean;
}
interface Redirector {
  match(request: Record<string, unknown>): Match | null;
}
const redirector = require("netlify-redirector") as { parseJSON(rules: string, options: object): Promise<Redirector> };

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".pdf": "application/pdf",
  ".webmanifest": "application/manifest+json",
};

/**
 * Netlify's routing for a folder, as `netlify dev` applies it: the rules read by Netlify's own
 * parsers (`@netlify/redirect-parser`, `@netlify/headers-parser`), matched by Netlify's own
 * redirect engine (`netlify-redirector`, the WebAssembly build `netlify dev` uses), and the
 * precedence of its proxy: a real file (the path, `path.html` or `path/index.html`) wins over every
 * rule that is not forced; a redirect answers with its status; a rewrite serves its target with
 * the rule's status, or the root 404.html; a rewrite to another origin proxies the request there.
 * Headers apply by the path of what is served.
 * Netlify's full local runtime (`netlify dev --offline`) needs Deno and some 400 MB of packages,
 * too much for every test run; this is its rule-handling part.
 */
export async function startNetlifyModel(dist: string, options: { redirectsFile?: string } = {}): Promise<RunningHost & { parseErrors: string[] }> {
  const { redirects, errors: redirectErrors } = await parseAllRedirects({
    redirectsFiles: [options.redirectsFile ?? path.join(dist, "_redirects")],
    netlifyConfigPath: undefined,
    configRedirects: [],
    minimal: false,
  });
  const { headers, errors: headerErrors } = await parseAllHeaders({ headersFiles: [path.join(dist, "_headers")], configHeaders: [], minimal: false });
  // The shape netlify-redirector reads, as `netlify dev` normalises it.
  const rules = (redirects as Record<string, unknown>[]).map(({ from, query, conditions, ...rule }) => ({ ...rule, origin: from, params: query, conditions }));
  const matcher = await redirector.parseJSON(JSON.stringify(rules), {});
  const headerRules = headers as { forRegExp: RegExp; values: Record<string, string> }[];

  const staticFile = (pathname: string): string | undefined => {
    const candidates = [pathname];
    if (pathname.endsWith("/")) {
      if (pathname !== "/") candidates.push(`${pathname.slice(0, -1)}.html`);
      candidates.push(`${pathname}index.html`);
    } else if (!/\.(html?|png|jpg|js|css|svg|gif|ico|woff|woff2)$/.test(pathname)) candidates.push(`${pathname}.html`, `${pathname}/index.html`);
    return candidates.find((candidate) => {
      const file = path.join(dist, candidate);
      return file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
    });
  };

  const send = async (response: http.ServerResponse, file: string | undefined, status: number, head: boolean) => {
    const served = file ?? "/404.html";
    const found = file ? status : 404;
    const values = Object.assign({}, ...headerRules.filter((rule) => rule.forRegExp.test(served)).map((rule) => rule.values)) as Record<string, string>;
    const body = existsSync(path.join(dist, served)) ? await readFile(path.join(dist, served)) : Buffer.from("Not Found");
    response.writeHead(found, { ...values, "Content-Type": types[path.extname(served)] ?? "application/octet-stream", "Content-Length": body.length });
    response.end(head ? undefined : body);
  };

  const proxy = async (request: http.IncomingMessage, response: http.ServerResponse, to: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const forwarded = ["content-type", "accept", "accept-language", "user-agent"].filter((name) => request.headers[name]);
    const answer = await fetch(to, {
      method: request.method,
      headers: Object.fromEntries(forwarded.map((name) => [name, String(request.headers[name])])),
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      redirect: "manual",
    });
    const body = Buffer.from(await answer.arrayBuffer());
    response.writeHead(answer.status, { "Content-Type": answer.headers.get("content-type") ?? "application/octet-stream", "Content-Length": body.length });
    response.end(body);
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      const pathname = decodeURIComponent(url.pathname);
      const head = request.method === "HEAD";
      const match = matcher.match({
        scheme: "http",
        host: "localhost",
        path: pathname,
        query: url.search.slice(1),
        getHeader: (name: string) => String(request.headers[name.toLowerCase()] ?? ""),
        getCookie: () => "",
      });
      const file = staticFile(pathname);
      if (!match || (file && !match.force)) return send(response, file, 200, head);
      const status = match.status ?? 301;
      // A rewrite to another origin is a proxy: the request goes there, its answer comes back.
      if (status === 200 && /^https?:\/\//.test(match.to)) return proxy(request, response, match.to);
      if (status >= 300 && status < 400) {
        const to = new URL(match.to, "http://localhost");
        if (!to.search) to.search = url.search;
        response.writeHead(status, { Location: `${to.pathname}${to.search}`, "Cache-Control": "no-cache" }).end();
        return;
      }
      return send(response, staticFile(new URL(match.to, "http://localhost").pathname), status, head);
    })().catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    name: "Netlify",
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    parseErrors: [...redirectErrors, ...headerErrors].map((error) => error.message),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
