import path from "node:path";
import { listFiles } from "./list-files.ts";
import { assetsFolder } from "../shared/caching.ts";
import { languages } from "../shared/languages.ts";
import { ProblemList } from "./errors.ts";

/** A file of public/, published at the same path: public/files/prices.pdf → /files/prices.pdf. */
export interface PublicFile {
  /** Its path in the output, `files/prices.pdf`. */
  path: string;
  /** The file itself, absolute. */
  source: string;
}

/** Every file under public/ (hidden ones too, such as .well-known/), in a stable order. */
export async function findPublicFiles(root: string): Promise<PublicFile[]> {
  const folder = path.join(root, "public");
  return (await listFiles(folder, { hidden: true })).map((file) => ({ path: file, source: path.join(folder, file) }));
}

/**
 * A public file must not take the place of anything the build makes: a page (`en/prices.html`,
 * or `en/prices` itself), a file the build writes (sitemap.xml, robots.txt, ...), the
 * fingerprinted assets, or a place inside a language's folder, where every address is a page or
 * that language's not-found page.
 */
export function checkPublicFiles(files: readonly PublicFile[], pageUrls: Iterable<string>, generated: Iterable<string>): void {
  const problems = new ProblemList();
  const taken = new Map<string, string>();
  for (const url of pageUrls) {
    taken.set(`${url.slice(1)}.html`, `the page ${url}`);
    taken.set(url.slice(1), `the page ${url}`);
  }
  for (const file of generated) taken.set(file, `the build's own ${file}`);
  const languageFolders = new Set(languages.map((language) => language.url));
  for (const file of files) {
    const where = `public/${file.path}`;
    const [top] = file.path.split("/");
    const clash = taken.get(file.path) ?? taken.get(file.path.replace(/\.html$/, ""));
    if (clash) problems.add(where, `would replace ${clash}; rename or move the file`);
    else if (top === assetsFolder)
      problems.add(where, `${assetsFolder}/ holds the build's own fingerprinted files; put the file in another folder, e.g. public/files/`);
    else if (languageFolders.has(top!) && file.path.includes("/"))
      problems.add(where, `${top}/ holds the ${top} pages; put the file outside the language folders, e.g. public/files/${path.basename(file.path)}`);
  }
  problems.throwIfAny();
}
