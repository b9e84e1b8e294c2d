import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readStore } from "../../src/server/store.ts";
import { runSite } from "../support/servers.ts";
import { buildSite, freePort, mailHeaders, postForm, serve, startSmtp, tempDir, validMessage, waitFor, type ReceivedMail } from "./helpers.ts";

let work: Awaited<ReturnType<typeof tempDir>>;
let dist: string;
const owner = { MAIL_TO: "owner@locksmith.example", MAIL_FROM: "Website <site@locksmith.example>" };

beforeAll(async () => {
  work = await tempDir("delivery");
  dist = path.join(work.dir, "dist");
  await buildSite(dist);
});

afterAll(async () => {
  await work?.remove();
});

function storedIn(dataDir: string) {
  const store = readStore(dataDir)!;
  try {
    return store.list();
  } finally {
    store.close();
  }
}

/** The headers an e-mail to the owner may have; anything else would have come from a visitor. */
const expectedHeaders = new Set(["from", "to", "reply-to", "subject", "message-id", "date", "mime-version", "content-type", "content-transfer-encoding"]);

function expectCleanMail(mail: ReceivedMail) {
  expect(mail.from).toBe("site@locksmith.example");
  expect(mail.to).toEqual([owner.MAIL_TO]);
  const headers = mailHeaders(mail.raw);
  for (const [name] of headers) expect(expectedHeaders, `unexpected header ${name}`).toContain(name);
  const once = (name: string) => headers.filter(([header]) => header === name);
  for (const name of ["from", "to", "subject", "message-id"]) expect(once(name), name).toHaveLength(1);
  expect(once("from")[0]![1]).toBe(owner.MAIL_FROM);
  expect(once("to")[0]![1]).toBe(owner.MAIL_TO);
  expect(once("content-type")[0]![1]).toMatch(/^text\/plain/);
}

