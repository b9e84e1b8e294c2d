import { readFile } from "node:fs/promises";
import path from "node:path";
import { defaultLanguage, languages } from "../shared/languages.ts";
import { manifestFile, parseManifest, type SiteManifest } from "../shared/manifest.ts";

/** Reads and checks `<dir>/site.json`; the error says what to do when it is missing or stale. */
export async function loadManifest(dir: string): Promise<SiteManifest> {
  const file = path.join(dir, manifestFile);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, "utf8"));
  } catch (cause) {
    throw new Error(`${file} is missing or unreadable; run \`site build\` first`, { cause });
  }
  return parseManifest(raw, file);
}

/** The language of an answer: the form's `lang` code if the site has it, else the Referer's first segment, else the default. */
export function pickLanguage(manifest: SiteManifest, code: string | undefined, referer: string | undefined): { url: string; code: string } {
  const byCode = code ? manifest.languages.find((language) => language.code === code) : undefined;
  if (byCode) return byCode;
  if (referer) {
    let segment = "";
    try {
      segment = new URL(referer, "http://localhost").pathname.split("/")[1] ?? "";
    } catch {
      // An unparsable Referer tells nothing.
    }
    const byUrl = manifest.languages.find((language) => language.url === segment);
    if (byUrl) return byUrl;
  }
  return manifest.languages.find((language) => language.code === defaultLanguage.code) ?? manifest.languages[0] ?? languages[0]!;
}
