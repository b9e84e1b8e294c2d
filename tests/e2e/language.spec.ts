import { expect, test, type Page } from "@playwright/test";
import { holdLinks, plainUrl } from "./google-stand-ins.ts";

// A browser that prefers none of the five languages: no language hint over the hero switcher
// (entry-pages.spec.ts tests the hint).
test.use({ locale: "it-IT" });

const entries = [
  { url: "gr", code: "el", label: "Ελληνικά" },
  { url: "en", code: "en", label: "English" },
  { url: "de", code: "de", label: "Deutsch" },
  { url: "fr", code: "fr", label: "Français" },
  { url: "ru", code: "ru", label: "Русский" },
];

const isPhone = (page: Page) => page.viewportSize()!.width < 640;

/** The switcher's visible links: the dropdown (opened) on a phone, the row of flags on a wider screen. */
async function visibleEntries(page: Page) {
  const switcher = page.locator("[data-language-switcher=hero]");
  if (isPhone(page)) {
    await expect(switcher.locator("nav")).toBeHidden();
    await switcher.locator("summary").click();
    return switcher.locator("details a[data-lang]");
  }
  await expect(switcher.locator("details")).toBeHidden();
  return switcher.locator("nav a[data-lang]");
}

test("five entries with their own names and an inline SVG flag", async ({ page }) => {
  await page.goto(`${plainUrl()}/gr`);
  const links = await visibleEntries(page);
  await expect(links).toHaveText(entries.map((entry) => entry.label));
  for (const link of await links.all()) {
    await expect(link).toBeVisible();
    await expect(link.locator("svg")).toHaveCount(1);
  }
  await expect(links.filter({ hasText: "Ελληνικά" })).toHaveAttribute("aria-current", "true");
});

for (const from of ["gr", "ru"]) {
  for (const to of entries) {
    test(`choosing ${to.label} on /${from} goes to /${to.url}, stores "${to.code}" and shows the page in it`, async ({ page }) => {
      await page.goto(`${plainUrl()}/${from}`);
      const links = await visibleEntries(page);
      await links.filter({ hasText: to.label }).click();
      await expect(page).toHaveURL(new RegExp(`/${to.url}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", to.code);
      await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
      expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe(to.code);
    });
  }
}

test("the dropdown closes once a language is chosen", async ({ page }) => {
  test.skip(!isPhone(page), "the dropdown is the phone's form of the switcher");
  await page.goto(`${plainUrl()}/en`);
  const dropdown = page.locator("[data-language-switcher=hero] details[data-language-dropdown]");
  await dropdown.locator("summary").click();
  await expect(dropdown).toHaveAttribute("open", "");
  await holdLinks(page);
  await dropdown.getByRole("link", { name: "Deutsch" }).click();
  await expect(dropdown).not.toHaveAttribute("open");
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("de");
});

test("the dropdown works from the keyboard, and Escape closes it", async ({ page }) => {
  test.skip(!isPhone(page), "the dropdown is the phone's form of the switcher");
  await page.goto(`${plainUrl()}/en`);
  const dropdown = page.locator("[data-language-switcher=hero] details[data-language-dropdown]");
  const summary = dropdown.locator("summary");
  await expect(summary).toHaveAccessibleName(/Choose your language/);
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(dropdown).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(dropdown).not.toHaveAttribute("open");
  await expect(summary).toBeFocused();

  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(dropdown.getByRole("link", { name: "Deutsch" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/de$/);
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("de");
});

test("a click elsewhere closes the dropdown", async ({ page }) => {
  test.skip(!isPhone(page), "the dropdown is the phone's form of the switcher");
  await page.goto(`${plainUrl()}/en`);
  const dropdown = page.locator("[data-language-switcher=hero] details[data-language-dropdown]");
  await dropdown.locator("summary").click();
  await expect(dropdown).toHaveAttribute("open", "");
  // The list is 13rem wide at the left; the right edge of the hero is outside it.
  await page.mouse.click(345, 300);
  await expect(dropdown).not.toHaveAttribute("open");
});

test("the row of flags is a labelled navigation usable from the keyboard", async ({ page }) => {
  test.skip(isPhone(page), "the row is the wider screens' form of the switcher");
  await page.goto(`${plainUrl()}/en`);
  const row = page.getByRole("navigation", { name: "Choose your language" });
  await expect(row.getByRole("link")).toHaveCount(5);
  await row.getByRole("link", { name: "Français" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/fr$/);
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("fr");
});

test("opening / again goes to the stored language; without one, to /gr", async ({ page }) => {
  await page.goto(`${plainUrl()}/`);
  await expect(page).toHaveURL(/\/gr$/);
  const links = await visibleEntries(page);
  await links.filter({ hasText: "Русский" }).click();
  await expect(page).toHaveURL(/\/ru$/);
  await page.goto(`${plainUrl()}/`);
  await expect(page).toHaveURL(/\/ru$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
});

test("without script the entries are plain links to the same page in each language", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "one run is enough: it sets its own phone viewport");
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await page.goto(`${plainUrl()}/en`);
  const dropdown = page.locator("[data-language-switcher=hero] details[data-language-dropdown]");
  await dropdown.locator("summary").click();
  expect(await dropdown.locator("a[data-lang]").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
    "/gr",
    "/en",
    "/de",
    "/fr",
    "/ru",
  ]);
  await dropdown.getByRole("link", { name: "Deutsch" }).click();
  await expect(page).toHaveURL(/\/de$/);
  await context.close();
});
