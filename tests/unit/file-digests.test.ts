import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createFileDigests } from "../../src/generator/file-digests.ts";

let dir: string;
let photo: string;
// Every file read, in order: what a build would have hashed.
let read: string[];
const sha256 = (file: string) => {
  read.push(path.basename(file));
  return createHash("sha256").update(readFileSync(file)).digest("hex");
};
// A clock a minute ahead: every file written by the test has settled.
const later = () => Date.now() + 60_000;
const digests = (earlier?: string, clock: () => number = later) => createFileDigests(earlier, "sha256", sha256, clock);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "site-digests-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(async () => {
  read = [];
  photo = path.join(dir, `van-${Math.random().toString(36).slice(2)}.jpg`);
  await writeFile(photo, "the van at the harbour");
});

describe("a file's digest, kept from one build to the next", () => {
  test("is not read again while the file is the same file as the last build read", async () => {
    const first = digests();
    const digest = first.of(photo);
    expect(first.of(photo), "asked twice, read once").toBe(digest);
    const second = digests(first.remembered());
    expect(second.of(photo)).toBe(digest);
    expect(read).toEqual([path.basename(photo)]);
    expect(second.remembered(), "nothing to write again").toBeUndefined();
  });

  test("is taken from the last build without reading the file: the file's identity vouches for its bytes", async () => {
    const first = digests();
    first.of(photo);
    // What the last build remembered, with another digest for the same identity: taken as it is.
    const kept = JSON.parse(first.remembered()!) as { files: Record<string, [string, string]> };
    kept.files[photo]![1] = "f".repeat(64);
    expect(digests(JSON.stringify(kept)).of(photo)).toBe("f".repeat(64));
  });

  test("is made anew for a file written again, even with the same size and its times set back", async () => {
    const first = digests();
    const digest = first.of(photo);
    const { atime, mtime } = await stat(photo);
    // Past the tick of the clock the file was written in (what the two seconds' wait is for in a build).
    await new Promise((resolve) => setTimeout(resolve, 50));
    await writeFile(photo, "the van at the harbou!");
    await utimes(photo, atime, mtime);
    const second = digests(first.remembered());
    expect(second.of(photo)).not.toBe(digest);
    expect(read).toHaveLength(2);
    // Remembered as it is now.
    expect(digests(second.remembered()).of(photo)).toBe(second.of(photo));
    expect(read).toHaveLength(2);
  });

  test("is made anew for another file put in its place under the same name", async () => {
    const first = digests();
    first.of(photo);
    const other = `${photo}.new`;
    await writeFile(other, await readFile(photo));
    await rename(other, photo);
    digests(first.remembered()).of(photo);
    expect(read).toHaveLength(2);
  });

  test("of a file changed in the last two seconds is made each time, and not remembered", async () => {
    const first = digests(undefined, Date.now);
    first.of(photo);
    expect(first.remembered(), "nothing settled to remember").toBeUndefined();
    digests(first.remembered(), Date.now).of(photo);
    expect(read).toHaveLength(2);
  });

  test("made by another kind of digest, or unreadable, is not taken", async () => {
    const first = digests();
    first.of(photo);
    const remembered = first.remembered()!;
    createFileDigests(remembered, "sha256 of other settings", sha256, later).of(photo);
    digests(remembered.slice(0, 20)).of(photo);
    expect(read).toHaveLength(3);
  });

  test("of a file no longer asked for is forgotten; a file gone is not an error", async () => {
    const other = path.join(dir, "shop.jpg");
    await writeFile(other, "the shop");
    const first = digests();
    first.of(photo);
    first.of(other);
    await rm(other);
    const second = digests(first.remembered());
    second.of(photo);
    expect(Object.keys((JSON.parse(second.remembered()!) as { files: object }).files)).toEqual([photo]);
    expect(() => second.of(other), "reading it is what fails").toThrow(/ENOENT/);
  });
});
