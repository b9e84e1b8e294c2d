import { readFile } from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import { describe, expect, test } from "vitest";
import { defaultLanguage, languages } from "../../src/shared/languages.ts";
import { repoRoot } from "../support/servers.ts";

/**
 * The Greek privacy policy and terms are the master: every other language has the same sections,
 * in the same order, with the same lists, numbers, periods, placeholders, conditional parts,
 * links and named parties. Compared section by section on the Markdown as written.
 */

/** Parties a legal text names, each as every language may write it. */
const parties: Record<string, RegExp> = {
  "Google Ireland Limited": /Google Ireland Limited/,
  "Google LLC": /Google LLC/,
  "Google's address": /Gordon House, Barrow Street, Dublin 4/,
  "EU–US Data Privacy Framework": /Data Privacy Framework/,
  "European Commission": /Ευρωπαϊκή Επιτροπή|European Commission|Europäische Kommission|Commission européenne|Европейская комиссия/,
  "Hellenic DPA":
    /ΑΠΔΠΧ|Hellenic Data Protection Authority|griechischen Datenschutzbehörde|Autorité hellénique de protection des données|Управление по защите персональных данных Греции/,
  "Hellenic Police": /Ελληνική Αστυνομία|Hellenic Police|griechische[n]? Polizei|police grecque|полици\S* Греции/,
  "tax authority (AADE)": /ΑΑΔΕ|AADE/,
  "consumer ombudsman": /Συνήγορο\S* του Καταναλωτή/,
  accountant: /λογιστ|accountant|Steuerberater|comptable|бухгалтер/i,
};

/** Units of time as each language writes them, to compare periods ("5 years") across languages. */
const units: Record<string, [RegExp, string][]> = {
  el: [
    [/^(έτη|έτος|χρόνια|χρόνο)$/, "year"],
    [/^(μήνες|μήνα)$/, "month"],
    [/^(ημέρες|ημερών|μέρες)$/, "day"],
    [/^(ώρες|ώρα|ωρών)$/, "hour"],
    [/^(λεπτά|λεπτό)$/, "minute"],
  ],
  en: [
    [/^years?$/, "year"],
    [/^months?$/, "month"],
    [/^days?$/, "day"],
    [/^hours?$/, "hour"],
    [/^minutes?$/, "minute"],
  ],
  de: [
    [/^Jahre?n?$/, "year"],
    [/^Monate?n?$/, "month"],
    [/^Tage?n?$/, "day"],
    [/^Stunden?$/, "hour"],
    [/^Minuten?$/, "minute"],
  ],
  fr: [
    [/^(ans?|années?)$/, "year"],
    [/^mois$/, "month"],
    [/^jours?$/, "day"],
    [/^heures?$/, "hour"],
    [/^minutes?$/, "minute"],
  ],
  ru: [
    [/^(год|года|лет)$/, "year"],
    [/^(месяц|месяца|месяцев)$/, "month"],
    [/^(день|дня|дней)$/, "day"],
    [/^(час|часа|часов)$/, "hour"],
    [/^(минута|минуты|минут)$/, "minute"],
  ],
};

interface Section {
  heading: string;
  level: number;
  /** "1." for "## 1. Controller"; "" for an unnumbered heading. */
  number: string;
  listItems: number;
  numbers: string[];
  periods: string[];
  placeholders: string[];
  links: string[];
  parties: string[];
}

const sorted = (values: string[]) => [...values].sort();

