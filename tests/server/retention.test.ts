import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { build } from "../../src/generator/build.ts";
import { scheduleRetention } from "../../src/server/retention.ts";
import { startStore } from "../../src/server/store-client.ts";
import { openDatabase, readStore } from "../../src/server/store.ts";
import { retentionCutoff } from "../../src/shared/retention.ts";
import { fixtureSite } from "../support/fixture-site.ts";
import { runSite } from "../support/servers.ts";
import { memoryLogger, serve, tempDir, waitFor } from "./helpers.ts";

let work: Awaited<ReturnType<typeof tempDir>>;
let dist: string;
const day = 86_400_000;

beforeAll(async () => {
  work = await tempDir("retention");
  // The real site, with the owner's retention period set to 30 days in site.config.yml.
  const root = await fixtureSite();
  const config = path.join(root, "site.config.yml");
  writeFileSync(config, readFileSync(config, "utf8").replace(/^( {2}messages:) 2y$/m, "$1 30d"));
  dist = path.join(work.dir, "dist");
  const env: NodeJS.ProcessEnv = { ...process.env, GA_MEASUREMENT_ID: "", RECAPTCHA_SITE_KEY: "" };
  delete env.CONTACT_ENDPOINT;
  delete env.SITE_ORIGIN;
  await build({ root, outDir: dist, env, warn: () => {} });
  await rm(root, { recursive: true, force: true });
});

afterAll(async () => {
  await work?.remove();
});

/**
 * Stores messages as the server does, then dates them `daysAgo` days back (a store kept that
 * long); each message's text is a marker unique to this run. Returns the markers.
 */
function storeAged(dataDir: string, entries: { daysAgo: number; sent: boolean }[]): string[] {
  const store = openDatabase(dataDir);
  const markers = entries.map(() => `MARKER-${randomUUID()}`);
  const stored = store.insert(markers.map((marker) => ({ lang: "en", name: "Maria", phone: "+30 690 000 0001", email: "", message: `Locked out ${marker}` })));
  store.close();
  const db = new DatabaseSync(path.join(dataDir, "messages.db"));
  entries.forEach(({ daysAgo, sent }, index) => {
    const at = new Date(Date.now() - daysAgo * day).toISOString();
    db.prepare("UPDATE messages SET received_at = ?, sent_at = ? WHERE id = ?").run(at, sent ? at : null, stored[index]!.id);
  });
  db.close();
  return markers;
}

/** Whether the bytes of the database file, or of its WAL, hold `marker`. */
function onDisk(dataDir: string, marker: string): { db: boolean; wal: boolean } {
  const file = path.join(dataDir, "messages.db");
  const holds = (name: string) => existsSync(name) && readFileSync(name).includes(Buffer.from(marker));
  return { db: holds(file), wal: holds(`${file}-wal`) };
}

function messages(dataDir: string): string[] {
  const store = readStore(dataDir)!;
  try {
    return store.list().map((message) => message.message);
  } finally {
    store.close();
  }
}

