import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BuildError } from "../../src/generator/errors.ts";
import { listFiles } from "../../src/generator/list-files.ts";
import { loadConfig } from "../../src/generator/load-config.ts";
import { loadContent, secondReaderFrom } from "../../src/generator/load-content.ts";
import { readOne } from "../../src/generator/read-document.ts";
import type { SiteConfig } from "../../src/shared/config.ts";
import { makeScaledSite } from "../support/scaled-site.ts";
import { repoRoot } from "../support/servers.ts";

// A site with 120 posts per language: over 600 documents.
describe("reading a large site's documents on two threads", () => {
  let root: string;
  let content: string;
  let config: SiteConfig;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "site-read-"));
    await makeScaledSite(root, 120);
    content = path.join(root, "content");
    config = await loadConfig(path.join(root, "site.config.yml"), {});
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  test("gives every document, in order, exactly as reading them one by one on this thread does", async () => {
    const files = (await listFiles(content)).filter((file) => file.endsWith(".md"));
    // Enough documents, and a core for the second reader: the two threads share the reading.
    expect(files.length).toBeGreaterThan(secondReaderFrom);
    expect(os.availableParallelism()).toBeGreaterThanOrEqual(2);
    const oneByOne = await Promise.all(
      files.map(async (file) => readOne(content, file, path.join(content, file), await readFile(path.join(content, file), "utf8"), config, false).read),
    );
    const { documents, draftsLeftOut } = await loadContent(content, config);
    expect(draftsLeftOut).toEqual([]);
    expect(documents).toEqual(oneByOne.map((read) => (read && "document" in read ? read.document : undefined)).filter(Boolean));
  });

  test("names every problem, at its line, in the files' order, whichever thread found it", async () => {
    const files = (await listFiles(content)).filter((file) => file.endsWith(".md"));
    // The first file is read on this thread, the last by the second reader (it takes the list from its end).
    const [first, last] = [files[0]!, files.at(-1)!];
    const texts = await Promise.all([first, last].map((file) => readFile(path.join(content, file), "utf8")));
    try {
      await writeFile(path.join(content, first), texts[0]!.replace(/^title: .*$/m, "title:"));
      await writeFile(path.join(content, last), texts[1]!.replace(/^description: .*$/m, 'description: "not closed'));
      const error = await loadContent(content, config, (file) => path.relative(root, file)).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(error).toBeInstanceOf(BuildError);
      const lines = (error as BuildError).message.split("\n").filter((line) => line.startsWith("content/"));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(new RegExp(`^content/${first}:\\d+(:\\d+)?: .*title`));
      expect(lines[1]).toMatch(new RegExp(`^content/${last}:\\d+(:\\d+)?: front matter is not valid YAML`));
    } finally {
      await writeFile(path.join(content, first), texts[0]!);
      await writeFile(path.join(content, last), texts[1]!);
    }
  });
});

describe("the front matter block, found by gray-matter", () => {
  test("without loading gray-matter's own YAML parser (js-yaml 3 and esprima), which the site's front matter never reaches", async () => {
    // One of the site's own articles, read as a build reads it.
    const content = path.join(repoRoot, "content");
    const file = "blog/spare-key-importance/en.md";
    const config = await loadConfig(path.join(repoRoot, "site.config.yml"), {});
    const { read, problems } = readOne(content, file, `content/${file}`, await readFile(path.join(content, file), "utf8"), config, false);
    expect(problems).toEqual([]);
    expect(read && "document" in read && read.document.title).toMatch(/spare key/i);
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.filter((file) => file.endsWith(path.join("gray-matter", "index.js")))).toHaveLength(1);
    // The stand-in for its YAML parser is the one entry of js-yaml 3 (lib/ has its modules); esprima is not there.
    expect(loaded.filter((file) => /[\\/](esprima|js-yaml)[\\/]/.test(file) && !file.endsWith(path.join("js-yaml", "index.js")))).toEqual([]);
  });
});
