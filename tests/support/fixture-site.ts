import { cp, mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { beforeAll } from "vitest";
import { build, type BuildResult } from "../../src/generator/build.ts";
import { repoRoot } from "./servers.ts";

/**
 * A site folder to build in a test: the real site's config, locales and content, with the files
 * of tests/fixtures/<scenario>/ laid over them (a fixture holds only what it changes).
 */
export async function fixtureSite(scenario?: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `site-${scenario ?? "base"}-`));
  for (const entry of ["site.config.yml", "locales", "content"]) await cp(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true });
  if (scenario) await cp(path.join(repoRoot, "tests/fixtures", scenario), dir, { recursive: true, force: true });
  // The project's own image cache: a photo or a link-preview card is encoded once for every test.
  await mkdir(path.join(repoRoot, ".cache"), { recursive: true });
  await symlink(path.join(repoRoot, ".cache"), path.join(dir, ".cache"));
  return dir;
}

/**
 * A cache folder of a test's own (what is kept between builds is that test's doing) whose image
 * cache is the project's: photos and cards are encoded once for every test.
 */
export async function ownCacheDir(): Promise<string> {
  const cache = await mkdtemp(path.join(os.tmpdir(), "site-cache-"));
  await mkdir(path.join(repoRoot, ".cache/images"), { recursive: true });
  await symlink(path.join(repoRoot, ".cache/images"), path.join(cache, "images"));
  return cache;
}

/**
 * Builds the real site once for the tests of one file, into a temporary folder removed afterwards.
 * Read `site.out` and `site.result` inside tests (they are set before the first one runs).
 */
export function useBuiltSite(env: NodeJS.ProcessEnv = {}): { out: string; result: BuildResult } {
  const site = { out: "", result: undefined as unknown as BuildResult };
  beforeAll(async () => {
    site.out = await mkdtemp(path.join(os.tmpdir(), "site-built-"));
    site.result = await build({ root: repoRoot, outDir: site.out, env });
    return () => rm(site.out, { recursive: true, force: true });
  });
  return site;
}
