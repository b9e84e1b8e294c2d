import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readStore } from "../../src/server/store.ts";
import { canMount, fillDisk, mountTmpfs, unmount } from "../support/mounts.ts";
import { buildSite, holdStoreLock, mailHeaders, postForm, serve, startSmtp, tempDir, validMessage, waitFor } from "./helpers.ts";

let work: Awaited<ReturnType<typeof tempDir>>;
let dist: string;
const owner = { MAIL_TO: "owner@locksmith.example", MAIL_FROM: "site@locksmith.example" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  work = await tempDir("once");
  dist = path.join(work.dir, "dist");
  await buildSite(dist);
});

afterAll(async () => {
  await work?.remove();
});

function stored(dataDir: string) {
  const store = readStore(dataDir)!;
  try {
    return store.list();
  } finally {
    store.close();
  }
}

/** The uid in an e-mail's Message-ID (`<contact-<uid>@domain>`). */
function uidOf(raw: string): string {
  const messageId = Object.fromEntries(mailHeaders(raw))["message-id"]!;
  return /^<contact-([0-9a-f-]{36})@/.exec(messageId)![1]!;
}

describe("a message the SMTP server accepted is never sent again, whatever the store does next", () => {
  test("the store locked by another program the moment the server accepts: not in this run, not after a restart", async () => {
    const dataDir = path.join(work.dir, "locked");
    let lock: ReturnType<typeof holdStoreLock> | null = null;
    // The lock is taken while the SMTP server holds the message's data, before it answers 250.
    const smtp = await startSmtp({ beforeAccept: () => void (lock ??= holdStoreLock(dataDir)) });
    const first = await serve(dist, { SITE_DATA_DIR: dataDir, SMTP_URL: smtp.url, ...owner });
    try {
      expect((await postForm(first.url, validMessage("accepted-then-locked"))).json).toEqual({ success: true });
      await waitFor(() => smtp.mails.length > 0, 5000, "the e-mail");
      // Many rounds of the outbox (it retries every 50-300 ms in these tests): nothing goes out again.
      await sleep(2500);
      expect(smtp.mails).toHaveLength(1);
      expect(first.log.lines.find((line) => line.event === "mail.sent")).toMatchObject({ marked: false });
      // The acceptance is on disk in the journal, since the database cannot take it.
      expect(readFileSync(path.join(dataDir, "messages.db-sent"), "latin1")).toContain(uidOf(smtp.mails[0]!.raw));
    } finally {
      await first.stop();
    }
    // Stopped with the lock still held: the database still says "not sent".
    expect(stored(dataDir)[0]).toMatchObject({ name: "Maria accepted-then-locked", sentAt: null });
    lock!.release();

    const second = await serve(dist, { SITE_DATA_DIR: dataDir, SMTP_URL: smtp.url, ...owner });
    try {
      expect(second.log.lines.find((line) => line.event === "mail.marked-sent")).toMatchObject({ count: 1, fromJournal: true });
      expect(stored(dataDir)[0]!.sentAt).not.toBeNull();
      await sleep(1500);
      expect(smtp.mails).toHaveLength(1);
      expect(readFileSync(path.join(dataDir, "messages.db-sent"), "latin1")).not.toContain(uidOf(smtp.mails[0]!.raw));
    } finally {
      await second.stop();
      await smtp.close();
    }
  }, 30_000);

  test.skipIf(!canMount)(
    "the disk full the moment the server accepts: the mark waits, then is written once there is room",
    async () => {
      const dataDir = path.join(work.dir, "full");
      mountTmpfs(dataDir, 2 * 1024 * 1024);
      let filler: string | null = null;
      const smtp = await startSmtp({ beforeAccept: () => void (filler ??= fillDisk(dataDir)) });
      const site = await serve(dist, { SITE_DATA_DIR: dataDir, SMTP_URL: smtp.url, ...owner, TRUST_PROXY: "1" });
      try {
        expect((await postForm(site.url, validMessage("accepted-then-full"), { "X-Forwarded-For": "192.0.2.1" })).json).toEqual({ success: true });
        await waitFor(() => smtp.mails.length > 0, 5000, "the e-mail");
        await waitFor(() => site.log.lines.some((line) => line.event === "mail.sent"), 5000, "the outbox's line");
        expect(site.log.lines.find((line) => line.event === "mail.sent")).toMatchObject({ marked: false });
        expect(site.log.lines.find((line) => line.event === "store.unavailable")).toMatchObject({ code: "SQLITE_FULL" });
        // A visitor meanwhile is told to try again or call, in time.
        const refused = await postForm(site.url, validMessage("while-full"), { "X-Forwarded-For": "192.0.2.2" });
        expect([refused.status, refused.headers.get("retry-after")]).toEqual([503, "60"]);
        await sleep(1500);
        expect(smtp.mails).toHaveLength(1);

        rmSync(filler!);
        await waitFor(() => site.log.lines.some((line) => line.event === "mail.marked-sent" && line.late === true), 5000, "the late mark");
        expect(stored(dataDir).map((message) => [message.name, message.sentAt !== null])).toEqual([["Maria accepted-then-full", true]]);
        await sleep(1000);
        expect(smtp.mails).toHaveLength(1);
      } finally {
        await site.stop();
        await smtp.close();
        unmount(dataDir);
      }
    },
    30_000,
  );
});
