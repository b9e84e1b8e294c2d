import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { languages } from "../../src/shared/languages.ts";

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
    for (const path of paths) {
      await page.goto(base + path);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]).analyze();
      for (const violation of results.violations)
        problems.push(
          `${path}: ${violation.id} (${violation.impact}) ${violation.nodes
            .map((node) => node.target.join(" "))
            .slice(0, 3)
            .join(", ")}`,
        );
    }
    expect(problems).toEqual([]);
  });
}
