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
  // An owner could publish a post in one language only. Simulate a list without any keys post:
  // hold the island script back, take the keys cards out of the markup and of the island's
  // props, then let the script hydrate what is left.
  await page.route("**/assets/islands.*.js", (route) => route.abort());
  await page.goto(`${plainUrl()}/en/blog`);
  const script = (await page.locator("script[type=module][src]").getAttribute("src"))!;
  await page.locator('[data-island="blog-filter"]').evaluate((root: HTMLElement) => {
    const props = JSON.parse(root.dataset.props!);
    const cards = [...root.querySelectorAll("[data-blog-posts] > li")];
    props.categories.forEach((category: string, index: number) => category === "keys" && cards[index]!.remove());
    props.categories = props.categories.filter((category: string) => category !== "keys");
    root.dataset.props = JSON.stringify(props);
  });
  await page.unroute("**/assets/islands.*.js");
  await page.addScriptTag({ url: script, type: "module" });
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
