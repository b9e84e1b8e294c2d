import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { SMTPServer } from "smtp-server";
import { build } from "../../src/generator/build.ts";
import type { LogFields, Logger } from "../../src/server/log.ts";
import { startServer, stopServer, type ServeOptions } from "../../src/server/serve.ts";
import { repoRoot } from "../support/servers.ts";

export const siteKey = "6LeTestSiteKeyForServerTestsOnly000000000";
export const secret = "test-secret";

/** A temporary folder, removed by the returned cleanup. */
export async function tempDir(prefix: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `site-${prefix}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Builds the real site into `outDir`; `recaptcha` adds a site key, as a production build has. */
export async function buildSite(outDir: string, { recaptcha = false } = {}): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, GA_MEASUREMENT_ID: "", RECAPTCHA_SITE_KEY: recaptcha ? siteKey : "" };
  delete env.CONTACT_ENDPOINT;
  delete env.SITE_ORIGIN;
  await build({ root: repoRoot, outDir, env, warn: () => {} });
}

/** A logger that keeps its lines for assertions. */
export function memoryLogger(): Logger & { lines: ({ level: string; event: string } & LogFields)[] } {
  const lines: ({ level: string; event: string } & LogFields)[] = [];
  const line = (level: string) => (event: string, fields?: LogFields) => void lines.push({ level, event, ...fields });
  return { lines, info: line("info"), warn: line("warn"), error: line("error"), flush() {} };
}

export interface RunningServer {
  url: string;
  port: number;
  server: http.Server;
  log: ReturnType<typeof memoryLogger>;
  stop: () => Promise<void>;
}

/** `site serve` in this process on an ephemeral loopback port, with its own environment. */
export async function serve(dir: string, env: NodeJS.ProcessEnv, options: Partial<ServeOptions> = {}): Promise<RunningServer> {
  const log = memoryLogger();
  const original = console.error;
  console.error = () => {}; // the "Serving …" line
  let server: http.Server;
  try {
    server = await startServer({ dir, port: 0, host: "127.0.0.1", env, log, handleSignals: false, retry: { firstDelayMs: 50, maxDelayMs: 300 }, ...options });
  } finally {
    console.error = original;
  }
  const port = (server.address() as net.AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, port, server, log, stop: () => stopServer(server, 2000) };
}

/** Posts an urlencoded body the way the page's script does (Accept: application/json). */
export async function postForm(
  url: string,
  fields: Record<string, string> | string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: { success: boolean; error?: string }; headers: Headers }> {
  const body = typeof fields === "string" ? fields : new URLSearchParams(fields).toString();
  const response = await fetch(`${url}/send-mail.php`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", ...headers },
    body,
  });
  return { status: response.status, json: (await response.json()) as { success: boolean; error?: string }, headers: response.headers };
}

/** A valid message, with a marker to find it again; fields in the form's own order (lang first). */
export function validMessage(marker: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    lang: "en",
    name: `Maria ${marker}`,
    phone: "+30 690 000 0001",
    email: "maria@example.com",
    message: `Locked out, ${marker}`,
    honey: "",
    "g-recaptcha-response": "",
    ...extra,
  };
}

/** Sends raw bytes on a new connection and returns what came back once the server closed it or went quiet. */
export function rawRequest(port: number, request: string | Buffer, quietMs = 300): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(received);
    };
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      clearTimeout(timer);
      timer = setTimeout(finish, quietMs);
    });
    socket.on("end", finish);
    socket.on("error", (error) => (received ? finish() : reject(error)));
    socket.write(request);
    timer = setTimeout(finish, quietMs * 5);
  });
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback (no TLS, no auth) that keeps what it accepts. With `hang`, it
 * takes the data of every message but never answers, as a server stalling mid-delivery does;
 * `refuseIf` rejects a message with 554 after its data; `beforeAccept` runs (and is awaited)
 * once a message's data is in, just before the server says it accepted it.
 */
export async function startSmtp({
  port = 0,
  hang = false,
  refuseIf = (() => false) as (raw: string) => boolean,
  beforeAccept = (() => {}) as (raw: string) => void | Promise<void>,
} = {}): Promise<{
  port: number;
  url: string;
  mails: ReceivedMail[];
  inFlight: () => number;
  close: () => Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  let inFlight = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (hang) {
          inFlight++;
          return;
        }
        const envelope = session.envelope;
        if (refuseIf(Buffer.concat(chunks).toString("utf8"))) {
          const error = new Error("Message rejected as spam") as Error & { responseCode: number };
          error.responseCode = 554;
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        void Promise.resolve(beforeAccept(raw)).then(() => {
          mails.push({ from: envelope.mailFrom ? envelope.mailFrom.address : "", to: envelope.rcptTo.map((rcpt) => rcpt.address), raw });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.server.address() as net.AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    mails,
    inFlight: () => inFlight,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (for a moment): where an SMTP server or siteverify is "down". */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A local stand-in for Google's siteverify: accepts the token "test-token" for our secret,
 * solved on 127.0.0.1; "other-host-token" was solved on another site; "slow-token" is
 * answered after `slowMs`. Keeps every request's form.
 */
export async function startSiteverify({ slowMs = 6000 } = {}): Promise<{ url: string; requests: URLSearchParams[]; close: () => Promise<void> }> {
  const requests: URLSearchParams[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const form = new URLSearchParams(body);
      requests.push(form);
      const token = form.get("response");
      const answer = (json: object) => response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(json));
      if (form.get("secret") !== secret) return answer({ success: false, "error-codes": ["invalid-input-secret"] });
      if (token === "test-token") return answer({ success: true, hostname: "127.0.0.1", challenge_ts: new Date().toISOString() });
      if (token === "other-host-token") return answer({ success: true, hostname: "evil.example", challenge_ts: new Date().toISOString() });
      if (token === "slow-token") return void setTimeout(() => answer({ success: true, hostname: "127.0.0.1" }), slowMs);
      if (token === "garbled-token") return void response.writeHead(200, { "Content-Type": "text/html" }).end("<html>oops</html>");
      return answer({ success: false, "error-codes": ["invalid-input-response"] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` until it is true or `timeoutMs` passes. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The header block of a raw e-mail, unfolded, as [name, value] pairs. */
export function mailHeaders(raw: string): [string, string][] {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return head.split(/\r?\n/).map((line) => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
  });
}

/**
 * Another program holding the store's write lock, as `sqlite3 messages.db` → `BEGIN EXCLUSIVE;`
 * does: a second, real SQLite connection to the same file. `release` ends its transaction.
 */
export function holdStoreLock(dataDir: string): { release: () => void } {
  const db = new DatabaseSync(path.join(dataDir, "messages.db"));
  db.exec("PRAGMA busy_timeout = 10000; BEGIN EXCLUSIVE;");
  // A write inside the transaction, so the lock is the writer's lock whatever the journal mode.
  db.exec("CREATE TABLE IF NOT EXISTS lock_probe (x); INSERT INTO lock_probe VALUES (1);");
  return {
    release: () => {
      db.exec("ROLLBACK");
      db.close();
    },
  };
}

/** A GET timed from request to last byte, in milliseconds. */
export async function timedGet(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}
