import { expect, test, type Page } from "@playwright/test";
import { languages } from "../../src/shared/languages.ts";
import { axeViolations, installAxe } from "./axe.ts";

/** Every URL of one language, read from the sitemap the build wrote. */
async function urlsOf(baseUrl: string, languageUrl: string, request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get(`${baseUrl}/sitemap.xml`)).text();
  return [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((match) => match[1]!).filter((path) => path.split("/")[1] === languageUrl);
}

for (const language of languages) {
  test.describe(() => {
    // A browser in another language, so the language hint shows beside the consent banner; on the
    // phone a short screen (360×740), where the banner comes closest to the page's call buttons.
    test.use({
      locale: language.code === "el" ? "en-GB" : "el-GR",
      viewport: async ({ isMobile }, use) => use(isMobile ? { width: 360, height: 740 } : { width: 1280, height: 800 }),
    });

    test(`every ${language.url} page passes axe (WCAG 2.2 A and AA), with the language hint and the consent banner shown, the banner covering neither the header's call button nor the page's first`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const base = process.env.E2E_KEYS_URL!;
      const paths = [...(await urlsOf(base, language.url, request)), `/${language.url}/no-such-page`];
      expect(paths.length).toBeGreaterThan(20);
      const problems: string[] = [];
      await installAxe(page);
      await page.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
      for (const path of paths) {
        await page.goto(base + path);
        // Both come with the islands' first effects, often just after the page has loaded: waited
        // for together and seen on the next frame (an expect polls again only 100 ms later).
        const shown = await page
          .waitForFunction(
            (hint) => {
              const banner = document.querySelector("#consent");
              const box = banner?.getBoundingClientRect();
              return (
                !!box &&
                box.width > 0 &&
                box.height > 0 &&
                getComputedStyle(banner!).visibility !== "hidden" &&
                (!hint || !!document.querySelector("[data-language-hint]"))
              );
            },
            !path.endsWith("/no-such-page"),
            { timeout: 5_000 },
          )
          .then(
            () => true,
            () => false,
          );
        if (!shown) problems.push(`${path}: the consent banner${path.endsWith("/no-such-page") ? "" : " or the language hint"} did not show`);
        problems.push(...(await axeViolations(page, path)));
        problems.push(...(await callButtonsCovered(page)).map((problem) => `${path}: ${problem}`));
        problems.push(...(await otherScriptsUnmarked(page)).map((problem) => `${path}: ${problem}`));
      }
      expect(problems).toEqual([]);
    });
  });
}

/**
 * Greek or Cyrillic text on a page in another language that does not say its language (lang="el",
 * lang="ru"), so a screen reader would read it with the page's voice.
 */
async function otherScriptsUnmarked(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scripts = [
      { lang: "el", letters: /[\u0370-\u03ff\u1f00-\u1fff]/ },
      { lang: "ru", letters: /[\u0400-\u04ff]/ },
    ];
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement!;
      if (element.closest("script, style, template")) continue;
      const lang = element.closest("[lang]")!.getAttribute("lang")!.split("-")[0];
      for (const script of scripts)
        if (lang !== script.lang && script.letters.test(node.textContent!))
          found.push(`"${node.textContent!.trim().slice(0, 40)}" is not marked lang="${script.lang}"`);
    }
    return found;
  });
}

/** The header's call button missing, or it or the page's first call button under the consent banner. */
async function callButtonsCovered(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const banner = document.querySelector("#consent")!.getBoundingClientRect();
    const shown = (link: Element) => link.getBoundingClientRect().height > 0 && getComputedStyle(link).visibility !== "hidden";
    const header = [...document.querySelectorAll("header a[href^='tel:']")].find(shown);
    const first = [...document.querySelectorAll("main a[href^='tel:']")].find(shown);
    return [
      ...(header ? [] : ["no call button in the header"]),
      ...[header, first]
        .filter((link): link is Element => !!link)
        .filter((link) => {
          const box = link.getBoundingClientRect();
          return box.top < banner.bottom && banner.top < box.bottom && box.left < banner.right && banner.left < box.right;
        })
        .map((link) => `the banner covers "${link.textContent!.trim()}"`),
    ];
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
