// What the three peer writers share: writing a tree of files, front matter, the data every peer
// gets, and the command line of a Node tool.
import { copyFile, mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PeerPage, PeerSite } from "./pages.ts";

/** Writes `files` (path inside `dir` → text) under `dir`, making the folders. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  const folders = new Set(Object.keys(files).map((file) => path.dirname(path.join(dir, file))));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dir, file), text);
}

/**
 * Front matter as JSON, which is also YAML: each peer reads it with its own YAML parser as it
 * would a hand-written file, and the writer needs no YAML quoting rules.
 */
export function frontMatter(data: unknown): string {
  return `---\n${JSON.stringify(data)}\n---\n`;
}

/** The page without its Markdown (which is the file's body, not its front matter). */
export function pageData(page: PeerPage): Omit<PeerPage, "markdown"> {
  const { markdown: _markdown, ...rest } = page;
  return rest;
}

/** Pages whose body is Markdown (a file each), and the others (data a template pages through). */
export function splitPages(site: PeerSite): { documents: PeerPage[]; lists: PeerPage[]; statics: PeerPage[] } {
  return {
    documents: site.pages.filter((page) => page.markdown !== undefined),
    lists: site.pages.filter((page) => page.kind === "list"),
    statics: site.pages.filter((page) => page.kind === "static"),
  };
}

/** The project's island script, at /assets/islands.js of every peer's output. */
export async function copyIslands(site: PeerSite, folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  await copyFile(site.islandsScript, path.join(folder, "islands.js"));
}

/** The peers' packages, installed once (install.ts), seen from the peer's project as its own. */
export async function linkNodeModules(dir: string, nodeModules: string): Promise<void> {
  await symlink(nodeModules, path.join(dir, "node_modules"), "dir");
}

export const json = (value: unknown) => `${JSON.stringify(value)}\n`;

/** Single quotes for sh, so paths with spaces survive `sh -c`. */
export const shellQuote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;
