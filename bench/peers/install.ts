// Eleventy, the Tailwind CLI and Astro with its Tailwind plugin, installed from the npm registry
// into a folder of their own (never into the project's package.json). The folder stays in the
// temporary directory between runs and is reused while it holds what this run asks for; a
// machine that has never run the benchmark gets a fresh install.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export interface InstalledPeers {
  nodeModules: string;
  /** The command-line entry of each package, run with the project's Node. */
  bin: { eleventy: string; tailwind: string; astro: string };
  versions: { eleventy: string; tailwind: string; astro: string };
  /** Set when Astro's latest major would not install and an older one was used. */
  astroNote?: string;
}

const folder = path.join(os.tmpdir(), "site-bench-peers-npm");
// Astro's content layer (the glob loader the peer uses) is in Astro 5 and later.
const oldestAstroMajor = 5;

/** npm as the project's Node runs it: installs and lifecycle scripts see Node 24, not the machine's. */
export function nodeEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`, ...extra };
}

function npm(args: string[], cwd: string): { ok: boolean; stdout: string; output: string } {
  const result = spawnSync("npm", args, { cwd, env: nodeEnv(), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return {
    ok: result.status === 0,
    stdout: result.stdout ?? "",
    output: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`,
  };
}

async function versionOf(nodeModules: string, name: string): Promise<string> {
  return (JSON.parse(await readFile(path.join(nodeModules, name, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * Installs the peers (or finds them installed by an earlier run with the same request): Eleventy
 * 3, the Tailwind CLI 4, and Astro's latest major with @tailwindcss/vite, falling back one major
 * at a time when the latest cannot be installed here.
 */
export async function installPeers(log: (line: string) => void = console.log): Promise<InstalledPeers> {
  const latest = npm(["view", "astro", "version"], os.tmpdir());
  const latestMajor = latest.ok ? Number(latest.stdout.trim().split(".")[0]) : NaN;
  if (!Number.isInteger(latestMajor)) throw new Error(`cannot ask the npm registry for Astro's version:\n${latest.output.slice(-2000)}`);
  const nodeModules = path.join(folder, "node_modules");
  const failures: string[] = [];
  for (let major = latestMajor; major >= oldestAstroMajor; major--) {
    const dependencies = {
      "@11ty/eleventy": "^3.0.0",
      "@tailwindcss/cli": "^4.0.0",
      tailwindcss: "^4.0.0",
      "@tailwindcss/vite": "^4.0.0",
      astro: `^${major}.0.0`,
    };
    const manifest = `${JSON.stringify({ private: true, type: "module", dependencies }, null, 2)}\n`;
    const marker = path.join(folder, "installed.json");
    const reusable = existsSync(marker) && (await readFile(marker, "utf8")) === manifest && existsSync(path.join(nodeModules, "astro/package.json"));
    if (!reusable) {
      log(`installing Eleventy, Tailwind CLI and Astro ${major} into ${folder} (npm) ...`);
      await rm(folder, { recursive: true, force: true });
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, "package.json"), manifest);
      const install = npm(["install", "--no-audit", "--no-fund", "--loglevel=error"], folder);
      if (!install.ok) {
        failures.push(`Astro ${major}: ${install.output.trim().split("\n").slice(-3).join(" ")}`);
        continue;
      }
      await writeFile(marker, manifest);
    }
    const versions = {
      eleventy: await versionOf(nodeModules, "@11ty/eleventy"),
      tailwind: await versionOf(nodeModules, "@tailwindcss/cli"),
      astro: await versionOf(nodeModules, "astro"),
    };
    return {
      nodeModules,
      bin: {
        eleventy: path.join(nodeModules, "@11ty/eleventy/cmd.cjs"),
        tailwind: path.join(nodeModules, "@tailwindcss/cli/dist/index.mjs"),
        astro: path.join(nodeModules, "astro/bin/astro.mjs"),
      },
      versions,
      ...(major < latestMajor ? { astroNote: `Astro ${latestMajor} would not install here (${failures.join("; ")}); used ${versions.astro}` } : {}),
    };
  }
  throw new Error(`could not install the peers from npm:\n${failures.join("\n")}`);
}
