import cluster from "node:cluster";
import { existsSync } from "node:fs";
import type http from "node:http";
import path from "node:path";
import { createLocalBackend } from "./backend.ts";
import { createSiteServer, listen, type Timeouts } from "./http-server.ts";
import { createLogger, type Logger } from "./log.ts";
import { incompleteMarker } from "../shared/manifest.ts";
import { loadManifest } from "./manifest.ts";
import { startOutbox, type RetryPolicy } from "./outbox.ts";
import { createOutcomeStore } from "./outcomes.ts";
import { createRateLimiter } from "./rate-limit.ts";
import { scheduleRetention } from "./retention.ts";
import { readSettings, redactSmtpUrl } from "./settings.ts";
import { installSignalHandlers, onServerClose, onServerStopping } from "./shutdown.ts";
import { loadSiteFiles } from "./site-files.ts";
import { startStore } from "./store-client.ts";
import { runWorker } from "./worker.ts";
import { startWorkers, type Workers } from "./workers.ts";
import { checkStoreWritable } from "./writable.ts";

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
  /** How long clients may take (src/server/http-server.ts has the defaults). */
  timeouts?: Timeouts;
}

/**
 * The production server: the built site from memory (precompressed variants, caching and
 * security headers, the routing rules, real 404s) and the contact endpoint (rules, store, outbox).
 * The store runs in a thread of its own (store-client.ts), so no page ever waits for the
 * database; messages older than the build's `retention.messages` are deleted at start-up and daily.
 * With SERVE_WORKERS above 1, further processes serve the same port and share this one's
 * endpoint state. Resolves once listening, after logging `server.started` with its URL (and
 * printing `Serving <dir>/ at <url>` on stderr, for people).
 * Closing the returned server (or `stopServer`) also stops the workers and the outbox and closes
 * the store.
 */
export async function startServer(options: ServeOptions): Promise<http.Server> {
  if (cluster.isWorker) return runWorker(options);
  const { dir, port, host } = options;
  const env = options.env ?? process.env;
  const log = options.log ?? createLogger();
  const root = path.resolve(dir);
  const manifest = await loadManifest(root);
  const settings = readSettings(env, manifest);
  const files = await loadSiteFiles(root, manifest.headers);
  if (!files.names.has("index.html")) throw new Error(`${dir}/ holds no built site; run \`site build\` first`);

  checkStoreWritable(settings.dataDir);
  const store = await startStore({ dataDir: settings.dataDir, log }).catch((error: unknown) => {
    throw new Error(`cannot open the message store in ${settings.dataDir}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  });
  const retention = scheduleRetention({ store, period: manifest.retention.messages, log });
  const outbox = settings.smtp ? startOutbox({ store, smtp: settings.smtp, log, retry: options.retry }) : null;
  const backend = createLocalBackend({ store, limiter: createRateLimiter(), outcomes: createOutcomeStore(), outbox });
  const server = createSiteServer({ manifest, settings, files, backend, log, timeouts: options.timeouts });
  let workers: Workers | null = null;
  const release = async () => {
    retention.stop();
    await workers?.stop();
    await outbox?.stop();
    await store.close();
  };
  onServerStopping(server, () => void workers?.stop());
  onServerClose(server, async () => {
    await release();
    log.info("server.stopped");
    log.flush();
  });

  let actual: number;
  try {
    actual = await listen(server, port, host, settings.workers > 1);
    if (settings.workers > 1)
      workers = await startWorkers({ count: settings.workers - 1, dir: root, port: actual, host, env, backend, log, captureLogs: options.log !== undefined });
  } catch (error) {
    server.close();
    await release();
    throw new Error(`cannot listen on ${host}:${port}`, { cause: error });
  }
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${actual}`;
  // stdout carries JSON lines only; the line for people goes to stderr.
  console.error(`Serving ${dir}/ at ${url}`);

  log.info("server.started", {
    url,
    dir: root,
    files: files.names.size,
    kilobytes: Math.round(files.bytes / 1024),
    endpoint: manifest.endpoint,
    dataDir: settings.dataDir,
    retention: manifest.retention.messages,
    trustProxy: settings.trustProxy,
    processes: settings.workers,
    maxConnections: settings.maxConnections,
  });
  // Served all the same: most of it is right, and a site that refused to start would be down until someone built it.
  if (existsSync(path.join(root, incompleteMarker)))
    log.warn("site.incomplete", {
      note: `${dir}/ is incomplete: a build was killed while moving its files in, and some are from the build before it; run \`site build\` (npm start does it first)`,
    });
  if (!settings.recaptcha) log.warn("recaptcha.off", { note: "RECAPTCHA_SECRET is not set: the contact form's anti-bot check is off" });
  if (settings.smtp) log.info("smtp.on", { server: redactSmtpUrl(settings.smtp.url), to: settings.smtp.to });
  else log.warn("smtp.off", { note: "SMTP_URL is not set: messages wait in the store; list them with `site messages`" });
  if (options.handleSignals ?? true) installSignalHandlers(log);
  return server;
}
