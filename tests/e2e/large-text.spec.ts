import { expect, test, type Locator, type Page } from "@playwright/test";
import { keysUrl, plainUrl, standInForGoogle } from "./google-stand-ins.ts";

// A phone whose owner has turned its text size up: the page's rem units grow as they do with the
// browser's own text-size setting (150% is Android's and iOS's "large" setting; zoom 400% on a
// 1280 px screen is a 320 × 200 window, WCAG's reflow case).
const enlarge = (page: Page, percent: number) =>
  page.addInitScript((size) => {
    document.addEventListener("DOMContentLoaded", () => document.documentElement.style.setProperty("font-size", `${size}%`, "important"));
  }, percent);

/** The element lies wholly inside the window, where a finger or a click reaches it. */
async function whollyOnScreen(page: Page, element: Locator): Promise<void> {
  const box = (await element.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x, "left edge").toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, "right edge").toBeLessThanOrEqual(width + 0.5);
  expect(box.y, "top edge").toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, "bottom edge").toBeLessThanOrEqual(height + 0.5);
}

test.describe("text enlarged to 150% on a phone", () => {
  test.skip(({ viewport }) => viewport!.width >= 1024, "the phone's top bar");

  for (const lang of ["gr", "en", "de", "fr", "ru"]) {
    test(`/${lang}: the menu button stays on the screen, and every link of the open menu and of the language list can be reached`, async ({ page }) => {
      await enlarge(page, 150);
      await page.goto(`${plainUrl()}/${lang}`);
      const toggle = page.locator("#menu-toggle");
      await whollyOnScreen(page, toggle);
      // An English browser is offered the English page; the offer's close button stays reachable.
      if (lang !== "en") await whollyOnScreen(page, page.locator("[data-language-hint] button"));
      await toggle.click();
      const links = page.locator("#mobile-menu a");
      expect(await links.count()).toBe(7);
      // Taller than the screen below the header, the menu scrolls within itself.
      for (const link of await links.all()) {
        await link.scrollIntoViewIfNeeded();
        await whollyOnScreen(page, link);
      }
      await page.keyboard.press("Escape");

      await page.locator("header [data-language-dropdown] summary").click();
      const languages = page.locator("header [data-language-dropdown] ul a");
      expect(await languages.count()).toBe(5);
      for (const link of await languages.all()) {
        await link.scrollIntoViewIfNeeded();
        await whollyOnScreen(page, link);
      }
    });
  }
});

test.describe("zoomed to 400% (a 320 × 200 window)", () => {
  test.use({ viewport: { width: 320, height: 200 }, isMobile: false, hasTouch: false });
  test.skip(() => test.info().project.name !== "desktop", "a desktop browser zoomed in: once");

  test("the menu scrolls within itself to its last link, the call", async ({ page }) => {
    await page.goto(`${plainUrl()}/de/contact`);
    await page.locator("#menu-toggle").click();
    const call = page.locator("#mobile-menu a[href^='tel:']");
    await call.scrollIntoViewIfNeeded();
    await whollyOnScreen(page, call);
    expect(await page.locator("#mobile-menu").evaluate((menu) => menu.scrollTop > 0 && menu.scrollHeight > menu.clientHeight)).toBe(true);
  });

  test("the consent banner scrolls within itself to both of its choices, still equal", async ({ page }) => {
    await standInForGoogle(page);
    await page.goto(`${keysUrl()}/fr`);
    const banner = page.locator("#consent");
    await expect(banner).toBeVisible();
    const reject = banner.locator("[data-consent=denied]");
    const accept = banner.locator("[data-consent=granted]");
    for (const choice of [reject, accept]) {
      await choice.scrollIntoViewIfNeeded();
      await whollyOnScreen(page, choice);
    }
    const [r, a] = [(await reject.boundingBox())!, (await accept.boundingBox())!];
    expect(Math.abs(r.width - a.width)).toBeLessThan(2);
    await reject.click();
    await expect(banner).toBeHidden();
  });
});
