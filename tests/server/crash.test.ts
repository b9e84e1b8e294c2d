import type { ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runSite, startSite } from "../support/servers.ts";
import { buildSite, postForm, startSmtp, tempDir, validMessage, waitFor } from "./helpers.ts";

let work: Awaited<ReturnType<typeof tempDir>>;
let dist: string;
const children: ChildProcess[] = [];
const owner = { MAIL_TO: "owner@locksmith.example", MAIL_FROM: "site@locksmith.example" };

beforeAll(async () => {
  work = await tempDir("crash");
  dist = path.join(work.dir, "dist");
  await buildSite(dist);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await work?.remove();
});

/** `site serve` as its own process, the way production runs it. */
async function spawnServer(env: NodeJS.ProcessEnv) {
  const site = await startSite(["serve", "--dir", dist, "--port", "0", "--host", "127.0.0.1"], env);
  children.push(site.process);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    site.process.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { ...site, exited };
}

async function unsent(dataDir: string): Promise<unknown[]> {
  const result = await runSite(["messages", "--unsent", "--json"], { SITE_DATA_DIR: dataDir });
  return JSON.parse(result.stdout) as unknown[];
}

test("killed with SIGKILL between acknowledgement and delivery: after a restart nothing is lost or sent twice", async () => {
  const dataDir = path.join(work.dir, "killed");
  // First life: the SMTP server takes the first message's data and never answers.
  const stalled = await startSmtp({ hang: true });
  const first = await spawnServer({ SITE_DATA_DIR: dataDir, SMTP_URL: stalled.url, ...owner, TRUST_PROXY: "1" });
  const markers = Array.from({ length: 8 }, (_, index) => `killed-${index}`);
  for (const [index, marker] of markers.entries())
    expect((await postForm(first.url, validMessage(marker), { "X-Forwarded-For": `192.0.2.${index + 1}` })).json, marker).toEqual({ success: true });
  await waitFor(() => stalled.inFlight() >= 1, 5000, "a delivery in flight");
  first.process.kill("SIGKILL");
  expect((await first.exited).signal).toBe("SIGKILL");
  await stalled.close();
  expect(await unsent(dataDir)).toHaveLength(markers.length);

  // Second life: a working SMTP server.
  const smtp = await startSmtp();
  const second = await spawnServer({ SITE_DATA_DIR: dataDir, SMTP_URL: smtp.url, ...owner });
  try {
    await waitFor(() => smtp.mails.length >= markers.length, 10_000, "delivery after the restart");
    await new Promise((resolve) => setTimeout(resolve, 1000)); // time for any duplicate to show up
    const delivered = smtp.mails.map((mail) => /Locked out, (killed-\d+)/.exec(mail.raw)?.[1]);
    expect(delivered.sort()).toEqual([...markers].sort());
    expect(await unsent(dataDir)).toEqual([]);
    // The one in flight when the process was killed was never accepted: it is named, and sent again.
    const interrupted = second
      .output()
      .split("\n")
      .filter((line) => line.includes('"event":"mail.interrupted"'));
    expect(interrupted.map((line) => (JSON.parse(line) as { id: number }).id)).toEqual([1]);
  } finally {
    second.process.kill("SIGTERM");
    expect(await second.exited).toEqual({ code: 0, signal: null });
    await smtp.close();
  }
}, 40_000);

test("SIGTERM lets a request in flight finish, then the server exits cleanly", async () => {
  const dataDir = path.join(work.dir, "graceful");
  const site = await spawnServer({ SITE_DATA_DIR: dataDir });
  const port = Number(new URL(site.url).port);
  const body = new URLSearchParams(validMessage("in-flight")).toString();
  const socket = net.connect(port, "127.0.0.1");
  let response = "";
  socket.on("data", (chunk) => (response += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  socket.write(
    `POST /send-mail.php HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nAccept: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 20)}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  site.process.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 300));
  // The server has stopped listening, but still finishes this request.
  await expect(new Promise((resolve, reject) => net.connect(port, "127.0.0.1").on("connect", resolve).on("error", reject))).rejects.toThrow(/ECONNREFUSED/);
  socket.write(body.slice(20));
  await closed;
  expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
  expect(response.endsWith('{"success":true}')).toBe(true);
  expect(await site.exited).toEqual({ code: 0, signal: null });
  expect(site.output()).toContain('"event":"server.stopped"');
  expect(await unsent(dataDir)).toHaveLength(1);
}, 20_000);
