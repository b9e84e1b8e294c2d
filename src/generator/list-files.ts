import { readdirSync, type Dirent } from "node:fs";
import path from "node:path";

/**
 * Every file under `dir`, as paths relative to it with forward slashes (`blog/x/en.md`), sorted.
 * Folders are read with synchronous calls: for a blog of a thousand folders, about half the time
 * of reading them all at once as promises (measured), which was a third of reading them one
 * after another. Hidden files and folders are left out unless `hidden`; a missing folder has no
 * files.
 */
export async function listFiles(dir: string, { hidden = false }: { hidden?: boolean } = {}): Promise<string[]> {
  const found: string[] = [];
  const walk = (folder: string, prefix: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      if (code === "ENOENT" || code === "ENOTDIR") return;
      throw error;
    }
    for (const entry of entries) {
      if (!hidden && entry.name.startsWith(".")) continue;
      const relative = prefix + entry.name;
      if (entry.isDirectory()) walk(path.join(folder, entry.name), `${relative}/`);
      else if (entry.isFile()) found.push(relative);
    }
  };
  walk(dir, "");
  return found.sort();
}
