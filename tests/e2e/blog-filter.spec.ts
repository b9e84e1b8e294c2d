import { expect, test, type Page } from "@playwright/test";
import { plainUrl } from "./google-stand-ins.ts";

// Seven posts, the immobilizer post in cars (DECISIONS.md), every post in every language.
const counts: Record<string, number> = { all: 7, cars: 2, locks: 1, doors: 1, security: 1, maintenance: 1, keys: 1 };
const chipUrl = (lang: string, category: string) => `/${lang}/blog${category === "all" ? "" : `/category/${category}`}`;

/** The chips, the cards and the current chip of the page. */
function blogList(page: Page) {
  return {
    chips: page.locator("[data-blog-filter] a[data-filter]"),
    cards: page.locator("[data-blog-posts] > li[data-category]"),
    current: page.locator("[data-blog-filter] a[aria-current]"),
  };
}

for (const lang of ["gr", "en", "de", "fr", "ru"]) {
  test(`/${lang}/blog: each chip leads to its category's page, which shows only its posts, with that chip the only one marked`, async ({ page }) => {
    await page.goto(`${plainUrl()}/${lang}/blog`);
    const { chips, cards, current } = blogList(page);
    await expect(page.locator("nav[data-blog-filter]")).toHaveAttribute("aria-label", /.+/);
    expect(await chips.evaluateAll((links) => links.map((link) => link.getAttribute("data-filter")))).toEqual(Object.keys(counts));
    await expect(current).toHaveAttribute("data-filter", "all");
    await expect(current).toHaveAttribute("aria-current", "page");
    await expect(cards).toHaveCount(7);

    for (const [category, count] of [...Object.entries(counts).slice(1), ["all", 7] as const]) {
      await chips.and(page.locator(`[data-filter="${category}"]`)).click();
      await expect(page).toHaveURL(`${plainUrl()}${chipUrl(lang, category)}`);
      await expect(cards).toHaveCount(count);
      if (category !== "all") for (const card of await cards.all()) await expect(card).toHaveAttribute("data-category", category);
      await expect(current).toHaveCount(1);
      await expect(current).toHaveAttribute("data-filter", category);
    }
  });
}

test("the back button brings back the previous category, its URL and its chip together", async ({ page }) => {
  await page.goto(`${plainUrl()}/en/blog`);
  const { chips, cards, current } = blogList(page);
  await chips.and(page.locator('[data-filter="cars"]')).click();
  await expect(page).toHaveURL(/\/en\/blog\/category\/cars$/);
  await chips.and(page.locator('[data-filter="keys"]')).click();
  await expect(page).toHaveURL(/\/en\/blog\/category\/keys$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/blog\/category\/cars$/);
  await expect(current).toHaveAttribute("data-filter", "cars");
  await expect(cards).toHaveCount(2);
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/blog$/);
  await expect(current).toHaveAttribute("data-filter", "all");
  await expect(cards).toHaveCount(7);
});

test("a card shows its category, its date in the page's language, title, excerpt, at most two keywords and a read-more link with the language prefix", async ({
  page,
}) => {
  for (const [lang, date] of [
    ["gr", "15 Ιανουαρίου 2024"],
    ["de", "15. Januar 2024"],
    ["fr", "15 janvier 2024"],
  ] as const) {
    await page.goto(`${plainUrl()}/${lang}/blog`);
    const card = page.locator('[data-blog-posts] > li:has(a[href$="/blog/car-lockout-nafplio"])');
    await expect(card.locator("time")).toHaveText(date);
    await expect(card.locator("h2")).not.toBeEmpty();
    await expect(card.locator("h2 + p")).not.toBeEmpty();
    expect(await card.locator("ul > li").count()).toBeLessThanOrEqual(2);
    await expect(card.locator("a").last()).toHaveAttribute("href", `/${lang}/blog/car-lockout-nafplio`);
  }
});

test("chips are links reachable from the keyboard", async ({ page }) => {
  await page.goto(`${plainUrl()}/en/blog`);
  const cars = page.getByRole("link", { name: "Cars", exact: true });
  await cars.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/en\/blog\/category\/cars$/);
  await expect(page.getByRole("link", { name: "Cars", exact: true })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Cars", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Locks", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/en\/blog\/category\/locks$/);
  await expect(page.locator("[data-blog-posts] > li")).toHaveCount(1);
});

test("with script, the page a chip leads to is fetched as soon as the pointer is over it", async ({ page }) => {
  await page.goto(`${plainUrl()}/en/blog`);
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.locator('[data-filter="doors"]').hover();
  await expect.poll(() => asked).toContain("/en/blog/category/doors");
  await page.locator('[data-filter="doors"]').hover();
  await page.locator('[data-filter="keys"]').hover();
  await expect.poll(() => asked).toContain("/en/blog/category/keys");
  expect(asked.filter((pathname) => pathname === "/en/blog/category/doors")).toHaveLength(1);
});

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("the chips show and work as links; every post shows under all", async ({ page }) => {
    await page.goto(`${plainUrl()}/en/blog`);
    await expect(page.locator("[data-blog-filter]")).toBeVisible();
    await expect(page.locator("[data-blog-posts] > li:visible")).toHaveCount(7);
    await page.locator('[data-filter="cars"]').click();
    await expect(page).toHaveURL(/\/en\/blog\/category\/cars$/);
    await expect(page.locator("[data-blog-posts] > li:visible")).toHaveCount(2);
  });
});
