import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "vitest";
import { fill } from "../../src/generator/read-document.ts";
import { validateConfig } from "../../src/generator/validate-config.ts";
import { durationToWords } from "../../src/shared/retention.ts";
import { repoRoot } from "../support/servers.ts";

const text = await readFile(path.join(repoRoot, "site.config.yml"), "utf8");
const config = (change: (text: string) => string = (same) => same) => validateConfig("site.config.yml", change(text));
const filled = (source: string, code: string, changed = config()) => fill(source, changed, code, (message) => expect.fail(message));

test("the retention period of contact messages comes from the config, in each language's words", () => {
  const policy = "{{messagesRetention}}";
  expect(["el", "en", "de", "fr", "ru"].map((code) => filled(policy, code).replace(/\u00a0/g, " "))).toEqual([
    "2 έτη",
    "2 years",
    "2 Jahre",
    "2 ans",
    "2 года",
  ]);
  const eighteenMonths = config((yaml) => yaml.replace("messages: 2y", "messages: 18m"));
  expect(filled(policy, "de", eighteenMonths).replace(/\u00a0/g, " ")).toBe("18 Monate");
  expect(filled(policy, "ru", eighteenMonths).replace(/\u00a0/g, " ")).toBe("18 месяцев");
  expect(durationToWords("90d", "fr-FR").replace(/\s/g, " ")).toBe("90 jours");
});

test("the brand, the town, the host and the mail provider are written as each language writes them", () => {
  expect(filled("{{brand}} · {{town}} · {{host}} ({{hostCountry}})", "fr")).toBe("Serrurier Nauplie · Nauplie · Example Hosting Ltd (Allemagne)");
  expect(filled("{{brand}} · {{town}} · {{mailProvider}} ({{mailProviderCountry}})", "ru")).toBe("Слесарь Нафплион · Нафплион · Example Mail Ltd (Греция)");
  const oneName = config((yaml) => yaml.replace(/^brand:\n( {2}.*\n)+/m, "brand: Nafplio Locksmith\n"));
  expect(filled("{{brand}}", "de", oneName)).toBe("Nafplio Locksmith");
});

test("parts of a document are kept only where the config says so", () => {
  const source =
    "A\n{{#identityChecks}}\nB\n{{/identityChecks}}\n{{#recaptcha}}\nC\n{{/recaptcha}}\n{{^google}}\nD\n{{/google}}\nE{{#analytics}} F{{/analytics}}.\n";
  expect(filled(source, "en")).toBe("A\nB\nD\nE.\n");
  const withKeys = config((yaml) =>
    yaml
      .replace('siteKey: ""', "siteKey: 6LeTestSiteKeyForE2eOnly00000000000000000")
      .replace('measurementId: ""', "measurementId: G-TEST12345")
      .replace("identityChecks: true", "identityChecks: false"),
  );
  expect(filled(source, "en", withKeys)).toBe("A\nC\nE F.\n");
});
