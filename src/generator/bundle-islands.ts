import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type * as esbuild from "esbuild";
import { assetsFolder } from "../shared/caching.ts";
import type { IslandName } from "../templates/islands/Island.tsx";
import { BuildError } from "./errors.ts";
import { packageRoot } from "./package-root.ts";
import { digestOf } from "./cache-names.ts";
import { stringWords } from "./build-css.ts";

/** The islands' `react` imports, answered in the browser by the site's own runtime (src/client/runtime/). */
export const reactToRuntime: esbuild.Plugin = {
  name: "react-to-runtime",
  setup(build) {
    build.onResolve({ filter: /^react$/ }, () => ({ path: path.join(packageRoot, "src/client/react.ts") }));
    build.onResolve({ filter: /^react\/jsx-runtime$/ }, () => ({ path: path.join(packageRoot, "src/client/runtime/jsx-runtime.ts") }));
  },
};

/** Where each island's component lives: the module under src/templates/islands/ and its export. */
export const islandModules: Record<IslandName, { file: string; name: string }> = {
  menu: { file: "Menu.tsx", name: "Menu" },
  "language-switcher": { file: "LanguageSwitcher.tsx", name: "LanguageSwitcher" },
  "language-hint": { file: "LanguageHint.tsx", name: "LanguageHint" },
  "blog-filter": { file: "BlogFilter.tsx", name: "BlogFilter" },
  "contact-form": { file: "ContactForm.tsx", name: "ContactForm" },
  "consent-banner": { file: "ConsentBanner.tsx", name: "ConsentBanner" },
};

export interface IslandScript {
  /** The public URL, fingerprinted: `/assets/islands.3f9a1c2b7d.js`. */
  url: string;
  code: string;
  /** Every string literal of the first-party modules in the script: the classes it may set. */
  candidates: string[];
  /** The elements it may create: each string a call in the bundle starts with (`jsx("aside", …)`). */
  elements: string[];
  /** Its .br as a build writes it, where the compiled CLI made it with the script (compiled-assets.ts). */
  compressed?: Buffer;
}

/** The key of a set of islands: its names, sorted, joined by `+`. */
export function islandSetKey(names: Iterable<IslandName>): string {
  return [...new Set(names)].sort().join("+");
}

/**
 * One script per set of islands that pages use (one entry per set, no shared chunks), so a page
 * downloads exactly its own islands and the runtime in one request. React is swapped for the
 * site's runtime at bundle time (src/client/react.ts).
 */
export async function bundleIslands(sets: string[]): Promise<Map<string, IslandScript>> {
  const sourceDir = path.join(packageRoot, "src");
  const entries = Object.fromEntries(sets.filter(Boolean).map((key, index) => [`set${index}`, key]));
  let result: esbuild.BuildResult & { outputFiles: esbuild.OutputFile[]; metafile: esbuild.Metafile };
  try {
    // Loaded when a set is bundled: a build that takes every script compiled or kept never starts esbuild.
    const { build } = await import("esbuild");
    result = await build({
      entryPoints: Object.keys(entries).map((name) => ({ in: `island-set:${entries[name]}`, out: name })),
      bundle: true,
      minify: true,
      format: "esm",
      target: ["es2020", "chrome87", "firefox90", "safari15"],
      jsx: "automatic",
      write: false,
      outdir: path.join(packageRoot, "islands"),
      absWorkingDir: packageRoot,
      metafile: true,
      legalComments: "none",
      logLevel: "silent",
      define: { "process.env.NODE_ENV": '"production"' },
      plugins: [
        {
          name: "islands",
          setup(build) {
            build.onResolve({ filter: /^island-set:/ }, (args) => ({ path: args.path.slice("island-set:".length), namespace: "island-set" }));
            build.onLoad({ filter: /.*/, namespace: "island-set" }, (args) => ({
              contents: islandEntry(args.path.split("+") as IslandName[]),
              resolveDir: sourceDir,
              loader: "ts",
            }));
          },
        },
        reactToRuntime,
      ],
    });
  } catch (cause) {
    const errors = (cause as { errors?: esbuild.Message[] }).errors ?? [];
    throw new BuildError(
      errors.length
        ? errors.map((error) => ({ file: error.location?.file ?? "src/templates/islands", line: error.location?.line, message: error.text }))
        : [{ file: "src/templates/islands", message: String(cause) }],
      { cause },
    );
  }
  const scripts = new Map<string, IslandScript>();
  for (const [name, key] of Object.entries(entries)) {
    const output = result.outputFiles.find((file) => path.basename(file.path) === `${name}.js`)!;
    const meta = result.metafile.outputs[path.relative(packageRoot, output.path)]!;
    const firstParty = Object.keys(meta.inputs).filter((input) => input.startsWith("src/"));
    const hash = createHash("sha256").update(output.text).digest("hex").slice(0, 10);
    scripts.set(key, {
      url: `/${assetsFolder}/islands.${hash}.js`,
      code: output.text,
      candidates: await stringLiterals(firstParty),
      elements: elementNames(output.text),
    });
  }
  return scripts;
}

