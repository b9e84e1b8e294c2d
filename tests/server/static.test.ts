import { mkdir, readFile, readdir, symlink, writeFile } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildSite, rawRequest, serve, tempDir, type RunningServer } from "./helpers.ts";
import { startServer } from "../../src/server/serve.ts";

let work: Awaited<ReturnType<typeof tempDir>>;
let dist: string;
let site: RunningServer;
let manifestHeaders: Record<string, string>;
let script: string;
const secretMarker = "SECRET-OUTSIDE-DIST-7f3a";

beforeAll(async () => {
  work = await tempDir("static");
  dist = path.join(work.dir, "dist");
  await buildSite(dist);
  // Files outside dist/ that traversal attempts aim at, and links inside dist/ that point out.
  await writeFile(path.join(work.dir, "secret.txt"), secretMarker);
  await mkdir(path.join(work.dir, "outside"));
  await writeFile(path.join(work.dir, "outside", "file.txt"), secretMarker);
  await symlink(path.join(work.dir, "secret.txt"), path.join(dist, "leak.txt"));
  await symlink(path.join(work.dir, "outside"), path.join(dist, "outside-dir"));
  await symlink("/etc/passwd", path.join(dist, "passwd.txt"));
  await writeFile(path.join(dist, ".env"), secretMarker);
  // What public/.well-known/ publishes, beside hidden files that must stay hidden.
  await mkdir(path.join(dist, ".well-known"));
  await writeFile(path.join(dist, ".well-known", "security.txt"), "Contact: mailto:security@example.gr\n");
  await writeFile(path.join(dist, ".well-known", ".secret"), secretMarker);
  await mkdir(path.join(dist, ".hidden"));
  await writeFile(path.join(dist, ".hidden", "file.txt"), secretMarker);
  manifestHeaders = (JSON.parse(await readFile(path.join(dist, "site.json"), "utf8")) as { headers: Record<string, string> }).headers;
  script = (await readdir(path.join(dist, "assets"))).find((name) => name.endsWith(".js") && !/\.(br|gz)$/.test(name))!;
  site = await serve(dist, { SITE_DATA_DIR: path.join(work.dir, "data") });
});

afterAll(async () => {
  await site?.stop();
  await work?.remove();
});

