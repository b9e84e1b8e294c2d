import http from "node:http";
import path from "node:path";
import { createEndpoint } from "./endpoint.ts";
import { createLogger, type Logger } from "./log.ts";
import { loadManifest } from "./manifest.ts";
import { startOutbox, type RetryPolicy } from "./outbox.ts";
import { createOutcomeStore } from "./outcomes.ts";
import { clientAddress, createRateLimiter } from "./rate-limit.ts";
import { parseTarget } from "./request-target.ts";
import { readSettings, redactSmtpUrl } from "./settings.ts";
import { installSignalHandlers, onServerClose } from "./shutdown.ts";
import { loadSiteFiles } from "./site-files.ts";
import { createStaticHandler } from "./static.ts";
import { openStore } from "./store.ts";

export { stopServer } from "./shutdown.ts";

export interface ServeOptions {
  /** The built site (dist/). */
  dir: string;
  /** 0: any free port. */
  port: number;
  host: string;
  /** Where settings come from; process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** Where log lines go; JSON lines on stdout by default. */
  log?: Logger;
  /** How the outbox backs off while the SMTP server is unreachable. */
  retry?: RetryPolicy;
  /** Finish requests in flight and exit on SIGTERM and SIGINT; true by default. */
  handleSignals?: boolean;
}

/**
 * The production server: the built site from memory (precompressed variants, caching and
 * security headers, the routing rules, real 404s) and the contact endpoint (rules, store, outbox).
 * Resolves once listening, after printing `Serving <dir>/ at http://<host>:<port>`.
 * Closing the returned server (or `stopServer`) also stops the outbox and closes the store.
 */
export async function startServer(options: ServeOptions): Promise<http.Server> {
  const { dir, port, host } = options;
  const log = options.log ?? createLogger();
  const root = path.resolve(dir);
  const manifest = await loadManifest(root);
  const settings = readSettings(options.env ?? process.env, manifest);
  const files = await loadSiteFiles(root, manifest.headers);
  if (!files.names.has("index.html")) throw new Error(`${dir}/ holds no built site; run \`site build\` first`);

  const store = openStore(settings.dataDir);
  const outbox = settings.smtp ? startOutbox({ store, smtp: settings.smtp, log, retry: options.retry }) : null;
  const outcomes = createOutcomeStore();
  const serveStatic = createStaticHandler({ files, headers: manifest.headers, outcomes });
  const handleContact = createEndpoint({ manifest, settings, store, limiter: createRateLimiter(), outcomes, log, stored: () => outbox?.kick() });
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

  onServerClose(server, async () => {
    await outbox?.stop();
    store.close();
    log.info("server.stopped");
    log.flush();
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    await outbox?.stop();
    store.close();
    throw new Error(`cannot listen on ${host}:${port}`, { cause: error });
  }
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  console.log(`Serving ${dir}/ at http://${host.includes(":") ? `[${host}]` : host}:${actual}`);

  log.info("server.started", {
    dir: root,
    files: files.names.size,
    kilobytes: Math.round(files.bytes / 1024),
    endpoint: manifest.endpoint,
    dataDir: settings.dataDir,
    trustProxy: settings.trustProxy,
  });
  if (!settings.recaptcha) log.warn("recaptcha.off", { note: "RECAPTCHA_SECRET is not set: the contact form's anti-bot check is off" });
  if (settings.smtp) log.info("smtp.on", { server: redactSmtpUrl(settings.smtp.url), to: settings.smtp.to });
  else log.warn("smtp.off", { note: "SMTP_URL is not set: messages wait in the store; list them with `site messages`" });
  if (options.handleSignals ?? true) installSignalHandlers(log);
  return server;
}
