import { expect, test, type Page } from "@playwright/test";

// The photos fixture (tests/fixtures/photos): an article with a cover image at the top and, far
// below a long text, photos in every format. Each test runs at 360 and 1280 px (the two projects).
const base = () => process.env.E2E_PHOTOS_URL!;
const article = "/en/blog/harbour-van";

/** Every image file the page asks for, in order. */
function imageRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/assets/images/")) urls.push(url.pathname);
  });
  return urls;
}

/** Scrolls down the whole page a screen at a time, as a reader would, and back to the top. */
async function readToTheEnd(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const screen = page.viewportSize()!.height;
  for (let y = 0; y < height; y += screen / 2) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.waitForLoadState("networkidle");
}

/** The candidate a browser at this pixel ratio takes for a slot this wide: the narrowest that is wide enough. */
function expectedCandidate(widths: number[], slot: number, ratio: number): number {
  return widths.find((width) => width >= slot * ratio) ?? widths.at(-1)!;
}

for (const ratio of [1, 2]) {
  test.describe(`at pixel ratio ${ratio}`, () => {
    test.use({ deviceScaleFactor: ratio });

    test("the cover comes first, as AVIF at the width the screen needs; the other photos likewise once scrolled to", async ({ page }) => {
      await page.goto(base() + article);
      await readToTheEnd(page);
      const images = await page.locator("article picture img, main picture img").evaluateAll((elements) =>
        (elements as HTMLImageElement[]).map((img) => ({
          alt: img.alt,
          slot: img.getBoundingClientRect().width,
          current: img.currentSrc,
          widths: [...(img.parentElement!.querySelector('source[type="image/avif"]')?.getAttribute("srcset") ?? "").matchAll(/ (\d+)w/g)].map((match) =>
            Number(match[1]),
          ),
          complete: img.complete && img.naturalWidth > 0,
        })),
      );
      expect(images.map((image) => image.alt)).toEqual([
        "Our white van parked at the harbour in the morning sun",
        "The van's tool drawers, open",
        "A street of the old town at dusk",
        "An armoured door after a new cylinder was fitted",
        "A key blank, close up",
        "How a cylinder guard covers the cylinder",
      ]);
      for (const image of images) {
        expect(image.complete, `${image.alt} is shown`).toBe(true);
        if (image.widths.length === 0) {
          expect(image.current, image.alt).toMatch(/\/assets\/images\/diagram\.[0-9a-f]{10}\.svg$/);
          continue;
        }
        const [, width, format] = /-(\d+)\.[0-9a-f]{10}\.(\w+)$/.exec(new URL(image.current).pathname) ?? [];
        expect(format, `${image.alt}: ${image.current}`).toBe("avif");
        expect(Number(width), `${image.alt} in a ${image.slot} px slot at ${ratio}x`).toBe(expectedCandidate(image.widths, image.slot, ratio));
      }
      // The cover fills the text column; a photo narrower than it keeps its own width.
      const column = await page
        .locator("article .prose, article")
        .first()
        .evaluate((element) => element.getBoundingClientRect().width);
      expect(images[0]!.slot).toBeGreaterThan(Math.min(column, 768) - 40);
      expect(images.find((image) => image.alt === "A key blank, close up")!.slot).toBeLessThanOrEqual(300);
    });
  });
}

test("nothing moves while the photos load (layout shift 0), even on a slow connection", async ({ page }) => {
  // Shifts are counted from the first frame after the whole document is parsed, and the photos
  // held back until then: on a busy machine Chromium may paint part of the HTML while it is
  // still parsing (the header before its call button is read), which is not the photos' doing.
  let observing!: () => void;
  const observed = new Promise<void>((resolve) => (observing = resolve));
  await page.exposeFunction("observingShifts", () => observing());
  await page.route("**/assets/images/**", async (route) => {
    await observed;
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.addInitScript(() => {
    const window_ = window as unknown as { shifts: number[]; observingShifts: () => void };
    window_.shifts = [];
    document.addEventListener("DOMContentLoaded", () =>
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
              if (!entry.hadRecentInput) window_.shifts.push(entry.value);
          }).observe({ type: "layout-shift" });
          window_.observingShifts();
        }),
      ),
    );
  });
  await page.goto(base() + article);
  // Each photo in the middle of the screen while it arrives: anything it pushed would be seen moving.
  const images = page.locator("main picture img");
  for (let index = 0; index < (await images.count()); index++) {
    const image = images.nth(index);
    await image.evaluate((img) => img.scrollIntoView({ block: "center" }));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.waitForTimeout(100);
  }
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  expect(shifts).toEqual([]);
});

test("the cover is fetched at once and first; photos far below the first screen only when the reader nears them", async ({ page }) => {
  const requested = imageRequests(page);
  await page.goto(base() + article);
  await page.waitForLoadState("networkidle");
  const before = [...requested];
  expect(before[0], "the first image asked for").toMatch(/^\/assets\/images\/cover-\d+\.[0-9a-f]{10}\.avif$/);
  const cover = page.locator("main picture img").first();
  await expect(cover).toHaveAttribute("fetchpriority", "high");
  await expect(cover).toHaveAttribute("loading", "eager");

  // Each photo below the cover, by the file name it is published under, and how far down it is.
  const stems = ["cut-out", "street", "door", "small", "diagram"];
  const tops = await page.locator("main picture img").evaluateAll((images) => images.slice(1).map((img) => img.getBoundingClientRect().top + window.scrollY));
  expect(tops.length).toBe(stems.length);
  const screen = page.viewportSize()!.height;
  const fetched = (urls: string[]) => stems.filter((stem) => urls.some((url) => new RegExp(`^/assets/images/${stem}[-.]`).test(url)));
  // Browsers fetch a lazy image some way ahead of the screen (Chromium: up to 3,000 px); beyond that, only on scrolling.
  const far = stems.filter((_, index) => tops[index]! > screen + 3000);
  expect(far.length, `photos more than 3,000 px below the first screen (tops ${tops.join(", ")})`).toBeGreaterThan(0);
  expect(
    fetched(before).filter((stem) => far.includes(stem)),
    "far photos fetched before scrolling",
  ).toEqual([]);

  await readToTheEnd(page);
  expect(fetched(requested)).toEqual(stems);
});

test("a table wider than the screen scrolls on its own; the page keeps the screen's width", async ({ page }) => {
  await page.goto(base() + article);
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const table = page.locator("article table");
  await expect(table).toHaveCount(1);
  const box = table.locator("xpath=..");
  expect(await box.evaluate((element) => getComputedStyle(element).overflowX)).toBe("auto");
  const sizes = await box.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  // At 360 px its seven columns are wider than the screen, and scroll; at 1280 px they fit.
  if (width < 700) expect(sizes.scroll).toBeGreaterThan(sizes.client);
  await expect(table.locator("th").first()).toHaveCSS("border-bottom-style", "solid");
});
