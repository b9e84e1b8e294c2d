import type { ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { loadLocales } from "../../src/generator/load-locales.ts";
import { handlingLogFields, visitorLogFields } from "../../src/shared/privacy.ts";
import { languages } from "../../src/shared/languages.ts";
import { pageText } from "../support/page-text.ts";
import { repoRoot, startSite } from "../support/servers.ts";
import { buildSite, postForm, rawRequest, secret, startSiteverify, startSmtp, tempDir, validMessage, waitFor } from "./helpers.ts";

/**
 * What the privacy policy says the server logs is what the running server logs: `site serve` in
 * its own process, as production runs it, answers pages, a 404, messages accepted and refused,
 * a malformed request; every field of every line a visitor caused must be one the policy names
 * (src/shared/privacy.ts), and every field the policy names must be one the server writes.
 */

let work: Awaited<ReturnType<typeof tempDir>>;
let dist: string;
let lines: ({ event: string } & Record<string, unknown>)[] = [];
let child: ChildProcess | undefined;

// Lines the server writes about itself, whoever visits: starting, stopping, its settings, its
// message store and the deletion of old messages.
const serverEvents = /^(server\.|smtp\.|recaptcha\.off$|workers?\.|store\.|retention\.|outbox\.)/;
const marker = "privacy-log-marker";

beforeAll(async () => {
  work = await tempDir("privacy-log");
  dist = path.join(work.dir, "dist");
  await buildSite(dist, { recaptcha: true });
  const verify = await startSiteverify();
  const smtp = await startSmtp();
  const site = await startSite(["serve", "--dir", dist, "--port", "0", "--host", "127.0.0.1"], {
    SITE_DATA_DIR: path.join(work.dir, "data"),
    RECAPTCHA_SECRET: secret,
    RECAPTCHA_VERIFY_URL: verify.url,
    RECAPTCHA_HOSTNAMES: "127.0.0.1",
    SMTP_URL: smtp.url,
    MAIL_TO: "owner@locksmith.example",
  });
  child = site.process;
  try {
    await fetch(`${site.url}/gr`);
    await fetch(`${site.url}/en/privacy-policy?utm_source=${marker}`, { headers: { "User-Agent": `Agent ${marker}`, Referer: `https://${marker}.example/` } });
    await fetch(`${site.url}/en/no-such-page`, { method: "HEAD" });
    const port = Number(new URL(site.url).port);
    await rawRequest(port, "GET / HTTP/1.1\r\nHost: \u0000bad\r\n\r\n");
    // A target that cannot be decoded is logged as it came, but for its query.
    await rawRequest(port, `GET /%E0%A4%A?utm_source=${marker} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect((await postForm(site.url, validMessage(marker, { "g-recaptcha-response": "test-token" }))).json).toEqual({ success: true });
    expect((await postForm(site.url, validMessage(marker, { "g-recaptcha-response": "wrong-token" }))).json.success).toBe(false);
    expect((await postForm(site.url, validMessage(marker, { honey: "bot", "g-recaptcha-response": "test-token" }))).json).toEqual({ success: true });
    for (let attempt = 0; attempt < 6; attempt++) await postForm(site.url, validMessage(`${marker}-${attempt}`, { "g-recaptcha-response": "test-token" }));
    await waitFor(() => smtp.mails.length >= 1, 10_000, "a message e-mailed");
    const parse = () =>
      site
        .streams()
        .stdout.split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { event: string } & Record<string, unknown>);
    await waitFor(() => parse().some((line) => line.event === "mail.sent"), 10_000, "the mail.sent line");
    await waitFor(() => parse().filter((line) => line.event === "request").length >= 13, 10_000, "every request's line");
    lines = parse();
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child!.once("exit", resolve));
    await verify.close();
    await smtp.close();
  }
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await work?.remove();
});

test("every field the server logs about a visitor is one the privacy policy names", () => {
  const named = new Set<string>([...visitorLogFields, ...handlingLogFields, "time"]);
  const visitorLines = lines.filter((line) => !serverEvents.test(line.event));
  expect(visitorLines.map((line) => line.event)).toEqual(
    expect.arrayContaining(["request", "contact.stored", "recaptcha.refused", "contact.rate-limited", "mail.sent"]),
  );
  const unnamed = visitorLines.flatMap((line) =>
    Object.keys(line)
      .filter((key) => !named.has(key))
      .map((key) => `${line.event}: ${key}`),
  );
  expect(unnamed, "add the field to src/shared/privacy.ts and name it in the privacy policy (privacyPolicy.logFields)").toEqual([]);
});

test("the policy names no field about a visitor that the server does not log", () => {
  const logged = new Set(lines.filter((line) => line.event === "request").flatMap((line) => Object.keys(line)));
  expect(visitorLogFields.filter((field) => !logged.has(field))).toEqual([]);
});

test("no message text, name, e-mail, browser, referrer or query string reaches the log", () => {
  expect(lines.map((line) => JSON.stringify(line)).filter((line) => line.includes(marker) || line.includes("maria@example.com"))).toEqual([]);
  const paths = lines.filter((line) => line.event === "request").map((line) => line.path);
  expect(paths).toContain("/en/privacy-policy");
  expect(paths).toContain("/%E0%A4%A");
});

test("the privacy policy of every language lists the logged fields in its own words", async () => {
  const locales = await loadLocales(path.join(repoRoot, "locales"));
  for (const { url, code } of languages) {
    const text = await pageText(dist, `${url}/privacy-policy.html`);
    expect(text, code).not.toContain("{{");
    const t = locales.t(code);
    for (const field of visitorLogFields) expect(text, `${code}: ${field}`).toContain(t(`privacyPolicy.logFields.${field}`).replace(/\u00a0/g, " "));
  }
  expect(await readFile(path.join(dist, "en/privacy-policy.html"), "utf8")).toContain("12 months");
});
