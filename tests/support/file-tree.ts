import { readFile, readdir } from "node:fs/promises";
import path from "node:path";

/** Every file under `dir` (`en/prices.html`), with its bytes. */
export async function fileTree(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.relative(dir, path.join(entry.parentPath, entry.name));
      files.set(file, await readFile(path.join(dir, file)));
    }
  return files;
}

/** The files two trees both have whose bytes differ. */
export const differingFiles = (a: Map<string, Buffer>, b: Map<string, Buffer>): string[] =>
  [...a].filter(([file, bytes]) => b.has(file) && !b.get(file)!.equals(bytes)).map(([file]) => file);
