import { expect, test } from "@playwright/test";
import { languages } from "../../src/shared/languages.ts";
import { axeViolations, installAxe } from "./axe.ts";

/** Every URL of one language, read from the sitemap the build wrote. */
async function urlsOf(baseUrl: string, languageUrl: string, request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get(`${baseUrl}/sitemap.xml`)).text();
  return [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((match) => match[1]!).filter((path) => path.split("/")[1] === languageUrl);
}

for (const language of languages) {
  test.describe(() => {
    // A browser in another language, so the language hint shows beside the consent banner.
    test.use({ locale: language.code === "el" ? "en-GB" : "el-GR" });

    test(`every ${language.url} page passes axe (WCAG 2.2 A and AA), with the language hint and the consent banner shown`, async ({ page, request }) => {
      test.setTimeout(180_000);
      const base = process.env.E2E_KEYS_URL!;
      const paths = [...(await urlsOf(base, language.url, request)), `/${language.url}/no-such-page`];
      expect(paths.length).toBeGreaterThan(20);
      const problems: string[] = [];
      await installAxe(page);
      await page.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
      for (const path of paths) {
        await page.goto(base + path);
        await expect(page.locator("#consent")).toBeVisible();
        if (!path.endsWith("/no-such-page")) await expect(page.locator("[data-language-hint]")).toBeAttached();
        problems.push(...(await axeViolations(page, path)));
      }
      expect(problems).toEqual([]);
    });
  });
}

test("the blog's pages, category pages and an article's related and neighbouring posts pass axe, in Greek and English", async ({ page }) => {
  test.setTimeout(120_000);
  const base = process.env.E2E_BLOG_URL!;
  const problems: string[] = [];
  await installAxe(page);
  for (const lang of ["gr", "en"])
    for (const path of ["/blog/page/2", "/blog/category/cars", "/blog/category/cars/page/2", "/blog/car-lockout-nafplio-8"]) {
      await page.goto(`${base}/${lang}${path}`);
      problems.push(...(await axeViolations(page, `/${lang}${path}`)));
    }
  expect(problems).toEqual([]);
});
