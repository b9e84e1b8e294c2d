import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "./servers.ts";

/**
 * A site folder to build in a test: the real site's config, locales and content, with the files
 * of tests/fixtures/<scenario>/ laid over them (a fixture holds only what it changes).
 */
export async function fixtureSite(scenario?: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `site-${scenario ?? "base"}-`));
  for (const entry of ["site.config.yml", "locales", "content"]) await cp(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true });
  if (scenario) await cp(path.join(repoRoot, "tests/fixtures", scenario), dir, { recursive: true, force: true });
  return dir;
}

/** Edits a JSON file of a fixture site in place. */
export async function editJson(file: string, edit: (data: Record<string, unknown>) => void): Promise<void> {
  const data = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  edit(data);
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
}
