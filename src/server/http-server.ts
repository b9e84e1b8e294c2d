import http from "node:http";
import type { ContactBackend } from "./backend.ts";
import { createEndpoint } from "./endpoint.ts";
import type { Logger } from "./log.ts";
import type { SiteManifest } from "../shared/manifest.ts";
import { clientAddress } from "./rate-limit.ts";
import { parseTarget } from "./request-target.ts";
import type { ServerSettings } from "./settings.ts";
import type { SiteFiles } from "./site-files.ts";
import { createStaticHandler } from "./static.ts";

export interface SiteServerContext {
  manifest: SiteManifest;
  settings: Pick<ServerSettings, "recaptcha" | "trustProxy">;
  files: SiteFiles;
  backend: ContactBackend;
  log: Logger;
}

/**
 * The HTTP server of one process: the contact endpoint at its path, the site everywhere else,
 * one log line per request, and a 500 (never a crash) if a handler throws.
 */
export function createSiteServer({ manifest, settings, files, backend, log }: SiteServerContext): http.Server {
  const serveStatic = createStaticHandler({ files, headers: manifest.headers, backend, contactForms: manifest.contactForms, redirects: manifest.redirects });
  const handleContact = createEndpoint({ manifest, settings, backend, log });
  const failure = JSON.stringify({ success: false, error: manifest.messages[manifest.languages[0]!.code]!.failure });

  const server = http.createServer({ requestTimeout: 30_000, headersTimeout: 20_000, keepAliveTimeout: 5_000 }, (request, response) => {
    const started = performance.now();
    const written = request.socket.bytesWritten;
    const target = parseTarget(request.url ?? "/");
    // "close" comes after "finish", and also when the client went away first.
    response.on("close", () => {
      log.info("request", {
        method: request.method,
        path: target.ok ? target.pathname.slice(0, 300) : (request.url ?? "").slice(0, 300),
        status: response.writableFinished ? response.statusCode : 499,
        bytes: request.socket.bytesWritten - written,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ip: clientAddress(request, settings.trustProxy),
      });
    });
    const fail = (error: unknown, json: boolean) => {
      log.error("request.failed", { path: target.ok ? target.pathname : "", reason: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      if (response.headersSent) return void response.destroy();
      response.writeHead(500, {
        ...manifest.headers,
        "Content-Type": json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
      });
      response.end(json ? failure : "Internal server error\n");
    };
    if (!target.ok) {
      response
        .writeHead(400, { ...manifest.headers, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Content-Length": 12 })
        .end("Bad request\n");
      return;
    }
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

  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    const status =
      error.code === "HPE_HEADER_OVERFLOW"
        ? "431 Request Header Fields Too Large"
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? "408 Request Timeout"
          : "400 Bad Request";
    if (socket.writable && !socket.destroyed) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
    if (error.code !== "ECONNRESET") log.info("request.malformed", { reason: error.code ?? error.message });
  });
  return server;
}

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
