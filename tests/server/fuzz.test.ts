import { readFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildSite, rawRequest, secret, serve, startSiteverify, tempDir, type RunningServer } from "./helpers.ts";

let work: Awaited<ReturnType<typeof tempDir>>;
let site: RunningServer;
let verify: Awaited<ReturnType<typeof startSiteverify>>;
let knownTexts: Set<string>;

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 32));
const count = Number(process.env.FUZZ_COUNT ?? 3000);

beforeAll(async () => {
  work = await tempDir("fuzz");
  const dist = path.join(work.dir, "dist");
  await buildSite(dist, { recaptcha: true });
  verify = await startSiteverify({ slowMs: 10 });
  site = await serve(dist, {
    SITE_DATA_DIR: path.join(work.dir, "data"),
    TRUST_PROXY: "1",
    RECAPTCHA_SECRET: secret,
    RECAPTCHA_VERIFY_URL: verify.url,
    RECAPTCHA_HOSTNAMES: "127.0.0.1",
  });
  const manifest = JSON.parse(await readFile(path.join(dist, "site.json"), "utf8")) as { messages: Record<string, Record<string, string>> };
  knownTexts = new Set(Object.values(manifest.messages).flatMap((texts) => Object.values(texts)));
});

afterAll(async () => {
  await site?.stop();
  await verify?.close();
  await work?.remove();
});

/** mulberry32: a small seeded generator, so a failing run can be replayed with FUZZ_SEED. */
function createRandom(state: number) {
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}

const hostile = [
  "",
  " ",
  "Maria",
  "+30 690 000 0000",
  "maria@example.com",
  "test-token",
  "bad-token",
  "other-host-token",
  "el",
  "en",
  "xx",
  "\r\nBcc: victim@evil.example",
  "\0",
  "%",
  "%%",
  "%0",
  "%zz",
  "%00",
  "%0d%0a",
  "%C3%28",
  "%ED%A0%80",
  "%F4%90%80%80",
  "%EF%BB%BF",
  "+",
  "&",
  "=",
  "==",
  "'; DROP TABLE messages; --",
  "<script>alert(1)</script>",
  "</textarea><img src=x onerror=alert(1)>",
  "../../../../etc/passwd",
  "{{7*7}}",
  "${process.exit()}",
  "__proto__",
  "constructor",
  "😀".repeat(50),
  "Ελληνικά κείμενα",
  "\u202eevil",
  "\u2028",
  "a".repeat(101),
  "b".repeat(5001),
  "=?utf-8?b?QmNjOiB4QHk=?=",
];
const fieldNames = ["name", "phone", "email", "message", "honey", "g-recaptcha-response", "lang", "__proto__", "constructor", "", "name[]", "NAME", "x"];
const contentTypes = [
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=UTF-8",
  "application/x-www-form-urlencoded; charset=utf-16",
  "APPLICATION/X-WWW-FORM-URLENCODED",
  "multipart/form-data; boundary=----x",
  "application/json",
  "text/plain",
  "",
];
const accepts = ["application/json", "application/json, text/plain, */*", "*/*", "", "text/html, application/json"];

function makeBody(random: ReturnType<typeof createRandom>): Buffer {
  switch (random.int(7)) {
    case 0: // random bytes
      return Buffer.from(Array.from({ length: random.int(2000) }, () => random.int(256)));
    case 1: // fields from the hostile list, encoded or raw
      return Buffer.from(
        Array.from({ length: random.int(12) }, () => {
          const name = random.pick(fieldNames);
          const value = random.pick(hostile);
          return random.next() < 0.5 ? `${encodeURIComponent(name)}=${encodeURIComponent(value)}` : `${name}=${value}`;
        }).join(random.pick(["&", "&", "&&", ";"])),
      );
    case 2: {
      // a plausible message with one mutation
      const form = new URLSearchParams({
        lang: random.pick(["el", "en", "de", "fr", "ru", "zz"]),
        name: random.pick(hostile),
        phone: random.pick(hostile),
        email: random.pick(hostile),
        message: random.pick(hostile),
        honey: random.next() < 0.1 ? "x" : "",
        "g-recaptcha-response": random.pick(["test-token", "bad-token", "", "other-host-token"]),
      }).toString();
      const at = random.int(form.length + 1);
      return Buffer.from(form.slice(0, at) + random.pick(["", "%", "&", "=", "\0", "%FF", String.fromCharCode(random.int(256))]) + form.slice(at));
    }
    case 3: // around and far beyond the size limit
      return Buffer.from(`name=${"n".repeat(random.pick([16 * 1024 - 5, 16 * 1024 - 4, 16 * 1024, 20_000, 100_000, random.int(900_000)]))}`);
    case 4: // many fields, repeated fields
      return Buffer.from(Array.from({ length: random.int(300) }, () => `${random.pick(fieldNames)}=${random.int(10)}`).join("&"));
    case 5: // percent-encoded random bytes in every field
      return Buffer.from(
        ["name", "phone", "message", "email"]
          .map((name) => `${name}=${Array.from({ length: random.int(40) }, () => `%${random.int(256).toString(16).padStart(2, "0")}`).join("")}`)
          .join("&"),
      );
    default: // a valid message
      return Buffer.from(
        new URLSearchParams({
          lang: "en",
          name: "Fuzz",
          phone: "1",
          email: "",
          message: `m${random.int(1e6)}`,
          honey: "",
          "g-recaptcha-response": "test-token",
        }).toString(),
      );
  }
}

