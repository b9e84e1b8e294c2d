import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { compileTemplatesSheet, createCssBuilder } from "../../src/generator/build-css.ts";
import { bundleIslands, everyIslandSet, islandModules } from "../../src/generator/bundle-islands.ts";
import { classSources, compiledAssets, templatesStylesheet, writeCompiledAssets } from "../../src/generator/compiled-assets.ts";
import { brotliCopy } from "../../src/generator/write-files.ts";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "site-compiled-assets-"));
  await writeCompiledAssets(folder);
});
afterAll(() => rm(folder, { recursive: true, force: true }));

test("the compiled CLI's assets are the templates' sheet and every set of islands' script, as a build from the sources makes them", async () => {
  const assets = compiledAssets(folder)!;
  expect(assets.sheet).toEqual(await compileTemplatesSheet(templatesStylesheet, classSources));
  const sets = everyIslandSet();
  expect(sets).toHaveLength(2 ** Object.keys(islandModules).length - 1);
  expect(sets).toContain("language-hint+language-switcher+menu");
  for (const key of sets) {
    const { compressed, ...script } = assets.island(key)!;
    expect(script, key).toEqual((await bundleIslands([key])).get(key));
    // Its .br, made in parallel with the others: the bytes a build's writer would make of it.
    expect(compressed!.equals(brotliCopy(script.url.slice(1), Buffer.from(script.code))), key).toBe(true);
    expect(brotliDecompressSync(compressed!).toString()).toBe(script.code);
  }
  expect(assets.island("no-such-island")).toBeUndefined();
  // None where the folder has none, and none for the sources run as they are (as here).
  expect(compiledAssets(path.join(folder, "missing"))).toBeUndefined();
  expect(compiledAssets()).toBeUndefined();
});

test("a page's CSS cut from the templates' sheet made before is the CSS Tailwind makes in the build, also for classes the templates lack", async () => {
  const { sheet } = compiledAssets(folder)!;
  const made = await createCssBuilder(templatesStylesheet, undefined, classSources, sheet);
  const compiled = await createCssBuilder(templatesStylesheet, undefined, classSources);
  const pages = [
    '<main class="mx-auto max-w-6xl px-4"><h1 class="text-3xl font-bold">Prices</h1><p class="mt-2 text-slate-700">From 40 €</p></main>',
    // Classes no template has (the owner's HTML in a document): Tailwind is loaded for them.
    '<main class="px-4"><p class="rotate-[17deg] text-[#123456]">A</p></main>',
    '<main class="px-4"><p class="text-lg">B</p></main>',
  ];
  for (const page of pages) expect(await made.cssFor(page), page).toBe(await compiled.cssFor(page));
  expect(await made.cssFor(pages[1]!)).toContain("rotate:17deg");
  expect(await made.cssFor(pages[1]!)).toContain("color:#123456");
});
