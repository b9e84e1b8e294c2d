import { spawn } from "node:child_process";
import { chmodSync, chownSync, copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "../../src/server/store.ts";
import { canMount, fillDisk, mountReadOnly, mountTmpfs, unmount } from "../support/mounts.ts";
import { repoRoot } from "../support/servers.ts";
import { buildSite, postForm, serve, tempDir, timedGet, validMessage } from "./helpers.ts";

let work: Awaited<ReturnType<typeof tempDir>>;
let dist: string;
const isRoot = process.getuid?.() === 0;
const nobody = 65534;

beforeAll(async () => {
  work = await tempDir("unwritable");
  // Readable by every user: one test runs the server as `nobody`.
  chmodSync(work.dir, 0o755);
  dist = path.join(work.dir, "dist");
  await buildSite(dist);
});

afterAll(async () => {
  await work?.remove();
});

/** `site serve` as its own process (as `uid`, when given), until it exits: its exit code and stderr. */
function serveUntilExit(dataDir: string, uid?: number): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, "bin/site.js"), "serve", "--dir", dist, "--port", "0", "--host", "127.0.0.1"], {
      cwd: repoRoot,
      env: { ...process.env, SITE_DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
      ...(uid === undefined ? {} : { uid, gid: uid }),
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // A server that starts is a failure of the test: stop it.
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("server.started") && child.kill("SIGKILL"));
    child.on("exit", (code) => resolve({ code, stderr }));
  });
}

/**
 * A store as another program's open connection leaves it: the database with its `-wal` and
 * `-shm` beside it, copied while that connection (and its uncheckpointed write) was still open.
 */
function leaveStoreWithWal(dataDir: string): void {
  const source = path.join(work.dir, `source-${path.basename(dataDir)}`);
  openDatabase(source).close();
  const db = new DatabaseSync(path.join(source, "messages.db"));
  db.exec("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;");
  db.exec("INSERT INTO messages (uid, received_at, lang, name, phone, email, message) VALUES ('u', '2026-01-01T00:00:00.000Z', 'en', 'n', 'p', '', 'm')");
  mkdirSync(dataDir, { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) copyFileSync(path.join(source, `messages.db${suffix}`), path.join(dataDir, `messages.db${suffix}`));
  db.close();
}

describe("start-up refuses a store it cannot write, in one line naming the path and the fix", () => {
  test.skipIf(!canMount)(
    "a read-only mount with a database and leftover -wal and -shm files",
    async () => {
      const dataDir = path.join(work.dir, "read-only");
      leaveStoreWithWal(dataDir);
      mountReadOnly(dataDir);
      try {
        const { code, stderr } = await serveUntilExit(dataDir);
        expect(code).toBe(1);
        expect(stderr.replaceAll(dataDir, "<data>")).toBe(
          "error: the data folder <data> is not writable: the file system is mounted read-only (EROFS); mount it read-write, or set SITE_DATA_DIR to a folder on a writable one\n",
        );
      } finally {
        unmount(dataDir);
      }
    },
    20_000,
  );

  test.skipIf(!canMount)(
    "a data folder that cannot be created",
    async () => {
      const parent = path.join(work.dir, "read-only-parent");
      mkdirSync(parent);
      mountReadOnly(parent);
      try {
        const { code, stderr } = await serveUntilExit(path.join(parent, "data"));
        expect(code).toBe(1);
        expect(stderr.replaceAll(parent, "<parent>")).toBe(
          "error: cannot create the data folder <parent>/data: the file system is mounted read-only (EROFS); mount it read-write, or set SITE_DATA_DIR to a folder on a writable one\n",
        );
      } finally {
        unmount(parent);
      }
    },
    20_000,
  );

  // Run as `nobody`, since root may write any file whatever its mode: the case of a -wal file
  // left behind by `sqlite3` run as root, which the server's own user may not write.
  test.skipIf(!isRoot)(
    "a -wal file that belongs to another user",
    async () => {
      const dataDir = path.join(work.dir, "foreign-wal");
      leaveStoreWithWal(dataDir);
      for (const file of [dataDir, path.join(dataDir, "messages.db"), path.join(dataDir, "messages.db-shm")]) chownSync(file, nobody, nobody);
      chmodSync(path.join(dataDir, "messages.db-wal"), 0o644);
      const { code, stderr } = await serveUntilExit(dataDir, nobody);
      expect(code).toBe(1);
      const wal = path.join(dataDir, "messages.db-wal");
      expect(stderr.replaceAll(wal, "<wal>")).toBe(
        "error: <wal> is not writable: user nobody may not write it (EACCES); give it to that user: chown nobody <wal> && chmod 600 <wal>\n",
      );
    },
    20_000,
  );
});

describe.skipIf(!canMount)("a store that becomes unwritable while the server runs", () => {
  test("a full disk: messages get 503 meanwhile, one log line says so, pages go on, and messages are taken again once there is room", async () => {
    const dataDir = path.join(work.dir, "full");
    mountTmpfs(dataDir, 2 * 1024 * 1024);
    const site = await serve(dist, { SITE_DATA_DIR: dataDir, TRUST_PROXY: "1" });
    let client = 0;
    const post = (marker: string) => postForm(site.url, validMessage(marker), { "X-Forwarded-For": `192.0.2.${++client}` });
    try {
      expect((await post("before")).json).toEqual({ success: true });
      const filler = fillDisk(dataDir);
      for (let index = 0; index < 4; index++) {
        const answer = await post(`full-${index}`);
        expect([answer.status, answer.headers.get("retry-after")]).toEqual([503, "60"]);
        expect((await timedGet(`${site.url}/en`)).status).toBe(200);
      }
      rmSync(filler);
      expect((await post("after")).json).toEqual({ success: true });

      const episodes = site.log.lines.filter((line) => line.event === "store.unavailable" || line.event === "store.available");
      expect(episodes.map((line) => [line.event, line.code ?? line.failures])).toEqual([
        ["store.unavailable", "SQLITE_FULL"],
        ["store.available", 4],
      ]);
      // Apart from those two, each refused message has its request line, with status 503.
      expect(site.log.lines.filter((line) => line.event === "request" && line.status === 503)).toHaveLength(4);
    } finally {
      await site.stop();
      unmount(dataDir);
    }
  }, 30_000);
});