describe("retention: messages older than retention.messages are deleted for real", () => {
  test("the build passes the config's period to site serve in site.json", async () => {
    expect((JSON.parse(await readFile(path.join(dist, "site.json"), "utf8")) as { retention: unknown }).retention).toEqual({ messages: "30d" });
  });

  test("site serve deletes them at start-up, e-mailed or not, and their text is gone from the database file and its WAL", async () => {
    const dataDir = path.join(work.dir, "start-up");
    const [sentOld, unsentOld, recent] = storeAged(dataDir, [
      { daysAgo: 31, sent: true },
      { daysAgo: 400, sent: false },
      { daysAgo: 29, sent: false },
    ]);
    // The check can see a marker where there is one.
    expect(onDisk(dataDir, sentOld!).db || onDisk(dataDir, sentOld!).wal).toBe(true);
    const site = await serve(dist, { SITE_DATA_DIR: dataDir });
    try {
      await waitFor(() => site.log.lines.some((line) => line.event === "retention.purged"), 5000, "the start-up purge");
      expect(site.log.lines.find((line) => line.event === "retention.purged")).toMatchObject({ olderThan: "30d", deleted: 2, unsent: 1, walTruncated: true });
      // Read while the server still has the database open.
      for (const marker of [sentOld!, unsentOld!]) expect(onDisk(dataDir, marker), marker).toEqual({ db: false, wal: false });
      expect(onDisk(dataDir, recent!).db || onDisk(dataDir, recent!).wal).toBe(true);
      expect(messages(dataDir)).toEqual([`Locked out ${recent}`]);
    } finally {
      await site.stop();
    }
  });

  test("site messages --purge deletes by hand, with the built site's period or --older-than, and says how many", async () => {
    const dataDir = path.join(work.dir, "by-hand");
    const [old, middle, recent] = storeAged(dataDir, [
      { daysAgo: 45, sent: true },
      { daysAgo: 10, sent: false },
      { daysAgo: 1, sent: false },
    ]);
    expect(onDisk(dataDir, middle!).db || onDisk(dataDir, middle!).wal).toBe(true);
    // The server runs on the same store meanwhile.
    const site = await serve(dist, { SITE_DATA_DIR: dataDir });
    try {
      await waitFor(() => site.log.lines.some((line) => line.event === "retention.purged"), 5000, "the start-up purge");
      expect(onDisk(dataDir, old!)).toEqual({ db: false, wal: false });

      const byPeriod = await runSite(["messages", "--purge", "--older-than", "1w"], { SITE_DATA_DIR: dataDir });
      expect(byPeriod.code).toBe(0);
      expect(byPeriod.stdout).toMatch(
        /^Deleted 1 message received before \d{4}-\d\d-\d\d \d\d:\d\d UTC(?:[+-]\d\d:\d\d)? \(older than 1w\), 1 of them never e-mailed\.\n$/,
      );
      expect(onDisk(dataDir, middle!)).toEqual({ db: false, wal: false });
      expect(messages(dataDir)).toEqual([`Locked out ${recent}`]);

      const byBuild = await runSite(["messages", "--purge", "--dir", dist], { SITE_DATA_DIR: dataDir });
      expect(byBuild.stdout).toMatch(/^No message was received before .* \(older than 30d\); nothing deleted\.\n$/);
      const wrong = await runSite(["messages", "--purge", "--older-than", "2 years"], { SITE_DATA_DIR: dataDir });
      expect([wrong.code, wrong.stderr.split("\n")[0]]).toEqual([
        1,
        `error: option '--older-than <period>' argument '2 years' is invalid. a period is a number and d, w, m or y, e.g. "2y", "18m" or "90d"`,
      ]);
      const unbuilt = await runSite(["messages", "--purge", "--dir", path.join(work.dir, "nothing")], { SITE_DATA_DIR: dataDir });
      expect([unbuilt.code, unbuilt.stderr.split("\n")[0]]).toEqual([
        1,
        "error: cannot tell the retention period: pass --older-than 2y, or build the site (or name it with --dir)",
      ]);
    } finally {
      await site.stop();
    }
  }, 30_000);

  test("site messages --delete erases the messages named, e-mailed or not, while the server runs, and names those it cannot find", async () => {
    const dataDir = path.join(work.dir, "erasure");
    const [first, second, third] = storeAged(dataDir, [
      { daysAgo: 3, sent: true },
      { daysAgo: 2, sent: false },
      { daysAgo: 1, sent: true },
    ]);
    const site = await serve(dist, { SITE_DATA_DIR: dataDir });
    try {
      for (const marker of [first!, second!]) expect(onDisk(dataDir, marker).db || onDisk(dataDir, marker).wal).toBe(true);
      // On a server whose clock is set to Greece, the times say so.
      const erased = await runSite(["messages", "--delete", "1,2"], { SITE_DATA_DIR: dataDir, TZ: "Europe/Athens" });
      expect(erased.code).toBe(0);
      expect(erased.stdout).toMatch(/^Deleted #1, received \d{4}-\d\d-\d\d \d\d:\d\d UTC\+0[23]:00\.\nDeleted #2, received .* \(never e-mailed\)\.\n$/);
      for (const marker of [first!, second!]) expect(onDisk(dataDir, marker)).toEqual({ db: false, wal: false });
      expect(messages(dataDir)).toEqual([`Locked out ${third}`]);

      const again = await runSite(["messages", "--delete", "2,3"], { SITE_DATA_DIR: dataDir });
      expect([again.code, again.stdout, again.stderr.split("\n")[0]]).toEqual([
        1,
        expect.stringMatching(/^Deleted #3, received .*\.\n$/),
        "error: no message #2 in the store: `site messages` lists the numbers",
      ]);
      const wrong = await runSite(["messages", "--delete", "Maria"], { SITE_DATA_DIR: dataDir });
      expect([wrong.code, wrong.stderr.split("\n")[0]]).toEqual([
        1,
        "error: option '--delete <numbers>' argument 'Maria' is invalid. give the numbers `site messages` shows, e.g. 12 or 12,15",
      ]);
    } finally {
      await site.stop();
    }
  }, 30_000);

  test("the server purges again each day (here, each 300 ms)", async () => {
    const dataDir = path.join(work.dir, "daily");
    const log = memoryLogger();
    const store = await startStore({ dataDir, log });
    const schedule = scheduleRetention({ store, period: "30d", log, intervalMs: 300 });
    try {
      await waitFor(() => log.lines.filter((line) => line.event === "retention.purged").length === 1, 2000, "the first purge");
      const [old] = storeAged(dataDir, [{ daysAgo: 31, sent: true }]);
      await waitFor(() => log.lines.some((line) => line.event === "retention.purged" && line.deleted === 1), 3000, "a later purge");
      expect(onDisk(dataDir, old!)).toEqual({ db: false, wal: false });
    } finally {
      schedule.stop();
      await store.close();
    }
  });
});

describe("retention periods", () => {
  test("are counted back on the calendar, in UTC", () => {
    const at = (iso: string) => new Date(iso);
    expect(retentionCutoff("2y", at("2026-05-01T10:00:00Z")).toISOString()).toBe("2024-05-01T10:00:00.000Z");
    expect(retentionCutoff("18m", at("2026-05-01T10:00:00Z")).toISOString()).toBe("2024-11-01T10:00:00.000Z");
    expect(retentionCutoff("1m", at("2026-03-31T08:00:00Z")).toISOString()).toBe("2026-02-28T08:00:00.000Z");
    expect(retentionCutoff("1y", at("2024-02-29T00:00:00Z")).toISOString()).toBe("2023-02-28T00:00:00.000Z");
    expect(retentionCutoff("2w", at("2026-05-15T00:00:00Z")).toISOString()).toBe("2026-05-01T00:00:00.000Z");
    expect(retentionCutoff("90d", at("2026-05-01T00:00:00Z")).toISOString()).toBe("2026-01-31T00:00:00.000Z");
    expect(() => retentionCutoff("2 years")).toThrow('"2 years" is not a retention period; use a number and d, w, m or y, e.g. "2y", "18m" or "90d"');
  });
});
