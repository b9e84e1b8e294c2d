import { expect, test } from "@playwright/test";
import { languages } from "../../src/shared/languages.ts";

const base = () => process.env.E2E_PLAIN_URL!;
const origin = "https://nafplio-locksmith.example";

const paths = [
  "",
  "/services",
  "/prices",
  "/about",
  "/blog",
  ...["cars", "locks", "doors", "security", "maintenance", "keys"].map((category) => `/blog/category/${category}`),
  "/contact",
  "/privacy-policy",
  "/terms",
  ...[
    "cars/opening",
    "cars/key-copy",
    "cars/immobilizer",
    "cars/shells-remotes",
    "doors/opening",
    "doors/repair",
    "doors/replace-locks",
    "armored-doors/opening",
    "armored-doors/replace-with-new",
    "armored-doors/defender-install",
  ].map((slug) => `/services/${slug}`),
  ...[
    "car-lockout-nafplio",
    "lock-change-moving",
    "immobilizer-second-key",
    "armored-door-locks",
    "spare-key-importance",
    "lock-replacement-signs",
    "defender-benefits",
  ].map((slug) => `/blog/${slug}`),
];

for (const language of languages) {
  test(`an unknown path under /${language.url} shows that language's 404 page with status 404`, async ({ page }) => {
    const response = await page.goto(`${base()}/${language.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", language.code);
    await expect(page.locator("main a[href^='tel:']")).toBeVisible();
    await expect(page.locator(`main a[href="/${language.url}"]`)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });
}

test.describe("for a browser that prefers none of the five languages", () => {
  test.use({ locale: "it-IT" });

  test("the root path goes to /gr", async ({ page }) => {
    await page.goto(`${base()}/`);
    await expect(page).toHaveURL(`${base()}/gr`);
    await expect(page.locator("html")).toHaveAttribute("lang", "el");
  });
});

test("the root path applies a stored language choice", async ({ page }) => {
  await page.goto(`${base()}/gr`);
  await page.evaluate(() => localStorage.setItem("lang", "de"));
  await page.goto(`${base()}/`);
  await expect(page).toHaveURL(`${base()}/de`);
});

test("an unknown first segment redirects to /gr", async ({ request }) => {
  for (const path of ["/es", "/xx/services", "/GR/prices", "/index.php"]) {
    const response = await request.get(base() + path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe("/gr");
  }
});

test("the slash form redirects permanently to the canonical URL", async ({ request }) => {
  for (const path of ["/gr/", "/en/prices/", "/de/services/cars/opening/"]) {
    const response = await request.get(base() + path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers().location, path).toBe(path.slice(0, -1));
  }
});

test("each language's blog feed is served, and every page links to it", async ({ page, request }) => {
  for (const language of languages) {
    const feed = await request.get(`${base()}/${language.url}/blog/feed.xml`);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain(`xml:lang="${language.code}"`);
  }
  await page.goto(`${base()}/de/prices`);
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute("href", "/de/blog/feed.xml");
});

test("sitemap.xml and robots.txt are served", async ({ request }) => {
  const sitemap = await request.get(`${base()}/sitemap.xml`);
  expect(sitemap.status()).toBe(200);
  expect((await sitemap.text()).match(/<url>/g)).toHaveLength(5 * paths.length);
  expect(await (await request.get(`${base()}/robots.txt`)).text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
});

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("every page is readable, navigable and callable", async ({ page }) => {
    await page.goto(`${base()}/en/contact`);
    await expect(page.locator("header a[href^='tel:']:visible")).toHaveCount(1);
    await page.locator("header a[href='/en/prices']:visible").click();
    await expect(page).toHaveURL(`${base()}/en/prices`);
    await expect(page.locator("h1")).toBeVisible();
    await page.goto(`${base()}/en/blog`);
    await expect(page.locator("[data-blog-posts] > li:visible")).toHaveCount(7);
    await page.locator('[data-filter="keys"]').click();
    await expect(page).toHaveURL(`${base()}/en/blog/category/keys`);
  });
});
