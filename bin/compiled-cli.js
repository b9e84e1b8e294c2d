// The CLI as one compiled JavaScript module, made from src/ by esbuild the first time it is needed
// and kept until a source changes, so a command does not compile TypeScript each time it starts.
import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const sources = path.join(root, "src");
const cacheDir = path.join(root, "node_modules", ".cache", "site-cli");

/** Every file under src/, sorted. */
function sourceFiles() {
  return readdirSync(sources, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

// The packages installed (npm writes this file on every install): the assets compiled with the
// code (Tailwind's stylesheet, the island scripts) depend on their versions.
const installed = path.join(root, "node_modules", ".package-lock.json");

/** What the compiled module is made from: every source's name, size and time, the compiler's version and the packages installed. */
function fingerprint(esbuildVersion) {
  const hash = createHash("sha256").update(`${process.version} esbuild ${esbuildVersion}\n`);
  for (const file of [...sourceFiles(), path.join(root, "tsconfig.json"), fileURLToPath(import.meta.url), installed]) {
    const { size, mtimeMs } = statSync(file, { throwIfNoEntry: false }) ?? { size: -1, mtimeMs: 0 };
    hash.update(`${file} ${size} ${mtimeMs}\n`);
  }
  return hash.digest("hex").slice(0, 16);
}

// Threads and processes are started from a file of their own (`new URL("./write-thread.ts",
// import.meta.url)`, `./photo-process.ts`): each is compiled beside the CLI, under its path in src/
// (`generator/write-thread.js`), and started from there, not from its TypeScript source.
const threadFile = /new URL\("\.\/([\w-]+-(?:thread|process))\.ts", import\.meta\.url\)/g;

/** A thread's entry name: its source's path in src/ without the extension. */
const threadEntry = (from, name) => path.relative(sources, path.join(path.dirname(from), name));

function threadEntries() {
  const entries = {};
  for (const file of sourceFiles().filter((file) => /\.tsx?$/.test(file)))
    for (const [, name] of readFileSync(file, "utf8").matchAll(threadFile)) entries[threadEntry(file, name)] = path.join(path.dirname(file), `${name}.ts`);
  return entries;
}

// Modules find their files next to their source (templates, styles), so each keeps the location
// of its own source file when bundled.
const sourceLocation = (target) => ({
  name: "source-location",
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      let contents = await readFile(args.path, "utf8");
      if (contents.includes("import.meta."))
        contents = contents
          .replace(threadFile, (_, name) => `new URL(${JSON.stringify(pathToFileURL(path.join(target, `${threadEntry(args.path, name)}.js`)).href)})`)
          .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll("import.meta.dirname", JSON.stringify(path.dirname(args.path)))
          .replaceAll("import.meta.filename", JSON.stringify(args.path));
      return { contents, loader: args.path.endsWith(".tsx") ? "tsx" : "ts" };
    });
  },
});

// Packages stay where npm put them and load as they are, but for zod: its 95 modules (most of
// them the messages of 40 languages) took some 35 ms to load in every command that reads a
// config or a document; bundled in, they take about a quarter of that.
const bundledPackages = /^zod(\/|$)/;
const packagesExternal = {
  name: "packages-external",
  setup(build) {
    build.onResolve({ filter: /^[^./]|^\.[^./]|^\.\.[^/]/ }, (args) => (bundledPackages.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

// zod's messages in 40 languages (its locales, half of what it brings) are never shown: the
// site's own messages name each problem (src/generator/yaml-source.ts). Only English, which zod
// sets for itself, is bundled: loading the bundle took 50 ms of every command that reads a config
// or a document, now some 10 ms less.
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";\n',
      resolveDir: path.dirname(args.path),
    }));
  },
};

const assetsEntry = "generator/compiled-assets";

async function compile(target) {
  const esbuild = await import("esbuild");
  const partial = `${target}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: { cli: path.join(sources, "cli.ts"), [assetsEntry]: path.join(sources, `${assetsEntry}.ts`), ...threadEntries() },
    outdir: partial,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node24",
    jsx: "automatic",
    chunkNames: "chunks/[name]-[hash]",
    logLevel: "silent",
    define: { SITE_COMPILED_ASSETS: JSON.stringify(path.join(target, "assets")) },
    plugins: [packagesExternal, zodEnglishOnly, sourceLocation(target)],
  });
  // Node finds a .js file's module system in the nearest package.json, but never looks past
  // node_modules/: without one of its own, each compiled module was read as text and scanned for
  // import and export before it was loaded (36 ms of a profiled cold build on a slow day).
  await writeFile(path.join(partial, "package.json"), '{ "type": "module" }\n');
  // The templates' stylesheet and every island script, made from the sources with the code (see
  // src/generator/compiled-assets.ts). Where they cannot be made (a template esbuild cannot
  // bundle), a build makes them itself, as the sources do, and says what is wrong.
  try {
    const { writeCompiledAssets } = await import(pathToFileURL(path.join(partial, `${assetsEntry}.js`)).href);
    await writeCompiledAssets(path.join(partial, "assets"));
  } catch {
    await rm(path.join(partial, "assets"), { recursive: true, force: true });
  }
  // Several commands may start at once: the first to finish puts its copy in place.
  await mkdir(path.dirname(target), { recursive: true });
  await rename(partial, target).catch(() => rm(partial, { recursive: true, force: true }));
  // Older copies are of sources that no longer exist; a command started from one may still be
  // loading its parts, so only copies an hour old go.
  for (const name of await readdir(cacheDir).catch(() => [])) {
    if (name === "v8") continue;
    const folder = path.join(cacheDir, name);
    const age = Date.now() - (statSync(folder, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (target !== folder && age > 3_600_000) await rm(folder, { recursive: true, force: true }).catch(() => {});
  }
}

/** The folder of the compiled copy of the current sources (made by the first command that needs it). */
export async function compiledFolder() {
  const { version } = JSON.parse(await readFile(path.join(root, "node_modules/esbuild/package.json"), "utf8"));
  return path.join(cacheDir, fingerprint(version));
}

/**
 * The CLI module: compiled from the current sources (esbuild, a fraction of a second, once), or
 * where that cannot be written (a read-only install), the TypeScript sources run through tsx.
 */
export async function loadCli() {
  let entry;
  try {
    const target = await compiledFolder();
    entry = path.join(target, "cli.js");
    if (!statSync(entry, { throwIfNoEntry: false })) await compile(target);
  } catch {
    const { register } = await import("tsx/esm/api");
    register();
    return import("../src/cli.ts");
  }
  return import(pathToFileURL(entry).href);
}
