import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, watch, writeFileSync } from "node:fs";
import { mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { incompleteMarker } from "../../src/shared/manifest.ts";
import { serve } from "../server/helpers.ts";
import { fileTree } from "../support/file-tree.ts";
import { fixtureSite } from "../support/fixture-site.ts";
import { repoRoot, runSite } from "../support/servers.ts";

// Each test builds a copy of the real site two or three times, in processes of their own.
const slow = { timeout: 120_000 };

let site: string;
let dist: string;

beforeEach(async () => {
  site = await fixtureSite();
  dist = path.join(site, "dist");
  expect((await runSite(["build", "--root", site])).code).toBe(0);
  // A new English name: every page the next build makes differs from this build's.
  const config = path.join(site, "site.config.yml");
  const text = await readFile(config, "utf8");
  expect(text).toMatch(/^ {2}en: Nafplio Locksmith$/m);
  await writeFile(config, text.replace(/^ {2}en: Nafplio Locksmith$/m, "  en: Nafplio Keys"));
});

afterEach(async () => {
  await rm(site, { recursive: true, force: true });
});

/** `site build` in the site folder, started; `exited` resolves with how it ended and what it printed. */
function startBuild(args: string[] = []) {
  const child = spawn(process.execPath, [path.join(repoRoot, "bin/site.js"), "build", "--root", site, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; lines: string[] }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal, stdout, lines: stderr.split("\n").filter((line) => line && !line.startsWith("warning:")) })),
  );
  return { child, exited };
}

/**
 * Pages of an earlier, larger site in dist/, which the next build no longer writes: the move
 * removes them before it moves anything in, which keeps it going some 0.3 s instead of 0.05, so
 * that a signal sent as it begins surely comes while it runs.
 */
async function addRemovedPages(count = 10_000) {
  await mkdir(path.join(dist, "en/blog/old"), { recursive: true });
  for (let i = 0; i < count; i++) writeFileSync(path.join(dist, `en/blog/old/post-${i}.html`), "<!DOCTYPE html><title>An old post</title>");
}

/** Resolves as soon as the build starts changing dist/: its first act is to write the marker of an incomplete build there. */
function firstChangeTo(dir: string): { seen: Promise<void>; close: () => void } {
  let close = () => {};
  const seen = new Promise<void>((resolve) => {
    const watcher = watch(dir, (_, name) => name === incompleteMarker && resolve());
    close = () => watcher.close();
  });
  return { seen, close };
}

/** The staging folders in the site folder: `dist.tmp-<pid>-<time>`. */
const stagingFolders = async () => (await readdir(site)).filter((name) => name.startsWith("dist.tmp-"));

/** Every file of dist/ with its inode, its modification time and its bytes: the same as long as nothing replaced or wrote it. */
async function identities(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const [file, bytes] of await fileTree(dir)) {
    const { ino, mtimeNs } = await stat(path.join(dir, file), { bigint: true });
    found.set(file, `${ino} ${mtimeNs} ${createHash("sha256").update(bytes).digest("hex")}`);
  }
  return found;
}

/** Every file of a folder with the digest of its bytes, but for site.json, which names the folder it was built for. */
async function contentOf(dir: string): Promise<Map<string, string>> {
  const files = [...(await fileTree(dir))].filter(([file]) => !file.startsWith("site.json"));
  return new Map(files.map(([file, bytes]) => [file, createHash("sha256").update(bytes).digest("hex")]));
}

/** What a build of the site as it is now writes (see contentOf). */
async function builtNow(): Promise<Map<string, string>> {
  const out = path.join(site, "reference");
  expect((await runSite(["build", "--root", site, "--out", out])).code).toBe(0);
  const files = await contentOf(out);
  await rm(out, { recursive: true });
  return files;
}

test("Ctrl-C while the pages are made stops the build at once: exit 130, its staging folder gone, dist/ the previous build file for file", slow, async () => {
  const before = await identities(dist);
  const build = startBuild(["--force"]);
  // Stopped as soon as it has written something of its own.
  const hasWritten = async () => (await Promise.all((await stagingFolders()).map((folder) => readdir(path.join(site, folder))))).some((names) => names.length);
  while (!(await hasWritten())) await new Promise((resolve) => setTimeout(resolve, 5));
  build.child.kill("SIGINT");
  const { code, stdout, lines } = await build.exited;
  expect(await identities(dist)).toEqual(before);
  expect(await stagingFolders()).toEqual([]);
  expect(code).toBe(130);
  expect(stdout).toBe("");
  expect(lines).toEqual(["Build stopped (SIGINT): dist/ is the previous build, unchanged."]);
});

