import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { languages } from "../../src/shared/languages.ts";
import { useBuiltSite } from "../support/fixture-site.ts";
import { pageText } from "../support/page-text.ts";
import { repoRoot } from "../support/servers.ts";

interface Entry {
  use: string;
  avoid: string[];
  forms?: string[];
}
type Glossary = Record<string, Record<string, Entry>>;

const glossary = parse(await readFile(path.join(repoRoot, "content/glossary.yml"), "utf8")) as Glossary;
const site = useBuiltSite();

/** `личинк*` → a pattern matching the word (any ending where the * is) where a word begins. */
function termPattern(term: string): RegExp {
  const words = term.split(/\s+/).map((word) => {
    const stem = word.endsWith("*");
    const body = (stem ? word.slice(0, -1) : word).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return stem ? `${body}[\\p{L}\\p{N}-]*` : `${body}(?![\\p{L}\\p{N}])`;
  });
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join("\\s+")}`, "giu");
}

function around(text: string, index: number): string {
  return text.slice(Math.max(0, index - 40), index + 40).trim();
}

test("the glossary names every concept in every language", () => {
  for (const [concept, byLanguage] of Object.entries(glossary))
    expect(Object.keys(byLanguage).sort(), concept).toEqual(languages.map((language) => language.code).sort());
});

describe.each(languages.map((language) => [language.code] as const))("the %s pages", (code) => {
  test("use one word per concept: none of the glossary's avoided words", async () => {
    const found: string[] = [];
    for (const page of site.result.pages.filter((page) => page.language.code === code)) {
      const text = `${page.title} ${page.description} ${await pageText(site.out, page.file)}`;
      for (const [concept, byLanguage] of Object.entries(glossary)) {
        const entry = byLanguage[code]!;
        for (const term of entry.avoid)
          for (const match of text.matchAll(termPattern(term)))
            found.push(`${page.url}: "${match[0]}" for ${concept}; write "${entry.use}" (…${around(text, match.index)}…)`);
      }
    }
    expect(found).toEqual([]);
  });

  test("meta descriptions name the town as the language writes it, in 155 characters at most", () => {
    const forms = glossary.town![code]!.forms!.map(termPattern);
    const problems = site.result.pages
      .filter((page) => page.language.code === code && page.route.indexable)
      .flatMap((page) => [
        ...(page.description.length > 155 ? [`${page.url}: description is ${page.description.length} characters`] : []),
        ...(forms.some((form) => new RegExp(form.source, "iu").test(page.description))
          ? []
          : [`${page.url}: description does not name the town: ${page.description}`]),
      ]);
    expect(problems).toEqual([]);
  });

  test("service and article titles name the town", () => {
    const forms = glossary.town![code]!.forms!.map(termPattern);
    const untitled = site.result.pages
      .filter((page) => page.language.code === code && (page.route.template === "service" || page.route.template === "article"))
      .filter((page) => !forms.some((form) => new RegExp(form.source, "iu").test(page.route.documents[code]!.title)))
      .map((page) => `${page.url}: ${page.route.documents[code]!.title}`);
    expect(untitled).toEqual([]);
  });
});