/** A request with node:http, which (unlike fetch) hands over the bytes as sent, still compressed. */
const get = (pathname: string, headers: Record<string, string> = {}, method = "GET") =>
  new Promise<{ response: { status: number; headers: Headers }; body: Buffer }>((resolve, reject) => {
    const request = http.request(`${site.url}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const list = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) list.set(name, Array.isArray(value) ? value.join(", ") : value);
        resolve({ response: { status: response.statusCode!, headers: list }, body: Buffer.concat(chunks) });
      });
    });
    request.on("error", reject);
    request.end();
  });

function expectSecurityHeaders(headers: Headers) {
  for (const [name, value] of Object.entries(manifestHeaders)) expect(headers.get(name), name).toBe(value);
}

describe("pages and files", () => {
  test("a page is sent precompressed as brotli, gzip or plain, whichever the browser accepts", async () => {
    const plain = await readFile(path.join(dist, "en/prices.html"));
    const br = await get("/en/prices", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.response.status).toBe(200);
    expect(br.response.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
    const gzip = await get("/en/prices", { "Accept-Encoding": "gzip, br;q=0" });
    expect(gzip.response.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain)).toBe(true);
    const identity = await get("/en/prices", { "Accept-Encoding": "identity" });
    expect(identity.response.headers.get("content-encoding")).toBeNull();
    expect(identity.body.equals(plain)).toBe(true);
    for (const { response } of [br, gzip, identity]) {
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expectSecurityHeaders(response.headers);
    }
  });

  test("fingerprinted assets are cached for a year, immutable; other files for an hour", async () => {
    const asset = await get(`/assets/${script}`);
    expect(asset.response.status).toBe(200);
    expect(asset.response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const robots = await get("/robots.txt");
    expect(robots.response.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  test("a matching If-None-Match gets 304 with no body; HEAD gets the headers only", async () => {
    const first = await get("/de/about", { "Accept-Encoding": "br" });
    const etag = first.response.headers.get("etag")!;
    const again = await get("/de/about", { "Accept-Encoding": "br", "If-None-Match": etag });
    expect(again.response.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.response.headers.get("etag")).toBe(etag);
    expectSecurityHeaders(again.response.headers);
    const head = await get("/de/about", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.response.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.response.headers.get("content-length")).toBe(first.response.headers.get("content-length"));
  });

  test("other methods on pages get 405 with Allow", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const { response } = await get("/en/prices", {}, method);
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      expectSecurityHeaders(response.headers);
    }
  });

  test("the server's own files and the compressed copies are not served as such", async () => {
    for (const pathname of ["/site.json", "/_headers", "/_redirects"]) expect((await get(pathname)).response.status, pathname).toBe(302);
    expect((await get("/en/prices.html.br")).response.status).toBe(404);
    expect((await get("/en/prices.html")).response.status).toBe(404);
  });

  test("a body sent to a page with another method is not read: the 405 closes the connection", async () => {
    const socket = net.connect(site.port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    const closed = new Promise<boolean>((resolve) => {
      socket.on("close", () => resolve(true));
      setTimeout(() => resolve(false), 3000);
    });
    socket.on("error", () => {});
    socket.write(`POST /en/prices HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000000\r\n\r\n${"x".repeat(1000)}`);
    expect(await closed).toBe(true);
    socket.destroy();
    expect(received).toMatch(/^HTTP\/1\.1 405 /);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
  });

  test("a proxy's absolute form is served as its path; CONNECT gets 405; two Host lines get 400", async () => {
    const absolute = await rawRequest(site.port, "GET http://evil.example/en/prices HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n");
    expect(absolute).toMatch(/^HTTP\/1\.1 200 /);
    expect(absolute).toContain('<link rel="canonical"');
    const connect = await rawRequest(site.port, "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n");
    expect(connect).toMatch(/^HTTP\/1\.1 405 /);
    expect(connect).toMatch(/\r\nAllow: GET, HEAD\r\n/);
    for (const [name, value] of Object.entries(manifestHeaders)) expect(connect, name).toContain(`${name}: ${value}\r\n`);
    const twoHosts = await rawRequest(site.port, "GET /en/prices HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n");
    expect(twoHosts).toMatch(/^HTTP\/1\.1 400 /);
    // The server still serves.
    expect((await get("/en/prices")).response.status).toBe(200);
  });

  test("files in .well-known/ are served, as the hosts serve them; other hidden files are not", async () => {
    const security = await get("/.well-known/security.txt");
    expect(security.response.status).toBe(200);
    expect(security.body.toString()).toBe("Contact: mailto:security@example.gr\n");
    expect(security.response.headers.get("content-type")).toMatch(/^text\/plain/);
    expectSecurityHeaders(security.response.headers);
    for (const pathname of ["/.well-known/.secret", "/.hidden/file.txt", "/.env"]) {
      const { response, body } = await get(pathname);
      expect(response.status, pathname).not.toBe(200);
      expect(body.toString(), pathname).not.toContain(secretMarker);
    }
  });
});

describe("routing", () => {
  test("the root page, the slash and unknown-language redirects, and real 404s", async () => {
    const root = await get("/");
    expect(root.response.status).toBe(200);
    expect(root.body.toString()).toContain("/gr");
    const slash = await get("/en/prices/?a=1");
    expect([slash.response.status, slash.response.headers.get("location")]).toEqual([301, "/en/prices?a=1"]);
    const unknown = await get("/xx/prices");
    expect([unknown.response.status, unknown.response.headers.get("location")]).toEqual([302, "/gr"]);
    const missing = await get("/fr/no-such-page", { "Accept-Encoding": "identity" });
    expect(missing.response.status).toBe(404);
    expect(missing.body.toString()).toContain('<html lang="fr"');
    expect(missing.response.headers.get("cache-control")).toBe("no-cache");
    for (const { response } of [root, slash, unknown, missing]) expectSecurityHeaders(response.headers);
  });

  test("a doubled slash never redirects to another host", async () => {
    const { response } = await get("//evil.example/");
    expect(response.headers.get("location")).toBe("/evil.example");
    const raw = await rawRequest(site.port, "GET //evil.example/%2F HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(raw).not.toMatch(/^Location: \/\//im);
  });

  test("the CSP allows no inline script but by hash, and forbids framing", () => {
    const csp = manifestHeaders["Content-Security-Policy"]!;
    const scriptSrc = csp.split(";").find((part) => part.trim().startsWith("script-src"))!;
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(manifestHeaders["Strict-Transport-Security"]).toBeTruthy();
  });
});

describe("no file outside dist/", () => {
  const attempts = [
    "/../secret.txt",
    "/..%2fsecret.txt",
    "/%2e%2e/secret.txt",
    "/%2e%2e%2fsecret.txt",
    "/%2E%2E%2Fsecret.txt",
    "/gr/../../secret.txt",
    "/gr/%2e%2e/%2e%2e/secret.txt",
    "/gr%2f..%2f..%2fsecret.txt",
    "/..%5csecret.txt",
    "/gr\\..\\..\\secret.txt",
    "/%5c..%5c..%5csecret.txt",
    "/..%255c..%255csecret.txt",
    "/%252e%252e/secret.txt",
    "/.%2e/secret.txt",
    "/%c0%ae%c0%ae/secret.txt",
    "/%c0%af../secret.txt",
    "/..%c0%afsecret.txt",
    "/secret.txt%00.html",
    "/gr/prices%00../../secret.txt",
    "/leak.txt",
    "/outside-dir/file.txt",
    "/passwd.txt",
    "/.env",
    "/../../../../../../etc/passwd",
    "/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/%2fetc%2fpasswd",
    "//etc/passwd",
    "/assets/../../secret.txt",
    "/assets/..;/..;/secret.txt",
  ];
  test.each(attempts)("%s", async (attempt) => {
    const raw = await rawRequest(site.port, `GET ${attempt} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);
    expect([400, 301, 302, 404], raw.slice(0, 200)).toContain(status);
    expect(raw).not.toContain(secretMarker);
    expect(raw).not.toContain("root:x:0:0");
  });

  test("oversized headers get 431", async () => {
    const raw = await rawRequest(site.port, `GET /en HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(raw).toMatch(/^HTTP\/1\.1 431/);
  });

  test("a NUL byte in the request line is refused", async () => {
    const raw = await rawRequest(site.port, Buffer.from("GET /gr\0/../secret.txt HTTP/1.1\r\nHost: x\r\n\r\n", "latin1"));
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
  });
});

describe("logs and start-up", () => {
  test("every request is one structured log line", async () => {
    await get("/en/about");
    const line = site.log.lines.findLast((entry) => entry.event === "request" && entry.path === "/en/about");
    expect(line).toMatchObject({ level: "info", method: "GET", status: 200, ip: "127.0.0.1" });
    expect(typeof line!.ms).toBe("number");
    expect(line!.bytes).toBeGreaterThan(1000);
  });

  test("without a reCAPTCHA secret the server says once at start-up that the check is off", () => {
    expect(site.log.lines.filter((entry) => entry.event === "recaptcha.off")).toEqual([
      { level: "warn", event: "recaptcha.off", note: "RECAPTCHA_SECRET is not set: the contact form's anti-bot check is off" },
    ]);
  });

  test("a secret for a site built without a site key, or SMTP without a recipient, stops the start with what to do", async () => {
    await expect(
      startServer({
        dir: dist,
        port: 0,
        host: "127.0.0.1",
        env: { SITE_DATA_DIR: path.join(work.dir, "data2"), RECAPTCHA_SECRET: "x", SMTP_URL: "smtp://127.0.0.1:1", TRUST_PROXY: "maybe" },
        handleSignals: false,
      }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [Error: the server's environment has 3 problems:
        RECAPTCHA_SECRET is set but the site was built without a reCAPTCHA site key, so every message would be refused; build with RECAPTCHA_SITE_KEY or unset RECAPTCHA_SECRET
        TRUST_PROXY must be a number of proxies (1 for nginx in front) or true/false, not "maybe"
        SMTP_URL is set but MAIL_TO is empty; set MAIL_TO to the address that receives the contact messages]
    `);
  });

  test("an SMTP_URL that is not a URL (a raw # or ? in the password) is named, with what to encode, and never printed", async () => {
    const start = startServer({
      dir: dist,
      port: 0,
      host: "127.0.0.1",
      env: { SITE_DATA_DIR: path.join(work.dir, "data3"), SMTP_URL: "smtp://site%40example.gr:Pa#ss?w0rd@127.0.0.1:25", MAIL_TO: "owner@example.gr" },
      handleSignals: false,
    });
    await expect(start).rejects.toThrowErrorMatchingInlineSnapshot(`
      [Error: the server's environment has 1 problem:
        SMTP_URL is not a valid URL: percent-encode these characters in the user name and password: @ as %40, : as %3A, / as %2F, # as %23, ? as %3F and % as %25]
    `);
  });

  test("a folder without a build is refused with what to do", async () => {
    await expect(startServer({ dir: path.join(work.dir, "outside"), port: 0, host: "127.0.0.1", env: {}, handleSignals: false })).rejects.toThrow(
      /site\.json is missing or unreadable; run `site build` first/,
    );
  });
});

