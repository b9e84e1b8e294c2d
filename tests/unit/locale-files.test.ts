/* eslint-disable @typescript-eslint/no-explicit-any -- a locale's data is edited as the JSON it is */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, test, vi } from "vitest";
import { BuildError } from "../../src/generator/errors.ts";
import { loadLocales, type Locales } from "../../src/generator/load-locales.ts";
import { repoRoot } from "../support/servers.ts";

/** The real site's locales with some languages' files changed by `edits`; what loading them gives, and the texts written. */
async function withLocales(
  edits: Record<string, (text: string) => string | Buffer>,
  missing: "error" | "warn" = "error",
): Promise<{ locales?: Locales; error?: string; written: Record<string, string> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "site-locales-"));
  const written: Record<string, string> = {};
  try {
    await cp(path.join(repoRoot, "locales"), dir, { recursive: true });
    for (const [code, edit] of Object.entries(edits)) {
      const file = path.join(dir, code, "translation.json");
      const bytes = edit(await readFile(file, "utf8"));
      written[code] = bytes.toString();
      await writeFile(file, bytes);
    }
    return { locales: await loadLocales(dir, missing, (file) => path.join("locales", path.relative(dir, file))), written };
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    return { error: error.message, written };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const withLocale = (code: string, edit: (text: string) => string | Buffer) => withLocales({ [code]: edit });

/** An edit of a locale's data, written back as the site's files are (two spaces). */
const editData = (change: (data: Record<string, any>) => void) => (text: string) => {
  const data = JSON.parse(text) as Record<string, any>;
  change(data);
  return JSON.stringify(data, null, 2);
};

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

describe("a translated string has English's placeholders, written whole, and English's shape", () => {
  test("a misspelt placeholder is named with the one meant, at its own line and column, past the escapes before it", async () => {
    // Published, it read "Rufen Sie uns unter {{phon}} an".
    const { error, written } = await withLocale("de", (text) => text.replace("Rufen Sie uns unter {{phone}}", 'Rufen Sie uns unter \\"{{phon}}\\"'));
    expect(error).toBe(
      [
        `locales/de/translation.json:${positionOf(written.de!, /\{\{phon\}\}/)}: unknown placeholder {{phon}} in "pricesPage.booking.text"; did you mean {{phone}}? The English text has {{phone}}`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
  });

  test("a placeholder not closed, not opened or in single braces is named with how to write it; every problem of the file at once", async () => {
    const { error, written } = await withLocale("de", (text) =>
      text
        .replace('"Zuletzt aktualisiert: {{date}}"', '"Zuletzt aktualisiert: {{date"')
        .replace('"Geplant für den {{date}}"', '"Geplant für den {date}"')
        .replace('"Seite {{page}} von {{pages}}"', '"Seite page}} von {{pages}}"')
        .replace("Geschäft: täglich von {{opens}} bis", "Geschäft: täglich von {{opens} bis"),
    );
    const at = (pattern: RegExp) => `locales/de/translation.json:${positionOf(written.de!, pattern)}`;
    expect(error).toBe(
      [
        `${at(/\{\{date"/)}: {{date in "common.updated" is not closed; write {{date}}`,
        `${at(/page\}\} von/)}: page}} in "blogPage.pageOf" is not opened; write {{page}}`,
        `${at(/\{date\}/)}: {date} in "blogPage.scheduled" has single braces; write {{date}}`,
        `${at(/\{\{opens\} bis/)}: {{opens in "contactPage.hours.regular" is not closed; write {{opens}}`,
        "",
        "Build failed: 4 problems.",
      ].join("\n"),
    );
  });

  test("a placeholder left out, or one English does not have, is named with English's", async () => {
    const { error, written } = await withLocale("fr", (text) =>
      text.replace(/("pageOf": "[^"]*)\{\{pages\}\}/, "$1…").replace(/("languages": "[^"]*)\{\{languages\}\}/, "$1{{idiomes}}"),
    );
    const english = JSON.parse(await readFile(path.join(repoRoot, "locales/en/translation.json"), "utf8"));
    const at = (pattern: RegExp) => `locales/fr/translation.json:${positionOf(written.fr!, pattern)}`;
    expect(error).toBe(
      [
        `${at(/(?<="pageOf": )"/)}: "blogPage.pageOf" lacks {{pages}}; write it where the English text has it: ${JSON.stringify(english.blogPage.pageOf)}`,
        `${at(/(?<="languages": )"/)}: "contactPage.phone.languages" lacks {{languages}}; write it where the English text has it: ${JSON.stringify(english.contactPage.phone.languages)}`,
        `${at(/\{\{idiomes\}\}/)}: unknown placeholder {{idiomes}} in "contactPage.phone.languages"; the English text has {{languages}}; use it as written there`,
        "",
        "Build failed: 3 problems.",
      ].join("\n"),
    );
  });

  test("a list where English has text, text where it has true or false, and a list item's keys are named", async () => {
    // A list in place of the text made the line vanish from the page.
    const { error, written } = await withLocale(
      "de",
      editData((data) => {
        data.common.updated = ["Zuletzt", "aktualisiert"];
        data.pricing.packages[0].popular = "nein";
        delete data.quick.features[1].desc;
        data.quick.features[2].icon = "clock";
        data.why.list = [];
      }),
    );
    const featureLine = written.de!.split("\n").findIndex((text) => text.includes('"title": "Schonende Öffnung"')) + 1;
    expect(error).toBe(
      [
        `locales/de/translation.json:${positionOf(written.de!, /(?<="updated": )\[/)}: "common.updated" is a list, where English has text; write it as one text in quotes, as English does: "Last updated: {{date}}"`,
        `locales/de/translation.json:${featureLine - 1}:7: missing key "quick.features[1].desc"; add it (the English text is "Special tools open cars and doors without damage in most cases.")`,
        `locales/de/translation.json:${positionOf(written.de!, /"icon"/)}: stray key "quick.features[2].icon": it is not in locales/en/translation.json; remove or rename it`,
        `locales/de/translation.json:${positionOf(written.de!, /(?<="list": )\[\]/)}: "why.list" is an empty list; translate the 4 items of locales/en/translation.json`,
        `locales/de/translation.json:${positionOf(written.de!, /(?<="popular": )"nein"/)}: "pricing.packages[0].popular" is text, where English has true or false; write true or false, without quotes`,
        "",
        "Build failed: 5 problems.",
      ].join("\n"),
    );
  });

  test("a placeholder broken in English is named there, and the languages that write it whole are not blamed", async () => {
    const { error, written } = await withLocale("en", (text) => text.replace('"Last updated: {{date}}"', '"Last updated: {{date"'));
    expect(error).toBe(
      [
        `locales/en/translation.json:${positionOf(written.en!, /\{\{date"/)}: {{date in "common.updated" is not closed; write {{date}}`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
  });

  test("plural forms follow each language's own rules: Russian's few and many are taken, one may leave out {{count}}, a form the language has no use for is named", async () => {
    const forms = (values: Record<string, string>) => editData((data) => Object.assign(data.common, values));
    const keys = (one: string, other: string) => forms({ keys_one: one, keys_other: other });
    const edits = {
      en: keys("one key for {{name}}", "{{count}} keys for {{name}}"),
      el: keys("ένα κλειδί για {{name}}", "{{count}} κλειδιά για {{name}}"),
      de: keys("ein Schlüssel für {{name}}", "{{count}} Schlüssel für {{name}}"),
      fr: forms({ keys_one: "une clé pour {{name}}", keys_many: "{{count}} de clés pour {{name}}", keys_other: "{{count}} clés pour {{name}}" }),
      ru: forms({
        keys_one: "{{count}} ключ для {{name}}",
        keys_few: "{{count}} ключа для {{name}}",
        keys_many: "{{count}} ключей для {{name}}",
        keys_other: "{{count}} ключа для {{name}}",
      }),
    };
    const { locales, error } = await withLocales(edits);
    expect(error).toBeUndefined();
    const t = locales!.t("ru");
    expect([1, 3, 5, 1.5].map((count) => t("common.keys", { count, name: "Анна" }))).toEqual([
      "1 ключ для Анна",
      "3 ключа для Анна",
      "5 ключей для Анна",
      "1.5 ключа для Анна",
    ]);

    const wrong = await withLocales({
      ...edits,
      de: forms({ keys_one: "ein Schlüssel für {{name}}", keys_few: "{{count}} Schlüssel für {{name}}", keys_other: "{{count}} Schlüssel für {{nme}}" }),
      ru: forms({ keys_one: "{{count}} ключ для {{name}}", keys_other: "{{count}} ключа для {{name}}" }),
    });
    expect(wrong.error).toBe(
      [
        `locales/de/translation.json:${positionOf(wrong.written.de!, /"keys_few"/)}: stray key "common.keys_few": de has no "few" plural form (its forms are keys_one, keys_other); remove it`,
        `locales/de/translation.json:${positionOf(wrong.written.de!, /\{\{nme\}\}/)}: unknown placeholder {{nme}} in "common.keys_other"; did you mean {{name}}? The English text has {{name}}, {{count}}`,
        'locales/ru/translation.json: missing key "common.keys_few"; add it (the English text is "{{count}} keys for {{name}}")',
        'locales/ru/translation.json: missing key "common.keys_many"; add it (the English text is "{{count}} keys for {{name}}")',
        "",
        "Build failed: 4 problems.",
      ].join("\n"),
    );

    // While a language is translated (missingTranslations: warn), a form still to write is English's meanwhile.
    const meanwhile = await withLocales(
      { ...edits, ru: forms({ keys_one: "{{count}} ключ для {{name}}", keys_other: "{{count}} ключа для {{name}}" }) },
      "warn",
    );
    expect(meanwhile.locales!.warnings.map((warning) => warning.message)).toEqual([
      'missing key "common.keys_few"; add it (the English text is "{{count}} keys for {{name}}"); English is shown meanwhile',
      'missing key "common.keys_many"; add it (the English text is "{{count}} keys for {{name}}"); English is shown meanwhile',
    ]);
    expect(meanwhile.locales!.t("ru")("common.keys", { count: 3, name: "Анна" })).toBe("3 keys for Анна");
  });
});

test("locales checked before are not checked again: the same files give the warnings they gave, and a file with a problem is never kept as checked", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "site-locales-"));
  try {
    await cp(path.join(repoRoot, "locales"), dir, { recursive: true });
    const stored = new Map<string, string>();
    const known = {
      context: "this generator",
      get: async (key: string) => (stored.has(key) ? Buffer.from(stored.get(key)!) : undefined),
      set: vi.fn(async (key: string, value: string) => void stored.set(key, value)),
    };
    const load = () => loadLocales(dir, "warn", (file) => path.join("locales", path.relative(dir, file)), known);
    const german = path.join(dir, "de/translation.json");
    await writeFile(german, editData((data) => delete data.nav.blog)(await readFile(german, "utf8")));
    const warning = { file: "locales/de/translation.json", message: 'missing key "nav.blog"; add it (the English text is "Blog"); English is shown meanwhile' };
    expect((await load()).warnings).toEqual([warning]);
    expect((await load()).warnings).toEqual([warning]);
    expect(known.set).toHaveBeenCalledTimes(1);

    // A problem is found whatever was checked before, and a build that fails keeps nothing.
    await writeFile(german, (await readFile(german, "utf8")).replace("{{phone}}", "{{phon}}"));
    await expect(load()).rejects.toThrow(/unknown placeholder \{\{phon\}\}/);
    await expect(load()).rejects.toThrow(/unknown placeholder \{\{phon\}\}/);
    expect(known.set).toHaveBeenCalledTimes(1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