test(`${count} random and hostile bodies: no 5xx, no crash, always valid JSON (seed ${seed})`, async () => {
  const random = createRandom(seed);
  const problems: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const body = makeBody(random);
      const headers: Record<string, string> = {
        "X-Forwarded-For":
          random.next() < 0.9
            ? `10.${random.int(256)}.${random.int(256)}.${random.int(256)}`
            : random.pick(["garbage", "", "::1", "1.2.3.4, nonsense", "[::1]:80"]),
      };
      const type = random.pick(contentTypes);
      if (type) headers["Content-Type"] = type;
      const accept = random.pick(accepts);
      if (accept) headers.Accept = accept;
      if (random.next() < 0.2) headers.Referer = random.pick(["http://x/de/contact", "not a url", "http://x/ru", "/fr/contact", "http://[::1"]);
      let status = 0;
      let text = "";
      try {
        const response = await fetch(`${site.url}/send-mail.php`, { method: "POST", headers, body: new Uint8Array(body) });
        status = response.status;
        text = await response.text();
        const json = JSON.parse(text) as { success?: unknown; error?: unknown };
        const valid =
          typeof json.success === "boolean" && (json.success ? json.error === undefined : typeof json.error === "string" && knownTexts.has(json.error));
        if (status >= 500 || !valid || !response.headers.get("content-type")?.startsWith("application/json"))
          problems.push(`#${index}: ${status} ${text.slice(0, 120)}`);
      } catch (error) {
        problems.push(`#${index}: ${status} ${error instanceof Error ? error.message : String(error)} ${text.slice(0, 80)}`);
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 12 }, worker));
  expect(problems, `seed ${seed}`).toEqual([]);
  // The corpus reaches every rule: success, malformed, oversized, wrong type, fields, reCAPTCHA, rate limit.
  for (const status of [200, 400, 403, 413, 415, 422]) expect(statuses.get(status), `status ${status} (seed ${seed})`).toBeGreaterThan(0);
  expect(site.log.lines.filter((line) => line.event === "request.failed")).toEqual([]);
  expect((await fetch(`${site.url}/en`)).status).toBe(200);
}, 60_000);

test("malformed HTTP at the endpoint gets 400 and the server keeps serving", async () => {
  const requests = [
    "POST /send-mail.php HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\nzz\r\nname=a\r\n0\r\n\r\n",
    "POST /send-mail.php HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nname=a",
    "POST /send-mail.php HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
    "POST /send-mail.php HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
    "POST /send-mail.php HTTP/1.1\r\nHost: x\r\nX-Bad\0Header: 1\r\n\r\n",
    "POST /send-mail.php HTTP/9.9\r\n\r\n",
    "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",
  ];
  for (const request of requests) {
    const answer = await rawRequest(site.port, Buffer.from(request, "latin1"), 150);
    expect(answer, JSON.stringify(request)).toMatch(/^HTTP\/1\.1 4\d\d/);
  }
  const chunked = await rawRequest(
    site.port,
    "POST /send-mail.php HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nTransfer-Encoding: chunked\r\nContent-Type: application/x-www-form-urlencoded\r\nConnection: close\r\n\r\n4000\r\n" +
      "n".repeat(0x4000) +
      "\r\n4000\r\n" +
      "n".repeat(0x4000) +
      "\r\n0\r\n\r\n",
    150,
  );
  expect(chunked).toMatch(/^HTTP\/1\.1 413/);
  expect(chunked).toContain('{"success":false,"error":');
  expect((await fetch(`${site.url}/en`)).status).toBe(200);
});

/**
 * Sends a 3 MB body (chunked, or with its length) as fast as the connection takes it, and
 * resolves with what came back, when the first byte of it came, and when the connection closed.
 */
function sendLargeBody(port: number, chunked: boolean): Promise<{ answer: string; answeredMs: number; closedMs: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let answeredMs = NaN;
    const size = 3 * 1024 * 1024;
    const piece = Buffer.alloc(64 * 1024, "n");
    socket.on("data", (chunk) => {
      if (!answer) answeredMs = performance.now() - started;
      answer += chunk.toString("latin1");
    });
    socket.on("error", () => {}); // the server closing while the body is still being sent
    socket.on("close", () => resolve({ answer, answeredMs, closedMs: performance.now() - started }));
    socket.write(
      "POST /send-mail.php HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nReferer: http://x/en/contact\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
        (chunked ? "Transfer-Encoding: chunked\r\n\r\n" : `Content-Length: ${size}\r\n\r\n`),
    );
    const frame = chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]) : piece;
    for (let sent = 0; sent < size && !socket.destroyed; sent += piece.length) socket.write(frame);
    if (chunked && !socket.destroyed) socket.write("0\r\n\r\n");
  });
}

test("a chunked body of 3 MB gets 413 as fast as one that says its length, and the connection is closed", async () => {
  for (const chunked of [false, true]) {
    const { answer, answeredMs, closedMs } = await sendLargeBody(site.port, chunked);
    const what = chunked ? "chunked" : "sized";
    expect(answer, what).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer, what).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer, what).toContain('{"success":false,"error":"A field is too long. Please shorten it."}');
    // Before, the chunked one got nothing for 56-60 s, then a bare 408.
    expect(answeredMs, what).toBeLessThan(1000);
    expect(closedMs, what).toBeLessThan(3000);
  }
  expect((await fetch(`${site.url}/en`)).status).toBe(200);
});