test("SIGTERM once the build has begun moving its files into dist/ lets it finish: exit 143, and dist/ is the whole new build", slow, async () => {
  await addRemovedPages();
  const change = firstChangeTo(dist);
  const build = startBuild(["--force"]);
  try {
    await change.seen;
    build.child.kill("SIGTERM");
  } finally {
    change.close();
  }
  const { code, stdout, lines } = await build.exited;
  expect(existsSync(path.join(dist, incompleteMarker))).toBe(false);
  expect(await contentOf(dist)).toEqual(await builtNow());
  expect(await readFile(path.join(dist, "en/prices.html"), "utf8")).toContain("Nafplio Keys");
  expect(await stagingFolders()).toEqual([]);
  expect(code).toBe(143);
  expect(stdout).toBe("");
  expect(lines).toEqual(["Build stopped (SIGTERM) once its files were moving into dist/: dist/ is the new build."]);
});

test(
  "a build killed while moving its files in leaves dist/ marked incomplete: --if-needed builds it whole again and removes what the killed build left",
  slow,
  async () => {
    await addRemovedPages();
    const change = firstChangeTo(dist);
    const build = startBuild(["--force"]);
    try {
      await change.seen;
      build.child.kill("SIGKILL");
    } finally {
      change.close();
    }
    expect((await build.exited).signal).toBe("SIGKILL");
    // Killed as the move began: dist/ is neither build.
    expect(existsSync(path.join(dist, incompleteMarker))).toBe(true);
    expect(await stagingFolders()).toHaveLength(1);

    const again = await runSite(["build", "--if-needed", "--root", site]);
    expect(again.stdout).toMatch(/^Built 160 pages/);
    expect(existsSync(path.join(dist, incompleteMarker))).toBe(false);
    expect(await stagingFolders()).toEqual([]);
    expect(await contentOf(dist)).toEqual(await builtNow());
    expect((await runSite(["build", "--if-needed", "--root", site])).stdout).toBe("dist/ is up to date.\n");
    // Killed after site.json was moved in, the marker alone says the rest may not be.
    await writeFile(path.join(dist, incompleteMarker), "");
    expect((await runSite(["build", "--if-needed", "--root", site])).stdout).toMatch(/^Built 160 pages/);
    expect(existsSync(path.join(dist, incompleteMarker))).toBe(false);
  },
);

test("site serve on a dist/ marked incomplete serves it, and warns with what to do", slow, async () => {
  await writeFile(path.join(dist, incompleteMarker), "A build was moving its files into this folder");
  const server = await serve(dist, { SITE_DATA_DIR: path.join(site, "data") });
  try {
    expect((await fetch(`${server.url}/en/prices`)).status).toBe(200);
    expect(server.log.lines.filter((line) => line.event === "site.incomplete")).toEqual([
      {
        level: "warn",
        event: "site.incomplete",
        note: `${dist}/ is incomplete: a build was killed while moving its files in, and some are from the build before it; run \`site build\` (npm start does it first)`,
      },
    ]);
    expect(await (await fetch(`${server.url}/${incompleteMarker}`)).text()).not.toContain("A build was moving");
  } finally {
    await server.stop();
  }
});

test("a build removes the staging folders of builds no longer running, never one of a build that runs; git ignores them", slow, async () => {
  // A process that has ended, and this one, which runs.
  const ended = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => ended.on("exit", resolve));
  const folders = [`dist.tmp-${ended.pid}-1767225600000`, `dist.tmp-${process.pid}-1767225600000`, "dist.tmp-notes"];
  for (const folder of folders) {
    await mkdir(path.join(site, folder, "en"), { recursive: true });
    await writeFile(path.join(site, folder, "en/prices.html"), "<!DOCTYPE html>");
  }
  expect((await runSite(["build", "--root", site])).code).toBe(0);
  expect((await stagingFolders()).sort()).toEqual(folders.slice(1).sort());

  const ignored = await new Promise<number | null>((resolve) =>
    spawn("git", ["check-ignore", "-q", `dist.tmp-${ended.pid}-1767225600000/en/prices.html`], { cwd: repoRoot }).on("exit", resolve),
  );
  expect(ignored).toBe(0);
});
