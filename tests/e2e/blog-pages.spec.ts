import { expect, test, type Page } from "@playwright/test";

// A site of 60 posts per language (tests/e2e/global-setup.ts): the blog has 5 pages of 12, the
// cars category 18 posts on 2 pages. Each test runs at 360 and 1280 px (the two projects).
const base = () => process.env.E2E_BLOG_URL!;
const origin = "https://nafplio-locksmith.example";

async function expectPageOfSeries(page: Page, url: string, { cards, previous, next }: { cards: number; previous?: string; next?: string }) {
  await expect(page).toHaveURL(base() + url);
  await expect(page.locator("[data-blog-posts] > li")).toHaveCount(cards);
  // Each page of a series is its own canonical page, chained by rel prev and next.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", origin + url);
  for (const [rel, target] of [
    ["prev", previous],
    ["next", next],
  ] as const) {
    if (target) await expect(page.locator(`link[rel="${rel}"]`)).toHaveAttribute("href", origin + target);
    else await expect(page.locator(`link[rel="${rel}"]`)).toHaveCount(0);
    const link = page.locator(`[data-pagination] a[rel="${rel}"]`);
    if (target) await expect(link).toHaveAttribute("href", target);
    else await expect(link).toHaveCount(0);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${url} is wider than the screen`).toBeLessThanOrEqual(0);
}

/** Every date on the cards, newest first across the pages visited. */
async function cardDates(page: Page): Promise<string[]> {
  return page.locator("[data-blog-posts] > li time").evaluateAll((times) => times.map((time) => time.getAttribute("datetime")!));
}

for (const script of [true, false]) {
  test.describe(script ? "with script" : "without script", () => {
    test.use({ javaScriptEnabled: script });

    test("the blog's pages: 12 cards each, newest first, numbered and previous/next links, none past the ends", async ({ page }) => {
      await page.goto(`${base()}/en/blog`);
      await expectPageOfSeries(page, "/en/blog", { cards: 12, next: "/en/blog/page/2" });
      await expect(page.locator('[data-pagination] a[aria-current="page"]')).toHaveAttribute("href", "/en/blog");
      const dates = await cardDates(page);

      await page.locator('[data-pagination] a[rel="next"]').click();
      await expectPageOfSeries(page, "/en/blog/page/2", { cards: 12, previous: "/en/blog", next: "/en/blog/page/3" });
      await expect(page.locator("h1")).toHaveText("Blog");
      await expect(page).toHaveTitle(/ – page 2/);
      dates.push(...(await cardDates(page)));

      await page.locator('[data-pagination] a[aria-label="Page 5"]').click();
      await expectPageOfSeries(page, "/en/blog/page/5", { cards: 12, previous: "/en/blog/page/4" });
      await page.locator('[data-pagination] a[aria-label="Page 1"]').click();
      await expectPageOfSeries(page, "/en/blog", { cards: 12, next: "/en/blog/page/2" });
      expect(dates).toEqual([...dates].sort().reverse());
    });

    test("a category page: its own heading, title and description, only its posts, its own pages, its chip marked", async ({ page }) => {
      await page.goto(`${base()}/gr/blog`);
      await page.locator('[data-filter="cars"]').click();
      await expectPageOfSeries(page, "/gr/blog/category/cars", { cards: 12, next: "/gr/blog/category/cars/page/2" });
      await expect(page.locator("h1")).toHaveText("Αυτοκίνητα: άνοιγμα, κλειδιά και immobilizer");
      await expect(page).toHaveTitle(/^Άνοιγμα αυτοκινήτου και κλειδιά – συμβουλές/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Κλειδωθήκατε έξω/);
      await expect(page.locator("[data-blog-filter] a[aria-current]")).toHaveAttribute("data-filter", "cars");
      for (const card of await page.locator("[data-blog-posts] > li").all()) await expect(card).toHaveAttribute("data-category", "cars");
      const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((link) => link.getAttribute("hreflang")));
      expect(alternates.sort()).toEqual(["de", "el", "en", "fr", "ru", "x-default"]);

      await page.locator('[data-pagination] a[rel="next"]').click();
      await expectPageOfSeries(page, "/gr/blog/category/cars/page/2", { cards: 6, previous: "/gr/blog/category/cars" });
      await expect(page.locator("[data-blog-filter] a[aria-current]")).toHaveAttribute("data-filter", "cars");
      await expect(page.locator("nav[aria-label] ol")).toContainText("Σελίδα 2");
      // The chip leads back to the category's first page; "all" to the blog.
      await page.locator('[data-filter="all"]').click();
      await expectPageOfSeries(page, "/gr/blog", { cards: 12, next: "/gr/blog/page/2" });
    });
  });
}

test("the back button goes back through the pages and categories, URL and marks agreeing", async ({ page }) => {
  await page.goto(`${base()}/en/blog`);
  await page.locator('[data-pagination] a[rel="next"]').click();
  await expect(page).toHaveURL(/\/en\/blog\/page\/2$/);
  await page.locator('[data-filter="keys"]').click();
  await expect(page).toHaveURL(/\/en\/blog\/category\/keys$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/blog\/page\/2$/);
  await expect(page.locator('[data-pagination] a[aria-current="page"]')).toHaveAttribute("href", "/en/blog/page/2");
  await expect(page.locator("[data-blog-filter] a[aria-current]")).toHaveAttribute("data-filter", "all");
});

test("/page/1 is the list itself, and a page past the end is that language's 404", async ({ request }) => {
  for (const [from, to] of [
    ["/en/blog/page/1", "/en/blog"],
    ["/de/blog/category/cars/page/1", "/de/blog/category/cars"],
  ]) {
    const response = await request.get(base() + from, { maxRedirects: 0 });
    expect([response.status(), response.headers().location]).toEqual([301, to]);
  }
  for (const path of ["/ru/blog/page/6", "/ru/blog/category/cars/page/3", "/fr/blog/category/boats"]) {
    const response = await request.get(base() + path);
    expect(response.status(), path).toBe(404);
    expect(await response.text()).toContain(`<html lang="${path.split("/")[1]}"`);
  }
});

test("an article ends with related posts of its category first, then the previous and the next article", async ({ page }) => {
  await page.goto(`${base()}/en/blog/car-lockout-nafplio-8`);
  const related = page.locator("[data-related] li a");
  await expect(related).toHaveCount(3);
  for (const link of await related.all()) await expect(link).toContainText("Cars ·");
  const older = page.locator('[data-neighbour="older"]');
  const newer = page.locator('[data-neighbour="newer"]');
  // Copy n is dated n days before the last day of 2023: copy 9 is older, copy 7 newer.
  await expect(older).toHaveAttribute("href", "/en/blog/defender-benefits-9");
  await expect(newer).toHaveAttribute("href", "/en/blog/armored-door-locks-7");
  await newer.click();
  await expect(page).toHaveURL(/\/en\/blog\/armored-door-locks-7$/);
});

test("a long title in the breadcrumb: its separator beside the title's first line", async ({ page }) => {
  // It wraps at 360 px and not at 1280: either way the "/" sits on the line where the title starts.
  await page.goto(`${base()}/ru/blog/armored-door-locks-7`);
  const current = page.locator('nav ol [aria-current="page"]');
  await expect(current).toContainText("Замки бронированных дверей");
  const { separator, firstLine, lines } = await current.evaluate((title) => {
    const range = document.createRange();
    range.selectNodeContents(title);
    const boxes = [...range.getClientRects()];
    const box = title.previousElementSibling!.getBoundingClientRect();
    return {
      separator: (box.top + box.bottom) / 2,
      firstLine: (boxes[0]!.top + boxes[0]!.bottom) / 2,
      lines: new Set(boxes.map((line) => Math.round(line.top))).size,
    };
  });
  if (page.viewportSize()!.width < 500) expect(lines, "the title wraps on a phone").toBeGreaterThan(1);
  else expect(lines, "the title fits one line on a desktop").toBe(1);
  // Their middles within a few pixels: centred on two lines, the separator sat half a line lower.
  expect(Math.abs(separator - firstLine)).toBeLessThanOrEqual(3);
});

test("the cards of a row end their read-more links on one line", async ({ page }) => {
  // Titles and excerpts of different lengths: at 1280 px three cards a row, at 360 one.
  await page.goto(`${base()}/gr/blog`);
  const cards = await page.locator("[data-blog-posts] > li").evaluateAll((items) =>
    items.map((item) => ({
      top: Math.round(item.getBoundingClientRect().top),
      link: Math.round(item.querySelector(":scope > a")!.getBoundingClientRect().bottom),
    })),
  );
  const rows = new Map<number, number[]>();
  for (const card of cards) rows.set(card.top, [...(rows.get(card.top) ?? []), card.link]);
  expect(rows.size, "rows of cards").toBe(page.viewportSize()!.width < 500 ? cards.length : Math.ceil(cards.length / 3));
  for (const links of rows.values()) expect(new Set(links).size, "read-more links of one row").toBe(1);
});