/** Every set of islands there can be (63 for six islands), by key: what the compiled CLI bundles with its code. */
export function everyIslandSet(): string[] {
  const names = Object.keys(islandModules) as IslandName[];
  const sets: string[] = [];
  for (let mask = 1; mask < 1 << names.length; mask++) sets.push(islandSetKey(names.filter((_, index) => mask & (1 << index))));
  return sets;
}

/**
 * Bundles each set of islands the first time a page asks for it (one esbuild entry per set, as
 * bundleIslands does), so pages can be finished and written as they are rendered; a set the
 * compiled CLI bundled with its code (`bundled`) is taken as it is.
 */
export function createIslandBundler(
  /** Scripts kept between builds, by a digest of the generator's sources and the set. */
  kept: { get(key: string): Promise<Buffer | undefined>; set(key: string, script: string): Promise<void> } = {
    get: async () => undefined,
    set: async () => {},
  },
  tool = "",
  bundled: (key: string) => IslandScript | undefined = () => undefined,
): { scriptFor(key: string): Promise<IslandScript | undefined>; scripts(): Promise<IslandScript[]> } {
  const bundles = new Map<string, Promise<IslandScript | undefined>>();
  const bundle = async (key: string) => {
    const made = bundled(key);
    if (made) return made;
    const id = digestOf(tool, key);
    const known = await kept.get(id);
    if (known) return JSON.parse(known.toString()) as IslandScript;
    const script = (await bundleIslands([key])).get(key)!;
    await kept.set(id, JSON.stringify(script));
    return script;
  };
  return {
    scriptFor(key) {
      if (!bundles.has(key)) bundles.set(key, key ? bundle(key) : Promise.resolve(undefined));
      return bundles.get(key)!;
    },
    async scripts() {
      return (await Promise.all(bundles.values())).filter((script): script is IslandScript => Boolean(script));
    },
  };
}

function islandEntry(names: IslandName[]): string {
  const imports = names.map(
    (name, index) => `import { ${islandModules[name].name} as island${index} } from "./templates/islands/${islandModules[name].file}";`,
  );
  const table = names.map((name, index) => `${JSON.stringify(name)}: island${index}`).join(", ");
  return [
    `import { hydrateIslands } from "./client/hydrate.ts";`,
    `import { rememberLanguageChoices } from "./client/language-choice.ts";`,
    ...imports,
    `rememberLanguageChoices();`,
    `hydrateIslands({ ${table} });`,
    ``,
  ].join("\n");
}

// A few words that are not elements (`gtag("event", …)`) only keep a rule or two more.
function elementNames(code: string): string[] {
  return [...new Set([...code.matchAll(/\(\s*"([a-z][a-z0-9]*)"\s*,/g)].map((match) => match[1]!))].sort();
}

// The classes the scripts' own modules may set (any word of their strings).
async function stringLiterals(files: string[]): Promise<string[]> {
  const set = new Set<string>();
  for (const file of files) for (const word of stringWords(await readFile(path.join(packageRoot, file), "utf8"))) set.add(word);
  return [...set].sort();
}
