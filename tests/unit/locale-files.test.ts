import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { BuildError } from "../../src/generator/errors.ts";
import { loadLocales, type Locales } from "../../src/generator/load-locales.ts";
import { repoRoot } from "../support/servers.ts";

/** The real site's locales with one language's file changed by `edit`; what loading them gives. */
async function withLocale(code: string, edit: (text: string) => string | Buffer): Promise<{ locales?: Locales; error?: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "site-locales-"));
  try {
    await cp(path.join(repoRoot, "locales"), dir, { recursive: true });
    const file = path.join(dir, code, "translation.json");
    await writeFile(file, edit(await readFile(file, "utf8")));
    return { locales: await loadLocales(dir, "error", (file) => path.join("locales", path.relative(dir, file))) };
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    return { error: error.message };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The 1-based line and column of the first match of `pattern` in `text`. */
function positionOf(text: string, pattern: RegExp): string {
  const index = text.search(pattern);
  const before = text.slice(0, index);
  return `${before.split("\n").length}:${index - before.lastIndexOf("\n")}`;
}

describe("a locale file is read as its editor saved it", () => {
  test("a byte-order mark at its start, as an editor on Windows writes it, is passed over", async () => {
    const { locales, error } = await withLocale("de", (text) => `\uFEFF${text}`);
    expect(error).toBeUndefined();
    expect(locales!.t("de")("nav.contact")).toBe("Kontakt");
  });

  test("a file that is not UTF-8 is refused at the line and column of its first byte that is not", async () => {
    const german = await readFile(path.join(repoRoot, "locales/de/translation.json"), "utf8");
    // Saved as Latin-1: ä, ö, ü and ß are each one byte, which UTF-8 does not read.
    const { error } = await withLocale("de", (text) => Buffer.from(text, "latin1"));
    expect(error).toBe(
      [
        `locales/de/translation.json:${positionOf(german, /[^\x00-\x7f]/)}: not UTF-8 text; save it as UTF-8 (your editor's encoding setting, often under Save As)`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
  });

  test("a replacement character written in the file is text: the byte named is the first that is not UTF-8", async () => {
    // A real U+FFFD (its three bytes) on nav.blog, then a Latin-1 é on nav.contact, the line after it.
    const french = (await readFile(path.join(repoRoot, "locales/fr/translation.json"), "utf8")).replace('"Blog"', '"Blog \uFFFD"');
    const at = french.indexOf('"Contact"') + 1;
    const { error } = await withLocale("fr", () => Buffer.concat([Buffer.from(french.slice(0, at)), Buffer.from([0xe9]), Buffer.from(french.slice(at))]));
    const where = positionOf(`${french.slice(0, at)}\u0000`, /\u0000/);
    expect(error).toBe(
      [
        `locales/fr/translation.json:${where}: not UTF-8 text; save it as UTF-8 (your editor's encoding setting, often under Save As)`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
  });
});