/** The sections of a document, the text before the first heading being section 0. */
export function sectionsOf(markdown: string, code: string): Section[] {
  const body = matter(markdown).content;
  const parts: { heading: string; level: number; lines: string[] }[] = [{ heading: "(opening)", level: 1, lines: [] }];
  for (const line of body.split("\n")) {
    const heading = /^(#{2,4})\s+(.*)$/.exec(line);
    if (heading) parts.push({ heading: heading[2]!, level: heading[1]!.length, lines: [] });
    else parts.at(-1)!.lines.push(line);
  }
  return parts.map(({ heading, level, lines }) => {
    const text = lines.join("\n");
    const links = [...text.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]!);
    // Placeholders and conditions are compared as they are; numbers are read from the rest.
    const placeholders = [...`${heading}\n${text}`.matchAll(/\{\{\s*([#^/]?\s*[A-Za-z]+)\s*\}\}/g)].map((match) => match[1]!.replace(/\s/g, ""));
    const prose = `${heading}\n${text}`
      .replace(/\]\([^)]+\)/g, "]")
      .replace(/\{\{[^}]*\}\}/g, " ")
      .replace(/`[^`]*`/g, " ")
      .replace(/24\s?h\s?\/\s?24(\s?(et|,)\s?7\s?j\s?\/\s?7)?/g, "24/7");
    const words = prose.split(/[\s\u00a0\u202f,.;:·\u0387()«»„“"]+/).filter(Boolean);
    const periods: string[] = [];
    words.forEach((word, index) => {
      // A year ("10 июля 2023 года") is a date, not a period.
      if (!/^\d+$/.test(word) || Number(word) >= 1900) return;
      const unit = units[code]!.find(([pattern]) => pattern.test(words[index + 1] ?? ""));
      if (unit) periods.push(`${word} ${unit[1]}`);
    });
    return {
      heading,
      level,
      number: /^(\d+\.)\s/.exec(heading)?.[1] ?? "",
      listItems: lines.filter((line) => /^\s*([-*]|\d+\.)\s/.test(line)).length,
      numbers: sorted((prose.replace(/^(\d+\.)\s/, "").match(/\d+/g) ?? []).map((digits) => String(Number(digits)))),
      periods: sorted(periods),
      placeholders: sorted(placeholders),
      links: sorted(links),
      parties: Object.entries(parties)
        .filter(([, pattern]) => pattern.test(prose))
        .map(([name]) => name),
    };
  });
}

async function read(document: string, code: string): Promise<string> {
  return readFile(path.join(repoRoot, "content/pages", document, `${code}.md`), "utf8");
}

const others = languages.filter((language) => language.code !== defaultLanguage.code).map((language) => [language.code] as const);

describe.each(["privacy-policy", "terms"])("%s", (document) => {
  test.each(others)("%s has the Greek master's sections, in order, with the same facts", async (code) => {
    const master = sectionsOf(await read(document, defaultLanguage.code), defaultLanguage.code);
    const translation = sectionsOf(await read(document, code), code);
    const outline = (sections: Section[]) => sections.map((section) => `${"#".repeat(section.level)} ${section.number}`.trim());
    expect(outline(translation), "the sections: levels and numbers").toEqual(outline(master));
    const differences: string[] = [];
    master.forEach((greek, index) => {
      const own = translation[index]!;
      for (const key of ["listItems", "numbers", "periods", "placeholders", "links", "parties"] as const) {
        if (JSON.stringify(own[key]) !== JSON.stringify(greek[key]))
          differences.push(`"${own.heading}" (Greek "${greek.heading}"): ${key} ${JSON.stringify(own[key])}, the master has ${JSON.stringify(greek[key])}`);
      }
    });
    expect(differences).toEqual([]);
  });
});

test("the comparison sees a changed period, a missing party and a missing section", () => {
  const greek = "---\ntitle: x\n---\n## 1. Α\n\n- Διάρκεια: 5 έτη, ΑΑΔΕ.\n\n## 2. Β\n\nΚείμενο.\n";
  const english = "---\ntitle: x\n---\n## 1. A\n\n- Retention: 6 months.\n";
  const [, master] = sectionsOf(greek, "el");
  const [, translation] = sectionsOf(english, "en");
  expect(master).toMatchObject({ number: "1.", listItems: 1, numbers: ["5"], periods: ["5 year"], parties: ["tax authority (AADE)"] });
  expect(translation).toMatchObject({ numbers: ["6"], periods: ["6 month"], parties: [] });
  expect(sectionsOf(english, "en")).toHaveLength(2);
  expect(sectionsOf(greek, "el")).toHaveLength(3);
});
