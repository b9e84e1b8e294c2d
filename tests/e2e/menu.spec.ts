import { expect, test } from "@playwright/test";
import { holdLinks, plainUrl } from "./google-stand-ins.ts";

const links = ["Home", "Services", "Prices", "About", "Blog", "Contact"];

test.describe("phone menu", () => {
  test.skip(({ viewport }) => viewport!.width >= 1024, "the toggle exists below the lg breakpoint only");

  test("the toggle opens a vertical list of the same links and the call button", async ({ page }) => {
    await page.goto(`${plainUrl()}/en/prices`);
    const toggle = page.locator("#menu-toggle");
    const menu = page.locator("nav#mobile-menu");
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-controls", "mobile-menu");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveAccessibleName("Menu");
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link")).toHaveText([...links, /Call 24\/7/]);
    await expect(menu.getByRole("link", { name: "Prices" })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByRole("link", { name: /Call 24\/7/ })).toHaveAttribute("href", /^tel:\+30/);
    // One column: every link starts at the same x.
    const lefts = await menu.getByRole("link").evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
  });

  for (const lang of ["gr", "en", "de", "fr", "ru"]) {
    test(`/${lang}: the open menu fits the screen, call button included`, async ({ page }) => {
      await page.goto(`${plainUrl()}/${lang}`);
      await page.locator("#menu-toggle").click();
      const call = page.locator("#mobile-menu a[href^='tel:']");
      await expect(call).toBeVisible();
      expect(await call.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      const box = (await call.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      await expect(page.locator("#mobile-menu")).toBeInViewport({ ratio: 1 });
    });
  }

  test("choosing a link closes the menu and goes there", async ({ page }) => {
    await page.goto(`${plainUrl()}/en`);
    await page.locator("#menu-toggle").click();
    await holdLinks(page);
    await page.locator("#mobile-menu").getByRole("link", { name: "About" }).click();
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(page.locator("#menu-toggle")).toHaveAttribute("aria-expanded", "false");

    await page.reload();
    await page.locator("#menu-toggle").click();
    await page.locator("#mobile-menu").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/en\/about$/);
    await expect(page.locator("#mobile-menu")).toBeHidden();
  });

  test("Escape closes the menu and gives focus back to the toggle", async ({ page }) => {
    await page.goto(`${plainUrl()}/en`);
    const toggle = page.locator("#menu-toggle");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.locator("#mobile-menu").getByRole("link", { name: "Home" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("on a busy phone, Escape right after opening still closes the menu", async ({ page }) => {
    await page.goto(`${plainUrl()}/en`);
    const toggle = page.locator("#menu-toggle");
    await toggle.click();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    // Input is handled before timers: the page's timers held, as on a phone too busy to run them.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("a click outside the menu closes it", async ({ page }) => {
    await page.goto(`${plainUrl()}/en`);
    await page.locator("#menu-toggle").click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    const menuBottom = (await page.locator("#mobile-menu").boundingBox())!;
    await page.mouse.click(20, menuBottom.y + menuBottom.height + 20);
    await expect(page.locator("#mobile-menu")).toBeHidden();
  });
});

test("on a wide screen the links sit in the header and the toggle is gone", async ({ page, viewport }) => {
  test.skip(viewport!.width < 1024, "wide screens only");
  await page.goto(`${plainUrl()}/en`);
  await expect(page.locator("#menu-toggle")).toBeHidden();
  await expect(page.locator("#mobile-menu")).toBeHidden();
  await expect(page.locator("header nav").first().getByRole("link")).toHaveText(links);
});

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("the phone navigation is a visible row of links, with no toggle", async ({ page, viewport }) => {
    test.skip(viewport!.width >= 1024, "the row exists below the lg breakpoint only");
    await page.goto(`${plainUrl()}/en`);
    await expect(page.locator("#menu-toggle")).toBeHidden();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await expect(page.locator("#mobile-menu").getByRole("link", { name: "Contact" })).toBeVisible();
  });
});
