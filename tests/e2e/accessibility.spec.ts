import { expect, test } from "@playwright/test";
import { languages } from "../../src/shared/languages.ts";
import { axeViolations, installAxe } from "./axe.ts";

/** Every URL of one language, read from the sitemap the build wrote. */
async function urlsOf(baseUrl: string, languageUrl: string, request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get(`${baseUrl}/sitemap.xml`)).text();
  return [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((match) => match[1]!).filter((path) => path.split("/")[1] === languageUrl);
}

for (const language of languages) {
  test(`every ${language.url} page passes axe (WCAG 2.2 A and AA)`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const base = process.env.E2E_KEYS_URL!;
    const paths = [...(await urlsOf(base, language.url, request)), `/${language.url}/no-such-page`];
    expect(paths.length).toBeGreaterThan(20);
    const problems: string[] = [];
    await installAxe(page);
    for (const path of paths) {
      await page.goto(base + path);
      problems.push(...(await axeViolations(page, path)));
    }
    expect(problems).toEqual([]);
  });
}
