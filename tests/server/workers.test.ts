import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { readStore } from "../../src/server/store.ts";
import { buildSite, serve, tempDir, validMessage, waitFor, type RunningServer } from "./helpers.ts";

let work: Awaited<ReturnType<typeof tempDir>>;
let site: RunningServer;

beforeAll(async () => {
  work = await tempDir("workers");
  const dist = path.join(work.dir, "dist");
  await buildSite(dist);
  site = await serve(dist, { SITE_DATA_DIR: path.join(work.dir, "data"), TRUST_PROXY: "1", SERVE_WORKERS: "2" });
}, 60_000);

afterAll(async () => {
  await site?.stop();
  await work?.remove();
});

/** One request on a connection of its own, so the kernel may hand it to either process. */
function request(method: string, pathname: string, { body, headers = {} }: { body?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const outgoing = http.request(`${site.url}${pathname}`, { method, agent: false, headers: { Connection: "close", ...headers } }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const post = (fields: Record<string, string>, headers: Record<string, string>) =>
  request("POST", "/send-mail.php", {
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });

test("with SERVE_WORKERS=2, two processes serve the port", async () => {
  for (let index = 0; index < 24; index++) expect((await request("GET", "/en")).status).toBe(200);
  const requests = () => site.log.lines.filter((line) => line.event === "request" && line.path === "/en");
  // The worker's lines come through its stdout, a moment later.
  await waitFor(() => requests().length === 24, 5000, "24 request lines");
  // Lines from the worker carry its pid; the primary's do not.
  expect(requests().some((line) => line.worker !== undefined)).toBe(true);
  expect(requests().some((line) => line.worker === undefined)).toBe(true);
});

test("the rate limit counts a client's messages across processes", async () => {
  const statuses: number[] = [];
  // Twelve connections: the chance that the kernel gives them all to one process is 1 in 2,048.
  for (let index = 0; index < 12; index++)
    statuses.push((await post(validMessage(`spread-${index}`), { Accept: "application/json", "X-Forwarded-For": "198.51.100.77" })).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
  const answered = () => site.log.lines.filter((line) => line.event === "contact.stored" || line.event === "contact.rate-limited");
  await waitFor(() => answered().length === 12, 5000, "12 endpoint lines");
  expect(new Set(answered().map((line) => line.worker ?? "primary")).size).toBe(2);
  const store = readStore(path.join(work.dir, "data"))!;
  expect(store.list().filter((message) => message.name.startsWith("Maria spread-"))).toHaveLength(5);
  store.close();
});

test("a script-less outcome is found whichever process serves the page", async () => {
  for (let index = 0; index < 6; index++) {
    const answer = await post(validMessage(`nojs-${index}`, { phone: "" }), { Accept: "text/html", "X-Forwarded-For": `198.51.100.${100 + index}` });
    expect(answer.status).toBe(303);
    const page = await request("GET", answer.headers.location!.replace(/#.*$/, ""));
    expect(page.text).toContain('<span data-form-error="true">Please fill in your name, phone and message.</span>');
    expect(page.text).toContain(`value="Maria nojs-${index}"`);
  }
});

test("stopping the primary stops the worker too", async () => {
  const pid = site.log.lines.find((line) => line.worker !== undefined)!.worker as number;
  expect(() => process.kill(pid, 0)).not.toThrow();
  await site.stop();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(() => process.kill(pid, 0)).toThrow();
});