describe("delivery to the owner", () => {
  test("a stored message is e-mailed as plain text, the visitor's address only as Reply-To, and marked sent", async () => {
    const smtp = await startSmtp();
    const dataDir = path.join(work.dir, "plain-mail");
    const site = await serve(dist, { SITE_DATA_DIR: dataDir, SMTP_URL: smtp.url, ...owner });
    try {
      const answer = await postForm(
        site.url,
        validMessage("mail", { name: "Ελένη Π.", email: "eleni@example.com", message: "Κλειδώθηκα έξω.\nΟδός 38, Ναύπλιο", lang: "el" }),
      );
      expect(answer.json).toEqual({ success: true });
      await waitFor(() => smtp.mails.length === 1, 5000, "the e-mail");
      const mail = smtp.mails[0]!;
      expectCleanMail(mail);
      const headers = Object.fromEntries(mailHeaders(mail.raw));
      expect(headers["reply-to"]).toBe("eleni@example.com");
      expect(headers["message-id"]).toMatch(/^<contact-[0-9a-f-]{36}@locksmith\.example>$/);
      expect(mail.raw).not.toMatch(/^(from|to|cc|bcc):.*eleni@example\.com/im);
      await waitFor(() => storedIn(dataDir)[0]?.sentAt !== null, 2000, "sent mark");
      expect(storedIn(dataDir)[0]).toMatchObject({ attempts: 1, lastError: null });
    } finally {
      await site.stop();
      await smtp.close();
    }
  });

  test("a header-injection attempt in every field produces a clean e-mail, or none at all", async () => {
    const smtp = await startSmtp();
    const dataDir = path.join(work.dir, "injection");
    const site = await serve(dist, { SITE_DATA_DIR: dataDir, SMTP_URL: smtp.url, ...owner, TRUST_PROXY: "1" });
    const payloads = [
      "x\r\nBcc: victim@evil.example",
      "x\nBcc: victim@evil.example",
      "x\rBcc: victim@evil.example",
      "x%0d%0aBcc: victim@evil.example",
      "x\r\n\r\n<html>body</html>",
      "x\u2028Bcc: victim@evil.example",
      "x\u0085Bcc: victim@evil.example",
      "=?utf-8?q?x=0D=0ABcc:_victim@evil.example?=",
      "Evil <victim@evil.example>, other@evil.example",
      'x" <victim@evil.example>',
      "Bcc: victim@evil.example",
    ];
    const fields = ["name", "phone", "email", "message", "lang"];
    let sent = 0;
    let client = 0;
    try {
      for (const field of fields)
        for (const payload of payloads) {
          const answer = await postForm(site.url, validMessage(`inj-${field}`, { [field]: payload }), { "X-Forwarded-For": `203.0.113.${++client}` });
          expect(answer.status, `${field}: ${JSON.stringify(payload)}`).toBeLessThan(500);
          if (answer.json.success) sent++;
          else expect([400, 422]).toContain(answer.status);
        }
      await waitFor(() => smtp.mails.length === sent, 10_000, `${sent} e-mails`);
      // What was refused was refused whole: nothing of it is stored.
      expect(storedIn(dataDir)).toHaveLength(sent);
      expect(sent).toBeGreaterThan(payloads.length); // message and lang accept every payload as text
      for (const mail of smtp.mails) {
        expectCleanMail(mail);
        expect(mail.to).not.toContain("victim@evil.example");
        expect(mailHeaders(mail.raw).some(([name, value]) => name !== "subject" && value.includes("evil.example"))).toBe(false);
      }
    } finally {
      await site.stop();
      await smtp.close();
    }
  });

  test("SMTP down, then back: every acknowledged message is delivered exactly once", async () => {
    const port = await freePort();
    const dataDir = path.join(work.dir, "outage");
    const site = await serve(dist, { SITE_DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}`, ...owner, TRUST_PROXY: "1" });
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      const markers = Array.from({ length: 12 }, (_, index) => `outage-${index}`);
      for (const [index, marker] of markers.entries())
        expect((await postForm(site.url, validMessage(marker), { "X-Forwarded-For": `192.0.2.${index + 1}` })).json, marker).toEqual({ success: true });
      await waitFor(() => site.log.lines.filter((line) => line.event === "mail.unreachable").length >= 2, 5000, "failed attempts");
      const waiting = storedIn(dataDir);
      expect(waiting.every((message) => message.sentAt === null)).toBe(true);
      // An unreachable server pauses the whole outbox: the first message is retried, the rest wait their turn.
      expect(waiting[0]!.attempts).toBeGreaterThanOrEqual(2);
      expect(waiting[0]!.lastError).toMatch(/ECONNREFUSED/);

      smtp = await startSmtp({ port });
      await waitFor(() => smtp!.mails.length >= markers.length, 10_000, "delivery after the outage");
      await new Promise((resolve) => setTimeout(resolve, 800)); // time for any duplicate to show up
      const delivered = smtp.mails.map((mail) => /Locked out, (outage-\d+)/.exec(mail.raw)?.[1]);
      expect(delivered.sort()).toEqual([...markers].sort());
      expect(storedIn(dataDir).every((message) => message.sentAt !== null)).toBe(true);
    } finally {
      await site.stop();
      await smtp?.close();
    }
  });

  test("a message the SMTP server refuses waits on its own and does not hold up the others", async () => {
    const smtp = await startSmtp({ refuseIf: (raw) => raw.includes("poison") });
    const dataDir = path.join(work.dir, "refused");
    const site = await serve(dist, { SITE_DATA_DIR: dataDir, SMTP_URL: smtp.url, ...owner, TRUST_PROXY: "1" });
    try {
      expect((await postForm(site.url, validMessage("poison"), { "X-Forwarded-For": "192.0.2.50" })).json).toEqual({ success: true });
      expect((await postForm(site.url, validMessage("good"), { "X-Forwarded-For": "192.0.2.51" })).json).toEqual({ success: true });
      await waitFor(() => smtp.mails.length === 1, 5000, "the good e-mail");
      await waitFor(() => site.log.lines.filter((line) => line.event === "mail.refused").length >= 2, 5000, "a retry of the refused one");
      const [poison, good] = storedIn(dataDir);
      expect(good).toMatchObject({ name: "Maria good" });
      expect(good!.sentAt).not.toBeNull();
      expect(poison).toMatchObject({ name: "Maria poison", sentAt: null });
      expect(poison!.lastError).toMatch(/554/);
      expect(site.log.lines.some((line) => line.event === "mail.unreachable")).toBe(false);
    } finally {
      await site.stop();
      await smtp.close();
    }
  });
});

describe("text that could disguise itself", () => {
  test("bidirectional and invisible characters are dropped from single-line fields and shown as code points in the e-mail and in site messages", async () => {
    const smtp = await startSmtp();
    const dataDir = path.join(work.dir, "invisible");
    const site = await serve(dist, { SITE_DATA_DIR: dataDir, SMTP_URL: smtp.url, ...owner });
    try {
      const fields = validMessage("bidi", {
        name: "Maria \u202Egpj.exe\u200B",
        phone: "\u2066+30 690 000 0001\u2069",
        message: "Invoice \u202Efdp.exe\u2060 attached",
      });
      expect((await postForm(site.url, fields)).json).toEqual({ success: true });
      await waitFor(() => smtp.mails.length === 1, 5000, "the e-mail");
    } finally {
      await site.stop();
      await smtp.close();
    }
    const [message] = storedIn(dataDir);
    expect([message!.name, message!.phone]).toEqual(["Maria gpj.exe", "+30 690 000 0001"]);
    const raw = smtp.mails[0]!.raw;
    expect(Object.fromEntries(mailHeaders(raw)).subject).toBe("Website message #1: Maria gpj.exe, +30 690 000 0001");
    expect(raw).toContain("Invoice <U+202E>fdp.exe<U+2060> attached");
    expect(raw).not.toMatch(/[\u202e\u2060]/);
    const text = await runSite(["messages"], { SITE_DATA_DIR: dataDir });
    expect(text.stdout).toContain("    Invoice <U+202E>fdp.exe<U+2060> attached\n");
    expect(text.stdout).not.toMatch(/[\u202e\u2060]/);
    const json = await runSite(["messages", "--json"], { SITE_DATA_DIR: dataDir });
    expect(json.stdout).toContain('"message": "Invoice \\u202efdp.exe\\u2060 attached"');
    expect((JSON.parse(json.stdout) as { message: string }[])[0]!.message).toBe("Invoice \u202Efdp.exe\u2060 attached");
  }, 20_000);
});

describe("site messages", () => {
  test("lists what is stored, and --unsent what still waits, as text or JSON", async () => {
    const dataDir = path.join(work.dir, "listing");
    const site = await serve(dist, { SITE_DATA_DIR: dataDir, TRUST_PROXY: "1" });
    try {
      await postForm(site.url, validMessage("first", { email: "" }), { "X-Forwarded-For": "192.0.2.10" });
      await postForm(site.url, validMessage("second", { message: "Two\nlines" }), { "X-Forwarded-For": "192.0.2.11" });
    } finally {
      await site.stop();
    }
    const text = await runSite(["messages"], { SITE_DATA_DIR: dataDir });
    expect(text.code).toBe(0);
    // The time in the machine's zone, which it names (UTC, or UTC+02:00).
    const normalized = text.stdout.replace(/\d{4}-\d\d-\d\d \d\d:\d\d UTC(?:[+-]\d\d:\d\d)?/g, "<time>");
    expect(normalized).toMatchInlineSnapshot(`
      "#1  <time>  [en]  NOT e-mailed yet
        Name:   Maria first
        Phone:  +30 690 000 0001
        Message:
          Locked out, first

      #2  <time>  [en]  NOT e-mailed yet
        Name:   Maria second
        Phone:  +30 690 000 0001
        E-mail: maria@example.com
        Message:
          Two
          lines

      2 messages, 2 not e-mailed yet.
      "
    `);
    const json = await runSite(["messages", "--unsent", "--json"], { SITE_DATA_DIR: dataDir });
    expect((JSON.parse(json.stdout) as { name: string }[]).map((message) => message.name)).toEqual(["Maria first", "Maria second"]);
    const none = await runSite(["messages"], { SITE_DATA_DIR: path.join(work.dir, "nothing-here") });
    expect(none.stdout).toContain("No messages yet: there is no");
  }, 20_000);
});
