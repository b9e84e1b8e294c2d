import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync, type Stats } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { configEnvironment } from "../shared/config-keys.ts";
import { siteTimeZone, todayIn } from "../shared/dates.ts";
import { incompleteMarker, manifestFile } from "../shared/manifest.ts";
import { createBuildStore, storeDirOf, type BuildStore } from "./build-store.ts";
import { digestOf, hashFile } from "./cache-names.ts";
import { createFileDigests } from "./file-digests.ts";
import { listFiles } from "./list-files.ts";
import { packageRoot } from "./package-root.ts";

/** What a site is made from, in its own folder: the config, the strings, the content, its files. */
const siteInputs = ["site.config.yml", "locales", "content", "public"];
/** What the generator is made from: its sources and the packages installed for it. */
const toolInputs = ["src", "bin", "package.json", "node_modules/.package-lock.json"];

/**
 * The files of `entries` under `base` (a file as itself, a folder with everything in it, hidden
 * files and folders left out), as sorted paths with forward slashes: `content/blog/x/en.md`.
 * Here and below the files are stat'ed and read with synchronous calls, a few microseconds each:
 * as promises (some 800 calls for the real site, the generator's files stat'ed three times a build)
 * they made a build with nothing changed a sixth longer (measured in interleaved pairs).
 */
async function inputFiles(base: string, entries: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const entry of entries) {
    let info: Stats | undefined;
    try {
      info = statSync(path.join(base, entry));
    } catch {
      // Not there (or not readable): not an input.
    }
    if (info?.isFile()) found.push(entry);
    else if (info?.isDirectory()) found.push(...(await listFiles(path.join(base, entry))).map((file) => `${entry}/${file}`));
  }
  return found.sort();
}

/** The store's part that keeps the input files' digests from one build to the next (of the site built last with it). */
const inputDigestsPart = digestOf("input digests");

/**
 * A digest of everything a build depends on: every input file's content, the environment
 * overrides, the installed packages, the Node.js version and where the output goes. Two builds
 * with the same digest write the same site. Each file's own digest is kept in the build store
 * (`store`), so that a file that is the same file as the last time is not read again: a site's
 * photos, hundreds of megabytes after a few years, are read once (file-digests.ts).
 */
export async function buildInputs(
  root: string,
  outDir: string,
  env: NodeJS.ProcessEnv,
  { toolRoot = packageRoot, store, tool = toolDigest(toolRoot) }: { toolRoot?: string; store?: BuildStore; tool?: Promise<string> } = {},
): Promise<string> {
  const hash = createHash("sha256");
  hash.update(`node ${process.versions.node}\nout ${path.resolve(root, outDir)}\n`);
  for (const variable of Object.keys(configEnvironment)) hash.update(`${variable}=${env[variable] ?? "\u0000unset"}\n`);
  hash.update(`tool ${await tool}\n`);
  const files = createFileDigests((await store?.part(inputDigestsPart))?.toString(), "sha256", (file) =>
    // A megabyte at a time: a photo is never held whole.
    hashFile(createHash("sha256"), file).digest("hex"),
  );
  // Known by their absolute paths: `--if-needed` is given the folder as typed (`.`), a build resolved.
  const base = path.resolve(root);
  for (const file of await inputFiles(base, siteInputs)) hash.update(`site:${file} ${files.of(path.join(base, file))}\n`);
  const remembered = files.remembered();
  if (remembered) await store?.savePart(inputDigestsPart, remembered);
  return hash.digest("base64url");
}

// Digests worked out in this process, by what the files' sizes and times were.
const known = new Map<string, string>();

/**
 * A digest of the generator itself: its sources, the packages installed for it, the Node.js that
 * runs it. Output made by the same generator from the same inputs is the same, byte for byte.
 * The files are read only when one changed since the last run (by its size and time, as make
 * and every build tool's cache tell): the digest is kept in node_modules/.cache/site-cli/.
 */
export async function toolDigest(toolRoot = packageRoot): Promise<string> {
  const files = await inputFiles(toolRoot, toolInputs);
  const seen = createHash("sha256").update(`node ${process.versions.node}\n${toolRoot}\n`);
  for (const file of files) {
    const { size, mtimeMs } = statSync(path.join(toolRoot, file));
    seen.update(`${file} ${size} ${mtimeMs}\n`);
  }
  const key = seen.digest("hex");
  if (known.has(key)) return known.get(key)!;
  const kept = path.join(toolRoot, "node_modules/.cache/site-cli/tool-digest.json");
  // A file that does not parse (one left half-written by an earlier version) is as good as none.
  const earlier = await readFile(kept, "utf8")
    .then((text) => JSON.parse(text) as { key?: string; digest?: string })
    .catch(() => ({}) as { key?: string; digest?: string });
  if (earlier.key === key && earlier.digest) return known.set(key, earlier.digest).get(key)!;
  const hash = createHash("sha256").update(`node ${process.versions.node}\n`);
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(path.join(toolRoot, file)));
  const digest = hash.digest("hex");
  // Written beside it, then renamed over it: a build stopped meanwhile, or another reading it
  // (node_modules may be shared by several checkouts), never finds it half-written. A read-only
  // install reads the files every time.
  const partial = `${kept}.${process.pid}.tmp`;
  await mkdir(path.dirname(kept), { recursive: true })
    .then(() => writeFile(partial, JSON.stringify({ key, digest })))
    .then(() => rename(partial, kept))
    .catch(() => rm(partial, { force: true }));
  return known.set(key, digest).get(key)!;
}

/**
 * Whether `outDir` holds a build of exactly the current inputs (see buildInputs), made by
 * `site build` (not `site dev`, which shows drafts), whole (not marked incomplete by a build killed
 * while moving its files in: its site.json may be the new one while other files are not), and
 * with no held-back post due by `today`.
 */
export async function isBuildFresh(root: string, outDir: string, env: NodeJS.ProcessEnv = process.env, today = todayIn(siteTimeZone)): Promise<boolean> {
  if (existsSync(path.join(path.resolve(root, outDir), incompleteMarker))) return false;
  const manifest = await readFile(path.join(path.resolve(root, outDir), manifestFile), "utf8").then(
    (text) => JSON.parse(text) as { inputs?: string; heldBackUntil?: string },
    () => undefined,
  );
  if (manifest?.heldBackUntil && manifest.heldBackUntil <= today) return false;
  return Boolean(manifest?.inputs) && manifest!.inputs === (await buildInputs(root, outDir, env, { store: createBuildStore(storeDirOf({ root, env })) }));
}
