// What compiling the CLI makes besides its code (bin/compiled-cli.js): the templates' stylesheet
// and the script of every set of islands. Both come from the generator's sources alone, whatever
// the site, so they are made once with the code, and a build takes them as it takes the compiled
// code instead of starting Tailwind and esbuild (a tenth of a cold build of the real site).
// The sources run as they are (tsx, the tests, site dev's worker, which reloads the templates
// as they change) have none, and make both as a build needs them, as before.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { compileTemplatesSheet, type TemplatesSheet } from "./build-css.ts";
import { bundleIslands, everyIslandSet, type IslandScript } from "./bundle-islands.ts";
import { packageRoot } from "./package-root.ts";
import { brotliOptions } from "./write-files.ts";

/** The folder of the compiled CLI's assets: set by its compiler (esbuild's `define`), absent where the sources run as they are. */
declare const SITE_COMPILED_ASSETS: string | undefined;

/** The templates' stylesheet, as build-css.ts makes it, and where its classes come from. */
export const templatesStylesheet = path.join(packageRoot, "src/templates/styles.css");
/** The modules that give pages and island scripts their classes (templates, client, shared). */
export const classSources = ["templates", "client", "shared"].map((folder) => path.join(packageRoot, "src", folder));

export interface CompiledAssets {
  sheet: TemplatesSheet;
  /** The script of a set of islands (by islandSetKey), as bundleIslands makes it, with its .br as a build writes it. */
  island(key: string): IslandScript | undefined;
}

const sheetFile = "templates-sheet.json";
const islandFile = (key: string) => path.join("islands", `${key}.json`);
const compressedFile = (key: string) => path.join("islands", `${key}.js.br`);

/**
 * Makes the assets into `folder` (the compiled CLI's, before it is put in place). The island
 * scripts' .br, at brotli's best quality, is most of a cold build's compressing at 160 pages (a
 * tenth of a second, while the pages wait): made here, in parallel, once per compile.
 */
export async function writeCompiledAssets(folder: string): Promise<void> {
  const [sheet, islands] = await Promise.all([compileTemplatesSheet(templatesStylesheet, classSources), bundleIslands(everyIslandSet())]);
  mkdirSync(path.join(folder, "islands"), { recursive: true });
  writeFileSync(path.join(folder, sheetFile), JSON.stringify(sheet));
  // zlib is loaded here, where the copies are made, not by every build that reads the assets.
  const compress = promisify(process.getBuiltinModule("node:zlib").brotliCompress);
  await Promise.all(
    [...islands].map(async ([key, script]) => {
      const code = Buffer.from(script.code);
      writeFileSync(path.join(folder, islandFile(key)), JSON.stringify(script));
      // Under the name it is written to (`assets/islands.3f9a1c2b7d.js`), which sets its quality.
      writeFileSync(path.join(folder, compressedFile(key)), await compress(code, brotliOptions(script.url.slice(1), code.length)));
    }),
  );
}

/** The compiled CLI's assets, or none (sources run as they are, or a compile that could not make them). */
export function compiledAssets(folder = typeof SITE_COMPILED_ASSETS === "string" ? SITE_COMPILED_ASSETS : undefined): CompiledAssets | undefined {
  if (!folder) return undefined;
  let sheet: TemplatesSheet;
  try {
    sheet = JSON.parse(readFileSync(path.join(folder, sheetFile), "utf8")) as TemplatesSheet;
  } catch {
    return undefined;
  }
  const islands = new Map<string, IslandScript | undefined>();
  return {
    sheet,
    island(key) {
      if (!islands.has(key)) {
        let script: IslandScript | undefined;
        try {
          script = JSON.parse(readFileSync(path.join(folder, islandFile(key)), "utf8")) as IslandScript;
          script.compressed = readFileSync(path.join(folder, compressedFile(key)));
        } catch {
          // Not among them: bundled as the build needs it (or, without its .br, compressed as it is written).
        }
        islands.set(key, script);
      }
      return islands.get(key);
    },
  };
}
