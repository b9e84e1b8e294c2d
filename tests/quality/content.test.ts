import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";
import { describe, expect, test } from "vitest";
import { flatten, type Messages } from "../../src/generator/load-locales.ts";
import { languages } from "../../src/shared/languages.ts";
import { build } from "../../src/generator/build.ts";
import { fixtureSite, useBuiltSite } from "../support/fixture-site.ts";
import { repoRoot } from "../support/servers.ts";

const site = useBuiltSite();

/** The visible text of a built page, without tags, scripts and styles. */
async function textOf(file: string): Promise<string> {
  const html = await readFile(path.join(site.out, file), "utf8");
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0|\u202f/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

test("every document exists in all five languages", async () => {
  const files = await fg("**/*.md", { cwd: path.join(repoRoot, "content") });
  const byDocument = new Map<string, string[]>();
  for (const file of files) byDocument.set(path.dirname(file), [...(byDocument.get(path.dirname(file)) ?? []), path.basename(file, ".md")]);
  expect(byDocument.size).toBe(10 + 7 + 2);
  for (const [document, codes] of byDocument) expect(codes.sort(), document).toEqual(["de", "el", "en", "fr", "ru"]);
});

describe.each(languages.map((language) => [language.url, language.code] as const))("the facts of the specification on the %s pages", (url) => {
  test("packages 250 / 300 / 350 euro, old prices 285 / 330 / 380, on home, prices and the replace-with-new page", async () => {
    for (const file of [`${url}.html`, `${url}/prices.html`, `${url}/services/armored-doors/replace-with-new.html`]) {
      const text = await textOf(file);
      for (const amount of ["250", "300", "350", "285", "330", "380"])
        expect(text, `${file} shows ${amount} €`).toMatch(new RegExp(`(€ ?${amount}\\b|\\b${amount} ?€)`));
    }
  });

  test("the middle package is marked popular", async () => {
    const html = await readFile(path.join(site.out, `${url}/prices.html`), "utf8");
    const cards = html.split("<article").slice(1);
    expect(cards).toHaveLength(3);
    expect(cards.map((card) => card.includes("ring-amber-400"))).toEqual([false, true, false]);
  });

  test("24/7, 5 to 15 minutes and installation of 2 to 3 hours", async () => {
    const home = await textOf(`${url}.html`);
    expect(home).toMatch(/24\/7|24 ?h\/24/);
    expect(home).toMatch(/\b5\b[^0-9]{1,12}15\b/);
    const prices = await textOf(`${url}/prices.html`);
    expect(prices).toMatch(/\b2\b[^0-9]{1,8}3\b/);
  });

  test("contact shows the hours 08:00-20:00 and the address with number 38 and postal code 21100", async () => {
    const contact = await textOf(`${url}/contact.html`);
    expect(contact).toMatch(/08:00[\s\u2060]*([-–]|à|bis|до|to)[\s\u2060]*20:00/);
    expect(contact).toMatch(/ 38, 21100 /);
  });

  test("the privacy policy keeps contact data 2 years, customer data 5 years, automatic data 12 months", async () => {
    const privacy = await textOf(`${url}/privacy-policy.html`);
    for (const period of [/\b2 (έτη|years|Jahre|ans|года)/, /\b5 (έτη|years|Jahre|ans|лет)/, /\b12 (μήνες|months|Monate|mois|месяцев)/])
      expect(privacy).toMatch(period);
    expect(privacy).toMatch(/dpa\.gr/);
  });

  test("the terms give contact hours 08:00-20:00 and 24/7 for emergencies", async () => {
    const terms = await textOf(`${url}/terms.html`);
    expect(terms).toMatch(/(08:00|8 h)/);
    expect(terms).toMatch(/(20:00|20 h)/);
    expect(terms).toMatch(/24\/7|24 ?h\/24|24 ώρες/);
  });
});

test("no page in de, fr or ru shows English interface text", async () => {
  const english = flatten(JSON.parse(await readFile(path.join(repoRoot, "locales/en/translation.json"), "utf8")) as Messages);
  for (const code of ["de", "fr", "ru"]) {
    const own = flatten(JSON.parse(await readFile(path.join(repoRoot, `locales/${code}/translation.json`), "utf8")) as Messages);
    const tell = [...english]
      .filter(([key, value]) => typeof value === "string" && value.length >= 12 && own.get(key) !== value && !value.includes("{{"))
      .map(([, value]) => value as string);
    const pages = site.result.pages.filter((page) => page.language.code === code);
    for (const page of pages) {
      const text = await textOf(page.file);
      const found = tell.filter((value) => text.includes(value));
      expect(found, page.url).toEqual([]);
    }
  }
});

test("where the phone is not answered in the page's language, the pages a caller lands on say which languages it is", async () => {
  // The config's spokenLanguages: Greek and English. Home, every service page and every article.
  const spoken = {
    de: "Am Telefon: Griechisch und Englisch.",
    fr: "Au téléphone : grec et anglais.",
    ru: "Языки общения по телефону: греческий и английский.",
  };
  const landings = site.result.pages.filter((page) => ["home", "service", "article"].includes(page.route.template));
  for (const page of landings) {
    const text = await textOf(page.file);
    const note = spoken[page.language.code as keyof typeof spoken];
    if (note) expect(text, page.url).toContain(note);
    else expect(await readFile(path.join(site.out, page.file), "utf8"), page.url).not.toContain("data-phone-languages");
  }
  // The contact page names them in every language, in lower case where the language writes them so.
  expect(await textOf("gr/contact.html")).toContain("Γλώσσες: ελληνικά και αγγλικά.");
  expect(await textOf("de/contact.html")).toContain("Wir sprechen Griechisch und Englisch.");
});

test("titles stay unique and meta descriptions are 70 to 160 characters", () => {
  for (const page of site.result.pages.filter((page) => page.route.indexable)) {
    expect(page.description.length, `${page.url}: ${page.description}`).toBeGreaterThanOrEqual(70);
    expect(page.description.length, `${page.url}: ${page.description}`).toBeLessThanOrEqual(160);
  }
});

test("the shop's hours come from the config: the contact page and its description in every language", async () => {
  const root = await fixtureSite();
  try {
    const config = path.join(root, "site.config.yml");
    await writeFile(config, (await readFile(config, "utf8")).replace('opens: "08:00"', 'opens: "07:30"').replace('closes: "20:00"', 'closes: "21:00"'));
    const out = path.join(root, "dist");
    await build({ root, outDir: out, env: {} });
    for (const { url } of languages) {
      const html = await readFile(path.join(out, `${url}/contact.html`), "utf8");
      const description = /<meta name="description" content="([^"]*)"/.exec(html)![1]!;
      expect(description, url).toMatch(/07:30( – | à |–)21:00/);
      expect(html, url).not.toMatch(/08:00|20:00/);
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}, 60_000);
