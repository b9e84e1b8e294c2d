import { expect, test } from "@playwright/test";
import { plainUrl } from "./google-stand-ins.ts";

// Seven posts, the immobilizer post in cars (DECISIONS.md), every post in every language.
const counts: Record<string, number> = { all: 7, cars: 2, locks: 1, doors: 1, security: 1, maintenance: 1, keys: 1 };

for (const lang of ["gr", "en", "de", "fr", "ru"]) {
  test(`/${lang}/blog: each chip shows its category's posts and is the only one pressed`, async ({ page }) => {
    await page.goto(`${plainUrl()}/${lang}/blog`);
    const chips = page.locator("[data-blog-filter] button[data-filter]");
    const cards = page.locator("[data-blog-posts] > li[data-category]");
    const empty = page.locator("[data-blog-empty]");
    await expect(page.locator("[data-blog-filter]")).toHaveAttribute("role", "group");
    expect(await chips.evaluateAll((buttons) => buttons.map((button) => button.getAttribute("data-filter")))).toEqual(Object.keys(counts));
    await expect(chips.and(page.locator("[aria-pressed=true]"))).toHaveAttribute("data-filter", "all");
    await expect(cards.locator("visible=true")).toHaveCount(7);

    for (const [category, count] of [...Object.entries(counts).slice(1), ["all", 7] as const]) {
      await chips.and(page.locator(`[data-filter="${category}"]`)).click();
      await expect(cards.locator("visible=true")).toHaveCount(count);
      if (category !== "all") for (const card of await cards.locator("visible=true").all()) await expect(card).toHaveAttribute("data-category", category);
      await expect(page.locator("[data-blog-filter] [aria-pressed=true]")).toHaveCount(1);
      await expect(page.locator("[data-blog-filter] [aria-pressed=true]")).toHaveAttribute("data-filter", category);
      await expect(empty).toBeHidden();
    }
  });
}

test("a category without posts says so", async ({ page }) => {
  await page.goto(`${plainUrl()}/en/blog`);
  // An owner could publish a post in one language only; simulate a list without any keys post.
  await page.locator('[data-blog-posts] > li[data-category="keys"]').evaluateAll((cards) => cards.forEach((card) => card.remove()));
  await page.getByRole("button", { name: "Keys" }).click();
  await expect(page.locator("[data-blog-posts] > li:visible")).toHaveCount(0);
  await expect(page.locator("[data-blog-empty]")).toBeVisible();
  await expect(page.locator("[data-blog-empty]")).toHaveText("No articles in this category yet.");
  await page.getByRole("button", { name: "All" }).click();
  await expect(page.locator("[data-blog-empty]")).toBeHidden();
  await expect(page.locator("[data-blog-posts] > li:visible")).toHaveCount(6);
});

test("chips are buttons reachable from the keyboard", async ({ page }) => {
  await page.goto(`${plainUrl()}/en/blog`);
  const cars = page.getByRole("button", { name: "Cars" });
  await expect(cars).toHaveAttribute("aria-pressed", "false");
  await cars.focus();
  await page.keyboard.press("Enter");
  await expect(cars).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("[data-blog-posts] > li:visible")).toHaveCount(2);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "Locks" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("[data-blog-posts] > li:visible")).toHaveCount(1);
});

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("every post shows and the chips, which could not work, are hidden", async ({ page }) => {
    await page.goto(`${plainUrl()}/en/blog`);
    await expect(page.locator("[data-blog-filter]")).toBeHidden();
    await expect(page.locator("[data-blog-posts] > li:visible")).toHaveCount(7);
  });
});
