import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { BuildError } from "../../src/generator/errors.ts";
import { loadConfig } from "../../src/generator/load-config.ts";
import { validateConfig } from "../../src/generator/validate-config.ts";
import type { SiteConfig } from "../../src/shared/config.ts";
import { repoRoot } from "../support/servers.ts";

const written = await readFile(path.join(repoRoot, "site.config.yml"), "utf8");

/** The real config written as `bytes`; what loading it gives. */
async function loadWritten(bytes: string | Buffer): Promise<{ config?: SiteConfig; error?: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "site-config-"));
  try {
    const file = path.join(dir, "site.config.yml");
    await writeFile(file, bytes);
    return { config: await loadConfig(file, {}, (file) => path.relative(dir, file)) };
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    return { error: error.message };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A text as ISO-8859-7 (the older Greek encoding) writes it: a byte a Greek letter, `?` for what it lacks. */
function iso88597(text: string): Buffer {
  return Buffer.from(
    [...text].map((char) => {
      const code = char.codePointAt(0)!;
      if (code < 0x80) return code;
      return code >= 0x0384 && code <= 0x03ce ? code - 0x02d0 : 0x3f;
    }),
  );
}

describe("site.config.yml is read as its editor saved it", () => {
  test("a byte-order mark at its start, as an editor on Windows writes it, is passed over", async () => {
    const plain = await loadWritten(written);
    const marked = await loadWritten(`\uFEFF${written}`);
    expect(marked.error).toBeUndefined();
    expect(marked.config).toEqual(plain.config);
  });

  test("a config saved in an older encoding than UTF-8 is refused at the line of its first byte that is not, never published as ���", async () => {
    const index = written.search(/[^\x00-\x7f]/);
    const before = written.slice(0, index);
    const { error } = await loadWritten(iso88597(written));
    expect(error).toBe(
      [
        `site.config.yml:${before.split("\n").length}:${index - before.lastIndexOf("\n")}: not UTF-8 text; save it as UTF-8 (your editor's encoding setting, often under Save As)`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
  });
});

/** The error of the real config with `change` made to its text (none: undefined). */
function configError(change: (text: string) => string): string | undefined {
  try {
    validateConfig("site.config.yml", change(written));
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    return error.message;
  }
  return undefined;
}

/** The 1-based line of the real config that starts with `start`. */
const lineStarting = (start: string) => written.split("\n").findIndex((line) => line.startsWith(start)) + 1;

describe("a value written as the link it becomes is refused, with the value alone", () => {
  test("an e-mail address written with mailto:, which every page linked to as mailto:mailto:", () => {
    const line = lineStarting("email:");
    expect(configError((text) => text.replace("email: info@example.com", "email: mailto:info@example.com"))).toBe(
      [
        `site.config.yml:${line}:8: email: "mailto:info@example.com" is not valid; write the address alone: email: info@example.com`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
    expect(configError((text) => text.replace("email: info@example.com", "email: MAILTO:info@example"))).toBe(
      [
        `site.config.yml:${line}:8: email: "MAILTO:info@example" is not valid; write the address alone, without mailto:; e.g. info@example.com`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
  });

  test("a number written with tel:", () => {
    const message = configError((text) => text.replace(/^phone: .*$/m, 'phone: "tel:+30 690 000 0000"').replace(/^viber: .*$/m, "viber: tel:+306900000000"));
    expect(message).toBe(
      [
        `site.config.yml:${lineStarting("phone:")}:8: phone: "tel:+30 690 000 0000" is not valid; write the number alone: phone: "+30 690 000 0000"`,
        `site.config.yml:${lineStarting("viber:")}:8: viber: "tel:+306900000000" is not valid; write the number alone: viber: "+306900000000"`,
        "",
        "Build failed: 2 problems.",
      ].join("\n"),
    );
  });
});

describe("the languages the phone is answered in are language codes", () => {
  const spoken = (codes: string) => (text: string) => text.replace(/^spokenLanguages: .*$/m, `spokenLanguages: ${codes}`);

  test("a code that names no language, the site's address for Greek, and an old form of a code are refused", () => {
    // Published as "We speak gr, English, Italian, xx and zz".
    const line = lineStarting("spokenLanguages:");
    const at = (code: string) => `site.config.yml:${line}:${"spokenLanguages: [gr, en, it, xx, zz, iw, eng]".indexOf(code) + 1}`;
    expect(configError(spoken("[gr, en, it, xx, zz, iw, eng]"))).toBe(
      [
        `${at("gr")}: spokenLanguages[0]: "gr" is not a language code: Greek's is el (gr is the site's address for Greek); write el`,
        `${at("xx")}: spokenLanguages[3]: "xx" is not a language code; write one such as el, en, de, fr, it or ru`,
        `${at("zz")}: spokenLanguages[4]: "zz" is not a language code; write one such as el, en, de, fr, it or ru`,
        `${at("iw")}: spokenLanguages[5]: "iw" is another form of the code he; write he`,
        `${at("eng")}: spokenLanguages[6]: "eng" is another form of the code en; write en`,
        "",
        "Build failed: 5 problems.",
      ].join("\n"),
    );
  });

  test("the codes of the site's languages and of other languages callers speak are taken", () => {
    expect(configError(spoken("[el, en, de, fr, ru, it, sq, bg, tr, ar, fil]"))).toBeUndefined();
    expect(configError((text) => text)).toBeUndefined();
  });
});

describe("a key misspelt or left out says what to write, and where", () => {
  test("a key the config does not know is named at its own line, with the key meant where one is close", () => {
    const top =
      "brand, legalName, registryNumber, vatNumber, phone, whatsapp, viber, email, address, geo, hours, foundingYear, sinceYear, spokenLanguages, paymentAccepted, priceRange, origin, analytics, recaptcha, contact, retention, processors, identityChecks, armoredDoorPackages, photos, missingTranslations";
    const line = lineStarting("sinceYear:");
    const postalLine = written.split("\n").findIndex((text) => text.startsWith("  postalCode:")) + 1;
    expect(
      configError((text) =>
        text.replace("sinceYear: 2019", "sinceYear: 2019\nfoundingYeer: 2023\nemial: info@example.com\nowner: Nikos").replace("  postalCode:", "  postcode:"),
      ),
    ).toBe(
      [
        `site.config.yml:${lineStarting("address:")}:1: address.postalCode: is required; add postalCode: ... under address: in site.config.yml; five digits, e.g. 21100`,
        `site.config.yml:${postalLine}:3: address: unknown key "postcode"; did you mean "postalCode"? The keys here are street, town, region, number, postalCode, country, localized`,
        `site.config.yml:${line + 1}:1: unknown key "foundingYeer"; did you mean "foundingYear"? The keys here are ${top}`,
        `site.config.yml:${line + 2}:1: unknown key "emial"; did you mean "email"? The keys here are ${top}`,
        `site.config.yml:${line + 3}:1: unknown key "owner"; the keys here are ${top}`,
        "",
        "Build failed: 5 problems.",
      ].join("\n"),
    );
  });

  test("a key left out says to add it, and where", () => {
    // Reported at the file's start, a comment: the message says where the key goes.
    expect(configError((text) => text.replace(/^phone: .*\n/m, "").replace(/^foundingYear: .*\n/m, ""))).toBe(
      [
        'site.config.yml:1:1: phone: is required; add phone: ... to site.config.yml; write it in international form, + and the country code first, e.g. "+30 27520 12345"',
        "site.config.yml:1:1: foundingYear: is required; add foundingYear: ... to site.config.yml; it must be a number from 1900 to 2100; the year the shop opened",
        "",
        "Build failed: 2 problems.",
      ].join("\n"),
    );
    // Left empty, the key is there: the problem is at its line.
    expect(configError((text) => text.replace(/^phone: .*$/m, "phone:"))).toBe(
      [
        `site.config.yml:${lineStarting("phone:")}:7: phone: is required; write it in international form, + and the country code first, e.g. "+30 27520 12345"`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
  });
});

describe("the shop's place on the map", () => {
  const lineOf = (text: string, start: string) => text.split("\n").findIndex((line) => line.startsWith(start)) + 1;

  test("latitude and longitude swapped are named at latitude's line, with the two to write", async () => {
    const swapped = written.replace("latitude: 37.5675", "latitude: 22.8016").replace("longitude: 22.8016", "longitude: 37.5675");
    const { error } = await loadWritten(swapped);
    expect(error).toBe(
      [
        `site.config.yml:${lineOf(swapped, "  latitude:")}:13: geo: latitude 22.8016, longitude 37.5675 is not in GR, the address's country: the two are swapped; write latitude: 37.5675 and longitude: 22.8016`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
  });

  test("a place outside the address's country is named, with where to copy it from", async () => {
    const { error } = await loadWritten(written.replace("longitude: 22.8016", "longitude: -22.8016"));
    expect(error).toMatch(
      /^site\.config\.yml:\d+:13: geo: latitude 37\.5675, longitude -22\.8016 is not in GR, the address's country; copy the shop's place from a map/,
    );
  });

  test("a shop in a country the site has no map of is not checked", async () => {
    const cyprus = written
      .replace("\n  country: GR\n", "\n  country: CY\n")
      .replace("latitude: 37.5675", "latitude: 35.1856")
      .replace("longitude: 22.8016", "longitude: 33.3823");
    expect(cyprus).toContain("country: CY");
    const { error, config } = await loadWritten(cyprus);
    expect(error).toBeUndefined();
    expect(config?.geo).toEqual({ latitude: 35.1856, longitude: 33.3823 });
  });
});