test("keep-alive clients are served one request after another on one connection", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const fetchOne = () =>
    new Promise<number>((resolve, reject) =>
      http
        .get(`${site.url}/en`, { agent }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode!));
        })
        .on("error", reject),
    );
  expect(await Promise.all([fetchOne(), fetchOne(), fetchOne()])).toEqual([200, 200, 200]);
  agent.destroy();
});

test("past SITE_MAX_CONNECTIONS a new connection is closed as it opens, said once, and the site is served again when they go", async () => {
  const capped = await serve(dist, { SITE_DATA_DIR: path.join(work.dir, "data-capped"), SITE_MAX_CONNECTIONS: "10" });
  const idle: net.Socket[] = [];
  try {
    // Ten idle connections, each accepted (the server has counted it) before the next.
    for (let index = 0; index < 10; index++) {
      const socket = net.connect(capped.port, "127.0.0.1");
      socket.on("error", () => {});
      await new Promise((resolve) => socket.once("connect", resolve));
      idle.push(socket);
    }
    await new Promise<void>((resolve, reject) =>
      capped.server.getConnections((error, count) => (error ? reject(error) : count === 10 ? resolve() : reject(new Error(`${count} open`)))),
    );
    // The eleventh and twelfth: accepted by the kernel, closed by the server without an answer.
    const refused = async () => {
      const socket = net.connect(capped.port, "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
      socket.on("error", () => {});
      socket.on("connect", () => socket.write("GET /en HTTP/1.1\r\nHost: x\r\n\r\n"));
      await new Promise((resolve) => socket.once("close", resolve));
      return answer;
    };
    expect(await refused()).toBe("");
    expect(await refused()).toBe("");
    const said = capped.log.lines.filter((line) => line.event === "connections.full");
    expect(said).toEqual([{ level: "warn", event: "connections.full", limit: 10, closed: 1, ip: "127.0.0.1" }]);
    for (const socket of idle) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await fetch(`${capped.url}/en`)).status).toBe(200);
  } finally {
    for (const socket of idle) socket.destroy();
    await capped.stop();
  }
});

test("SITE_MAX_CONNECTIONS that is not a number of connections stops the server at start, named", async () => {
  await expect(
    startServer({
      dir: dist,
      port: 0,
      host: "127.0.0.1",
      env: { SITE_DATA_DIR: path.join(work.dir, "data-capped2"), SITE_MAX_CONNECTIONS: "lots" },
      handleSignals: false,
    }),
  ).rejects.toThrow(`SITE_MAX_CONNECTIONS must be a number of connections (10 or more), not "lots"`);
});
