import http from "node:http";
import type { Duplex } from "node:stream";
import type { ContactBackend } from "./backend.ts";
import { createEndpoint } from "./endpoint.ts";
import type { Logger } from "./log.ts";
import type { SiteManifest } from "../shared/manifest.ts";
import { clientAddress, normalizeAddress } from "./rate-limit.ts";
import { parseTarget } from "./request-target.ts";
import type { ServerSettings } from "./settings.ts";
import type { SiteFiles } from "./site-files.ts";
import { createStaticHandler } from "./static.ts";

/** How long a client may take: to send its headers, its whole request, and between requests on one connection. */
export interface Timeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}

export const defaultTimeouts: Timeouts = { headersMs: 20_000, requestMs: 30_000, keepAliveMs: 5_000 };

export interface SiteServerContext {
  timeouts?: Timeouts;
  manifest: SiteManifest;
  settings: Pick<ServerSettings, "recaptcha" | "trustProxy" | "maxConnections">;
  files: SiteFiles;
  backend: ContactBackend;
  log: Logger;
}

/**
 * The HTTP server of one process: the contact endpoint at its path, the site everywhere else,
 * one log line per request (and per malformed or timed-out one), each naming the client's
 * address, and a 500 (never a crash) if a handler throws.
 */
export function createSiteServer({ manifest, settings, files, backend, log, timeouts = defaultTimeouts }: SiteServerContext): http.Server {
  const serveStatic = createStaticHandler({ files, headers: manifest.headers, backend, contactForms: manifest.contactForms, redirects: manifest.redirects });
  const handleContact = createEndpoint({ manifest, settings, backend, log });
  const defaultTexts = manifest.messages[manifest.languages[0]!.code]!;
  const failure = JSON.stringify({ success: false, error: defaultTexts.failure });
  const badRequest = (response: http.ServerResponse, json: boolean) => {
    const body = json ? JSON.stringify({ success: false, error: defaultTexts.invalid }) : "Bad request\n";
    response
      .writeHead(400, {
        ...manifest.headers,
        "Content-Type": json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Content-Length": Buffer.byteLength(body),
      })
      .end(body);
  };

  // The server answers a request without Host itself (Node's own answer has no headers and no log line).
  const options = {
    requestTimeout: timeouts.requestMs,
    headersTimeout: timeouts.headersMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // How often the timeouts are checked: a tenth of the shortest, at most Node's own 30 s.
    connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.min(timeouts.headersMs, timeouts.requestMs) / 10)),
    requireHostHeader: false,
  };
  const server = http.createServer(options, (request, response) => {
    const started = performance.now();
    const written = request.socket.bytesWritten;
    const target = parseTarget(request.url ?? "/");
    // Read now: once a client has gone, its socket no longer knows the address.
    const ip = clientAddress(request, settings.trustProxy);
    // "close" comes after "finish", and also when the client went away first.
    response.on("close", () => {
      log.info("request", {
        method: request.method,
        // Never what follows a "?", as the privacy policy says: not even for a target that could not be read.
        path: (target.ok ? target.pathname : (request.url ?? "").split("?")[0]!).slice(0, 300),
        status: response.writableFinished ? response.statusCode : 499,
        bytes: request.socket.bytesWritten - written,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ip,
      });
    });
    const fail = (error: unknown, json: boolean) => {
      log.error("request.failed", {
        path: target.ok ? target.pathname : "",
        reason: error instanceof Error ? (error.stack ?? error.message) : String(error),
        ip,
      });
      if (response.headersSent) return void response.destroy();
      response.writeHead(500, {
        ...manifest.headers,
        "Content-Type": json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
      });
      response.end(json ? failure : "Internal server error\n");
    };
    if (!target.ok) return badRequest(response, false);
    // Two Host lines make a request ambiguous, which HTTP/1.1 answers with 400 (RFC 9112, 3.2).
    if (hostLines(request.rawHeaders) > 1) return badRequest(response, target.pathname === manifest.endpoint);
    // HTTP/1.1 requires Host; HTTP/1.0 clients may leave it out.
    if (request.headers.host === undefined && request.httpVersion !== "1.0") return badRequest(response, target.pathname === manifest.endpoint);
    if (target.pathname === manifest.endpoint) {
      handleContact(request, response).catch((error: unknown) => fail(error, true));
      return;
    }
    try {
      serveStatic(request, response, target.pathname, target.search);
    } catch (error) {
      fail(error, false);
    }
  });

  // The peer's address, kept from the moment the connection opens: a socket that timed out or
  // was reset may no longer say.
  const peers = new WeakMap<object, string>();
  // Answers written straight to the socket still carry the security headers.
  const securityLines = Object.entries(manifest.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  server.on("connection", (socket: { remoteAddress?: string }) => peers.set(socket, normalizeAddress(socket.remoteAddress ?? "")));

  // Connections past the cap are closed as they open (Node's "drop"): the first is logged at once,
  // those after it counted and logged once a minute for as long as they go on.
  server.maxConnections = settings.maxConnections;
  let dropped = 0;
  let counting: NodeJS.Timeout | undefined;
  const report = (fields: Record<string, string>) => {
    log.warn("connections.full", { limit: server.maxConnections, closed: dropped, ...fields });
    dropped = 0;
    counting = setTimeout(() => (dropped ? report({}) : (counting = undefined)), 60_000).unref();
  };
  server.on("drop", (data?: { remoteAddress?: string }) => {
    dropped++;
    if (!counting) report({ ip: normalizeAddress(data?.remoteAddress ?? "") });
  });

  // Without a listener, Node drops a CONNECT without a word: this server tunnels nothing, and says so.
  server.on("connect", (request: http.IncomingMessage, socket: Duplex) => {
    const answer = `HTTP/1.1 405 Method Not Allowed\r\n${securityLines}Allow: GET, HEAD\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`;
    socket.on("error", () => socket.destroy());
    socket.end(answer);
    const ip = peers.get(socket) ?? normalizeAddress(request.socket.remoteAddress ?? "");
    log.info("request", { method: "CONNECT", path: "", status: 405, bytes: Buffer.byteLength(answer), ms: 0, ip });
  });

  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    const status =
      error.code === "HPE_HEADER_OVERFLOW"
        ? "431 Request Header Fields Too Large"
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? "408 Request Timeout"
          : "400 Bad Request";
    if (socket.writable && !socket.destroyed) socket.end(`HTTP/1.1 ${status}\r\n${securityLines}Connection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
    const ip = peers.get(socket) ?? normalizeAddress((socket as { remoteAddress?: string }).remoteAddress ?? "");
    // A reset between requests is a client closing its idle connection: nothing to log. A reset
    // during a request is logged by that request's own line (status 499).
    if (error.code === "ECONNRESET") return;
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") log.info("request.timeout", { status: 408, ip });
    else log.info("request.malformed", { status: Number.parseInt(status, 10), reason: error.code ?? error.message, ip });
  });
  return server;
}

const hostLines = (raw: string[]): number => {
  let count = 0;
  for (let index = 0; index < raw.length; index += 2) if (raw[index]!.length === 4 && raw[index]!.toLowerCase() === "host") count++;
  return count;
};

/**
 * Listens and resolves with the actual port. `reusePort` lets several processes listen on one
 * port, the kernel spreading connections among them (SO_REUSEPORT, Linux and the BSDs).
 */
export function listen(server: http.Server, port: number, host: string, reusePort = false): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host, reusePort, exclusive: true }, () => {
      server.off("error", reject);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}
