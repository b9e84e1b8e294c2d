import { readFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildSite, rawRequest, serve, tempDir, waitFor, type RunningServer } from "./helpers.ts";

let work: Awaited<ReturnType<typeof tempDir>>;
let site: RunningServer;
let securityHeaders: Record<string, string>;

beforeAll(async () => {
  work = await tempDir("request-logs");
  const dist = path.join(work.dir, "dist");
  await buildSite(dist);
  securityHeaders = (JSON.parse(await readFile(path.join(dist, "site.json"), "utf8")) as { headers: Record<string, string> }).headers;
  // Short timeouts, so that a client too slow for them shows within a test.
  site = await serve(dist, { SITE_DATA_DIR: path.join(work.dir, "data") }, { timeouts: { headersMs: 400, requestMs: 800, keepAliveMs: 5000 } });
});

afterAll(async () => {
  await site?.stop();
  await work?.remove();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expectSecurityHeaders(raw: string) {
  for (const [name, value] of Object.entries(securityHeaders)) expect(raw, name).toContain(`\r\n${name}: ${value}\r\n`);
}

/** Opens a connection, writes `bytes`, and leaves it open until `close` is called. */
function openConnection(bytes: string) {
  const socket = net.connect(site.port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  socket.write(bytes);
  return { received: () => received, closed, destroy: () => socket.destroy() };
}

describe("every log line names the client", () => {
  test("a request without Host gets the server's own 400, with the security headers, and a log line", async () => {
    const page = await rawRequest(site.port, "GET /en HTTP/1.1\r\nConnection: close\r\n\r\n");
    expect(page).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expectSecurityHeaders(page);
    expect(page.endsWith("\r\n\r\nBad request\n")).toBe(true);
    const endpoint = await rawRequest(site.port, "POST /send-mail.php HTTP/1.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    expect(endpoint).toMatch(/^HTTP\/1\.1 400 /);
    expect(endpoint).toContain('{"success":false,"error":"');
    await waitFor(() => site.log.lines.filter((line) => line.event === "request" && line.status === 400).length === 2, 2000, "two log lines");
    expect(site.log.lines.filter((line) => line.event === "request" && line.status === 400)).toMatchObject([
      { method: "GET", path: "/en", ip: "127.0.0.1" },
      { method: "POST", path: "/send-mail.php", ip: "127.0.0.1" },
    ]);
    // HTTP/1.0 may leave Host out.
    expect(await rawRequest(site.port, "GET /en HTTP/1.0\r\n\r\n")).toMatch(/^HTTP\/1\.1 200 /);
  });

  test("a client that goes away mid-request: status 499, with its address", async () => {
    const connection = openConnection(
      "POST /send-mail.php HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nname=",
    );
    await sleep(100);
    connection.destroy();
    await waitFor(() => site.log.lines.some((line) => line.event === "request" && line.status === 499), 2000, "the aborted request's line");
    expect(site.log.lines.find((line) => line.event === "request" && line.status === 499)).toMatchObject({ path: "/send-mail.php", ip: "127.0.0.1" });
  });

  test("headers too slow: 408 with the security headers, and a line with the client's address", async () => {
    const connection = openConnection("GET /en HTTP/1.1\r\nHost: x\r\n");
    await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expectSecurityHeaders(connection.received());
    expect(site.log.lines.filter((line) => line.event === "request.timeout")).toEqual([
      { level: "info", event: "request.timeout", status: 408, ip: "127.0.0.1" },
    ]);
  });

  test("a body too slow: the request's line says 499, with the client's address", async () => {
    const before = site.log.lines.length;
    const connection = openConnection(
      "POST /send-mail.php HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nname=",
    );
    await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    await waitFor(() => site.log.lines.slice(before).some((line) => line.event === "request"), 2000, "the request's line");
    expect(site.log.lines.slice(before).find((line) => line.event === "request")).toMatchObject({ path: "/send-mail.php", status: 499, ip: "127.0.0.1" });
    expect(site.log.lines.slice(before).find((line) => line.event === "request.timeout")).toMatchObject({ ip: "127.0.0.1" });
  });

  test("malformed requests are logged with the client's address", async () => {
    expect(await rawRequest(site.port, "GET /en HTTP/1.1\r\nHost: x\r\nX-Bad\0Header: 1\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);
    await waitFor(() => site.log.lines.some((line) => line.event === "request.malformed"), 2000, "the malformed request's line");
    expect(site.log.lines.find((line) => line.event === "request.malformed")).toMatchObject({ status: 400, ip: "127.0.0.1" });
  });
});
