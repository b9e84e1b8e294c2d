import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createDevSession, type DevSession } from "../../src/generator/dev-session.ts";
import { fixtureSite, ownCacheDir } from "../support/fixture-site.ts";

// `site dev` keeps the site in memory and, when the owner saves a document, reads that file
// alone and puts its new read in the old one's place (in the route table, the blog's lists, the
// related posts and neighbours). Whatever was saved, every page, list, feed and the sitemap it
// then serves must be what a session that read the whole site afresh serves.
let site: string;
let cache: string;
const post = "content/blog/spare-key-importance/en.md";
const neighbour = "content/blog/car-lockout-nafplio/en.md";
const quietly = <T>(work: () => Promise<T>) => {
  const warn = console.warn;
  console.warn = () => {};
  return work().finally(() => (console.warn = warn));
};

beforeAll(async () => {
  site = await fixtureSite();
  cache = await ownCacheDir();
});
afterAll(async () => {
  await rm(site, { recursive: true, force: true });
  await rm(cache, { recursive: true, force: true });
});

/** What the session serves for every file of its version: pages, lists, feeds, the sitemap. */
async function served(session: DevSession, files: string[]): Promise<Map<string, string>> {
  const made = new Map<string, string>();
  for (const file of files.filter((name) => /\.(html|xml)$/.test(name))) made.set(file, String(await session.file(file)));
  return made;
}

const filesOf = new WeakMap<DevSession, string[]>();

/** Reads the site again; the files of the version it gives (as they were, when the update says nothing of them). */
async function update(session: DevSession, changed?: string[]): Promise<string[]> {
  const result = await quietly(() => session.update(changed));
  if ("problems" in result) throw new Error(result.problems);
  if (result.routing) filesOf.set(session, result.routing.files);
  return filesOf.get(session)!;
}

/** The time each stage has taken so far: a stage that ran again has a new total. */
const stagesRun = (session: DevSession) => new Map(session.timings.stages().map(([stage, ms]) => [stage, ms]));

test("after each kind of save, the kept session serves what a fresh read of the site serves", async () => {
  const kept = createDevSession(site, { cacheDir: cache });
  await served(kept, await update(kept));
  const original = new Map<string, string>();
  for (const file of [post, neighbour]) original.set(file, await readFile(path.join(site, file), "utf8"));

  // Each save starts from the file as it was (a new file from the post); `shows` is a word it adds that some page must show.
  const saves: { what: string; file: string; change: (text: string) => string; whole: boolean; shows?: string }[] = [
    { what: "a new paragraph", file: post, change: (text) => text.replace(/\n## /, "\nA sentence about a quokka.\n\n## "), whole: false, shows: "quokka" },
    // After a change of text alone, the lists still hold the earlier read: a new title must reach them all the same.
    {
      what: "a new title",
      file: post,
      change: (text) => text.replace(/^title: .*$/m, 'title: "Why a spare key matters: the Keybox advice"'),
      whole: false,
      shows: "Keybox",
    },
    {
      what: "a new excerpt and text in a neighbouring post",
      file: neighbour,
      change: (text) =>
        text
          .replace(/^excerpt: .*$/m, 'excerpt: "Locked out of a car by the kerbside: what to do."')
          .replace(/\n## /, "\nAnother sentence, in a neighbour.\n\n## "),
      whole: false,
      shows: "kerbside",
    },
    // A new date moves the post in the lists: the site is read afresh.
    { what: "a new date", file: post, change: (text) => text.replace(/^date: .*$/m, "date: 2020-01-02"), whole: true },
    // A new post is a new page in every list: the site is read afresh, its files in the order a build reads them.
    {
      what: "a new post",
      file: "content/blog/aaa-quince-keys/en.md",
      change: (text) =>
        text
          .replace(/^title: .*$/m, 'title: "Quince keys: a new post"')
          .replace(/^description: .*$/m, 'description: "A post about quince keys, added while site dev runs."'),
      whole: true,
      shows: "Quince",
    },
    {
      what: "a new paragraph after a post was added",
      file: neighbour,
      change: (text) => text.replace(/\n## /, "\nA sentence about a wombat.\n\n## "),
      whole: false,
      shows: "wombat",
    },
  ];
  for (const save of saves) {
    const relative = save.file;
    await mkdir(path.dirname(path.join(site, relative)), { recursive: true });
    await writeFile(path.join(site, relative), save.change(original.get(relative) ?? original.get(post)!));
    const before = stagesRun(kept);
    const files = await update(kept, [relative]);
    // Only a save that moves a document makes the list of pages again.
    expect(stagesRun(kept).get("pages") !== before.get("pages"), save.what).toBe(save.whole);

    const fresh = createDevSession(site, { cacheDir: cache });
    const freshFiles = await update(fresh);
    expect([...files].sort(), save.what).toEqual([...freshFiles].sort());
    const [got, expected] = [await served(kept, files), await served(fresh, freshFiles)];
    for (const [file, content] of expected) expect(got.get(file), `${save.what}: ${file}`).toBe(content);
    if (save.shows)
      expect(
        [...got.values()].some((content) => content.includes(save.shows!)),
        save.what,
      ).toBe(true);
  }
}, 120_000);

test("a page's card is served when it is asked for before its page, as site build's output has it", async () => {
  const session = createDevSession(site, { cacheDir: cache });
  await update(session);
  try {
    // The card's address as the page names it, read from another session that made the page.
    const other = createDevSession(site, { cacheDir: cache });
    await update(other);
    const page = String(await other.file("en/prices.html"));
    await other.stop();
    const card = /<meta property="og:image" content="https:\/\/[^/]+\/([^"]+)"/.exec(page)![1]!;
    expect(card).toMatch(/^assets\/og\/en-prices\.[0-9a-f]{10}\.png$/);

    const bytes = await session.file(card);
    expect(Buffer.isBuffer(bytes) && bytes.subarray(1, 4).toString()).toBe("PNG");
    // An address no page names stays unknown.
    expect(await session.file(card.replace(/\.[0-9a-f]{10}\.png$/, ".0000000000.png"))).toBeUndefined();
    expect(await session.file("assets/og/no-such-page.0000000000.png")).toBeUndefined();
  } finally {
    await session.stop();
  }
});
