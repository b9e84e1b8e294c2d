import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { keysUrl, plainUrl } from "./google-stand-ins.ts";
import { keepRangesTogether } from "../../src/shared/typography.ts";

// Every page is an entry page: visitors land on a service page, an article or a 404 from a search
// or a shared link, on a phone, often in another language than the page's.

const languages = [
  { url: "gr", code: "el" },
  { url: "en", code: "en" },
  { url: "de", code: "de" },
  { url: "fr", code: "fr" },
  { url: "ru", code: "ru" },
];
const phone = "+30 690 000 0000";
// The brand as each language writes it (site.config.yml's brand, by language code).
const brands: Record<string, string> = {
  gr: "Κλειδαράς Ναύπλιο",
  en: "Nafplio Locksmith",
  de: "Schlüsseldienst Nafplio",
  fr: "Serrurier Nauplie",
  ru: "Слесарь Нафплион",
};
const strings = (code: string) => JSON.parse(readFileSync(new URL(`../../locales/${code}/translation.json`, import.meta.url), "utf8"));

/** Every page of the site: the sitemap's URLs and each language's not-found page. */
async function allPaths(request: APIRequestContext, base: string): Promise<string[]> {
  const sitemap = await (await request.get(`${base}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((match) => match[1]!);
  return [...paths, ...languages.map((language) => `/${language.url}/no-such-page`)];
}

/** A context of its own, so one test can try the widths and browser languages it needs. */
async function open(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: "en-GB", ...options });
  return context.newPage();
}

// These tests open their own contexts with the widths and browser languages they need, so one
// project (the phone's) runs them.
test.skip(({ isMobile }) => !isMobile, "each test sets its own viewport");

// Phones, a tablet held upright, a small laptop and a desktop.
for (const width of [320, 360, 768, 1024, 1280]) {
  test(`at ${width} px every page of every language answers, fits, offers the languages and shows the number${width === 360 ? ", its head naming its language, title, canonical URL and the other languages" : ""}`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const page = await open(browser, { viewport: { width, height: 740 } });
    const paths = await allPaths(request, plainUrl());
    expect(paths.length).toBeGreaterThanOrEqual(130);
    const problems: string[] = [];
    const titles = new Map<string, Set<string>>();
    for (const path of paths) {
      const response = await page.goto(plainUrl() + path);
      const notFound = path.endsWith("/no-such-page");
      if (response?.status() !== (notFound ? 404 : 200)) problems.push(`${path}: answered ${response?.status()}`);
      if (new URL(page.url()).pathname !== path) problems.push(`${path}: ended at ${new URL(page.url()).pathname}`);
      // What search engines read in the head does not depend on the width: checked once.
      if (width === 360 && !notFound) problems.push(...(await headProblems(page, path, titles)).map((problem) => `${path}: ${problem}`));
      const brand = brands[path.split("/")[1]!]!;
      const found = await page.evaluate(
        ({ phone, brand, width }) => {
          const out: string[] = [];
          const visible = (element: Element) => {
            const box = element.getBoundingClientRect();
            return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== "hidden";
          };
          const onFirstScreen = (element: Element) => {
            const box = element.getBoundingClientRect();
            return visible(element) && box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
          };
          // How many lines a text node, or the part of it from `start` to `end`, is drawn on.
          const lines = (node: Node, start = 0, end = node.textContent!.length) => {
            const range = document.createRange();
            range.setStart(node, start);
            range.setEnd(node, end);
            return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
          };
          if (document.documentElement.scrollWidth > innerWidth) out.push(`wider than the screen by ${document.documentElement.scrollWidth - innerWidth} px`);
          // Nor does a box stick out of the one it is in (a card pushed past its column by a long
          // label, the page margin eaten), but inside a box that scrolls sideways.
          for (const element of document.querySelectorAll("main *")) {
            const box = element.getBoundingClientRect();
            const parent = element.parentElement!.getBoundingClientRect();
            if (box.width === 0 || parent.width === 0 || getComputedStyle(element).position === "absolute") continue;
            if (box.right <= parent.right + 0.5 && box.left >= parent.left - 0.5) continue;
            let scroller = element.parentElement;
            while (scroller && !["auto", "scroll", "hidden"].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
            if (!scroller)
              out.push(
                `"${element.textContent!.trim().slice(0, 30)}" (${element.tagName.toLowerCase()}) sticks out of its box by ${Math.round(Math.max(box.right - parent.right, parent.left - box.left))} px`,
              );
          }
          // The language control sits in the top bar, on the first screen.
          const control = document.querySelector("header [data-language-switcher=header] summary");
          if (!control || !onFirstScreen(control)) out.push("no language control in the top bar");
          // The five languages in the footer.
          if (document.querySelectorAll("footer a[data-lang]").length !== 5) out.push("the footer does not list the five languages");
          // The number itself, as the text of a tel: link, on the first screen.
          const calls = [...document.querySelectorAll<HTMLAnchorElement>("a[href^='tel:']")].filter((link) => link.textContent!.includes(phone));
          if (!calls.some(onFirstScreen)) out.push("the phone number is not on the first screen");
          if (![...document.querySelectorAll("header a[href^='tel:']")].some(visible)) out.push("no call button in the header");
          // The brand, visible in the header.
          const brandText = [...document.querySelectorAll("header a span")].find((span) => span.textContent === brand);
          if (!brandText || !onFirstScreen(brandText)) out.push("the brand is not visible in the header");
          // A phone number never breaks inside itself.
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const at = node.textContent!.replace(/\u00a0/g, " ").indexOf(phone);
            if (at >= 0 && node.parentElement && visible(node.parentElement) && lines(node, at, at + phone.length) > 1)
              out.push(`the number breaks in "${node.textContent!.trim().slice(0, 40)}"`);
          }
          // Button labels stay on one line from 360 px (a longer line under the number of a call card is
          // a note, not a label; a label a narrow card lets take two lines is drawn balanced).
          if (width >= 360) {
            for (const button of document.querySelectorAll("a.rounded-xl, button.rounded-xl, summary")) {
              if (!visible(button)) continue;
              for (const element of [button, ...button.querySelectorAll("span:not([data-call-note]):not(.text-balance)")]) {
                for (const node of element.childNodes) {
                  if (node.nodeType === Node.TEXT_NODE && node.textContent!.trim() && lines(node) > 1)
                    out.push(`the label "${node.textContent!.trim()}" wraps`);
                }
              }
            }
          }
          return out;
        },
        { phone, brand, width },
      );
      problems.push(...found.map((problem) => `${path}: ${problem}`));
    }
    for (const [language, seen] of titles)
      if (seen.size !== paths.filter((path) => path.split("/")[1] === language && !path.endsWith("/no-such-page")).length)
        problems.push(`/${language}: two pages have the same title`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
}

const origin = "https://nafplio-locksmith.example";

/**
 * What the page's head says against what it must: its language, a title of its own (added to
 * `titles`, by language), the canonical URL, every language's version and x-default (the Greek),
 * og:title; and one h1.
 */
async function headProblems(page: Page, path: string, titles: Map<string, Set<string>>): Promise<string[]> {
  const head = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    title: document.title,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
    alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')]
      .map((link) => `${link.getAttribute("hreflang")} ${link.getAttribute("href")}`)
      .sort(),
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute("content"),
    headings: document.querySelectorAll("h1").length,
  }));
  const [, url, ...rest] = path.split("/");
  const language = languages.find((entry) => entry.url === url)!;
  const inEvery = rest.length ? `/${rest.join("/")}` : "";
  const alternates = [...languages.map((other) => `${other.code} ${origin}/${other.url}${inEvery}`), `x-default ${origin}/gr${inEvery}`].sort();
  const problems: string[] = [];
  if (head.lang !== language.code || head.dir !== "ltr") problems.push(`lang="${head.lang}" dir="${head.dir}"`);
  if (head.title.length <= 5) problems.push(`the title "${head.title}" is too short`);
  titles.set(language.url, (titles.get(language.url) ?? new Set()).add(head.title));
  if (head.canonical !== origin + path) problems.push(`canonical ${head.canonical}`);
  if (JSON.stringify(head.alternates) !== JSON.stringify(alternates)) problems.push(`hreflang: ${head.alternates.join(", ")}`);
  if (head.ogTitle !== head.title) problems.push(`og:title "${head.ogTitle}" is not the title`);
  if (head.headings !== 1) problems.push(`${head.headings} h1 elements`);
  return problems;
}

test("the top bar's language control reaches the same page in another language in two taps, and stores the choice", async ({ browser }) => {
  for (const width of [320, 1280]) {
    const page = await open(browser, { viewport: { width, height: 740 } });
    await page.goto(`${plainUrl()}/de/services/cars/opening`);
    const control = page.locator("header [data-language-switcher=header]");
    await expect(control.locator("summary")).toHaveAccessibleName(/Sprache wählen/);
    await control.locator("summary").click();
    const links = control.locator("a[data-lang]");
    await expect(links).toHaveText(["Ελληνικά", "English", "Deutsch", "Français", "Русский"]);
    expect(await links.evaluateAll((elements) => elements.map((element) => element.getAttribute("href")))).toEqual(
      languages.map((language) => `/${language.url}/services/cars/opening`),
    );
    await expect(links.filter({ hasText: "Deutsch" })).toHaveAttribute("aria-current", "true");
    await links.filter({ hasText: "Français" }).click();
    await expect(page).toHaveURL(/\/fr\/services\/cars\/opening$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("fr");
    await page.context().close();
  }
});

test("at 320 px the top bar holds the brand, the language control and the whole menu button, in every language", async ({ browser }) => {
  for (const language of languages) {
    const page = await open(browser, { viewport: { width: 320, height: 640 } });
    await page.goto(`${plainUrl()}/${language.url}/services`);
    await expect(page.locator("header a").first()).toContainText(brands[language.url]!);
    for (const control of [page.locator("header [data-language-switcher=header] summary"), page.locator("#menu-toggle")]) {
      await expect(control).toBeVisible();
      const box = (await control.boundingBox())!;
      // Its focus ring (3 px) included.
      expect(box.x + box.width + 3, `/${language.url}: ${(await control.getAttribute("aria-label")) ?? "the language control"} is cut off`).toBeLessThanOrEqual(
        320,
      );
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.context().close();
  }
});

test("the top bar's control closes on Escape and on a click elsewhere", async ({ browser }) => {
  const page = await open(browser);
  await page.goto(`${plainUrl()}/en/prices`);
  const dropdown = page.locator("header [data-language-switcher=header] details");
  await dropdown.locator("summary").click();
  await expect(dropdown).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(dropdown).not.toHaveAttribute("open");
  await expect(dropdown.locator("summary")).toBeFocused();
  await dropdown.locator("summary").click();
  await page.mouse.click(30, 500);
  await expect(dropdown).not.toHaveAttribute("open");
  await page.context().close();
});

test("the footer's languages lead to the same page in each language and store the choice", async ({ browser }) => {
  const page = await open(browser);
  await page.goto(`${plainUrl()}/ru/blog/car-lockout-nafplio`);
  const links = page.locator("footer a[data-lang]");
  expect(await links.evaluateAll((elements) => elements.map((element) => element.getAttribute("href")))).toEqual(
    languages.map((language) => `/${language.url}/blog/car-lockout-nafplio`),
  );
  await links.filter({ hasText: "English" }).click();
  await expect(page).toHaveURL(/\/en\/blog\/car-lockout-nafplio$/);
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("en");
  await page.context().close();
});

test("on a not-found page every language leads to its home page", async ({ browser }) => {
  const page = await open(browser);
  const response = await page.goto(`${plainUrl()}/de/no-such-page`);
  expect(response!.status()).toBe(404);
  for (const scope of ["footer", "header [data-language-switcher=header]"]) {
    expect(await page.locator(`${scope} a[data-lang]`).evaluateAll((elements) => elements.map((element) => element.getAttribute("href")))).toEqual(
      languages.map((language) => `/${language.url}`),
    );
  }
  await page.context().close();
});

test.describe("the language hint", () => {
  const servicePath = "/en/services/cars/opening";

  test("a German browser on an English page is offered the German page, in German, without anything moving", async ({ browser }) => {
    for (const width of [320, 360, 1280]) {
      const english = await open(browser, { viewport: { width, height: 740 }, locale: "en-GB" });
      await english.goto(plainUrl() + servicePath);
      const without = await english
        .locator("main")
        .evaluate((main) => [...main.querySelectorAll("h1, a, p")].map((element) => JSON.stringify(element.getBoundingClientRect())));
      await expect(english.locator("[data-language-hint]")).toHaveCount(0);

      const page = await open(browser, { viewport: { width, height: 740 }, locale: "de-DE" });
      await page.goto(plainUrl() + servicePath);
      const hint = page.locator("[data-language-hint]");
      await expect(hint).toBeVisible();
      await expect(hint).toHaveAttribute("lang", "de");
      await expect(hint.getByRole("link")).toHaveText(strings("de").languageHint.text);
      await expect(hint.getByRole("link")).toHaveAttribute("href", "/de/services/cars/opening");
      await expect(hint.getByRole("button")).toHaveAccessibleName("Schließen");
      // Nothing moved: the page's own content is where it is without the note.
      const withHint = await page
        .locator("main")
        .evaluate((main) => [...main.querySelectorAll("h1, a, p")].map((element) => JSON.stringify(element.getBoundingClientRect())));
      expect(withHint).toEqual(without);
      // It covers no call button.
      const note = (await hint.boundingBox())!;
      for (const call of await page.locator("a[href^='tel:']").all()) {
        const box = await call.boundingBox();
        if (!box) continue;
        const overlaps = box.x < note.x + note.width && note.x < box.x + box.width && box.y < note.y + note.height && note.y < box.y + box.height;
        expect(overlaps, `the hint covers a call button at ${width} px`).toBe(false);
      }
      await english.context().close();
      await page.context().close();
    }
  });

  test("in every language the hint fits a 320 px screen: its whole text and its close button", async ({ browser }) => {
    for (const language of languages) {
      const page = await open(browser, { viewport: { width: 320, height: 740 }, locale: language.code });
      // A page in another language, so the hint offers this one.
      await page.goto(`${plainUrl()}/${language.code === "en" ? "de" : "en"}/services/cars/opening`);
      const hint = page.locator("[data-language-hint]");
      await expect(hint.getByRole("link")).toHaveText(strings(language.code).languageHint.text);
      const close = (await hint.getByRole("button").boundingBox())!;
      expect(close.x + close.width, `the ${language.code} hint's close button is off the screen`).toBeLessThanOrEqual(320);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      const link = hint.getByRole("link");
      expect(await link.evaluate((element) => element.scrollWidth <= element.clientWidth), `the ${language.code} hint's text is cut`).toBe(true);
      await page.context().close();
    }
  });

  test("closing the hint keeps the page's language as the choice; it does not come back", async ({ browser }) => {
    const page = await open(browser, { locale: "fr-FR" });
    await page.goto(plainUrl() + servicePath);
    const hint = page.locator("[data-language-hint]");
    await expect(hint.getByRole("link")).toHaveText(strings("fr").languageHint.text);
    await hint.getByRole("button", { name: "Fermer" }).click();
    await expect(hint).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("en");
    await page.goto(`${plainUrl()}/en/prices`);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("[data-language-hint]")).toHaveCount(0);
    await page.context().close();
  });

  test("following the hint opens the page in that language and stores it", async ({ browser }) => {
    const page = await open(browser, { locale: "ru-RU" });
    await page.goto(`${plainUrl()}/gr/blog/spare-key-importance`);
    await page
      .locator("[data-language-hint]")
      .getByRole("link", { name: strings("ru").languageHint.text })
      .click();
    await expect(page).toHaveURL(/\/ru\/blog\/spare-key-importance$/);
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("ru");
    await page.waitForLoadState("networkidle");
    await expect(page.locator("[data-language-hint]")).toHaveCount(0);
    await page.context().close();
  });

  for (const { locale, path, why } of [
    { locale: "en-US", path: servicePath, why: "the browser prefers the page's language" },
    { locale: "it-IT", path: servicePath, why: "the browser prefers none of the five" },
    { locale: "de-DE", path: "/de/no-such-page", why: "a not-found page offers nothing" },
  ]) {
    test(`no hint when ${why}`, async ({ browser }) => {
      const page = await open(browser, { locale });
      await page.goto(plainUrl() + path);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("[data-language-hint]")).toHaveCount(0);
      await page.context().close();
    });
  }

  test("no hint once a language was chosen, and none without script (as crawlers see the page)", async ({ browser }) => {
    const chosen = await open(browser, { locale: "de-DE" });
    await chosen.addInitScript(() => localStorage.setItem("lang", "en"));
    await chosen.goto(plainUrl() + servicePath);
    await chosen.waitForLoadState("networkidle");
    await expect(chosen.locator("[data-language-hint]")).toHaveCount(0);
    await chosen.context().close();

    const scriptless = await open(browser, { locale: "de-DE", javaScriptEnabled: false });
    await scriptless.goto(plainUrl() + servicePath);
    await expect(scriptless.locator("[data-language-hint]")).toHaveCount(0);
    await expect(scriptless.getByText(strings("de").languageHint.text)).toHaveCount(0);
    await scriptless.context().close();
  });
});

test.describe("/ opens", () => {
  for (const { locale, stored, expected } of [
    { locale: "de-DE", stored: undefined, expected: "de" },
    { locale: "ru", stored: undefined, expected: "ru" },
    { locale: "it-IT", stored: undefined, expected: "gr" },
    { locale: "de-DE", stored: "fr", expected: "fr" },
  ]) {
    test(`/${expected} for a ${locale} browser${stored ? ` with "${stored}" stored` : ""}`, async ({ browser }) => {
      const page = await open(browser, { locale });
      if (stored) await page.addInitScript((code) => localStorage.setItem("lang", code), stored);
      await page.goto(`${plainUrl()}/`);
      await expect(page).toHaveURL(new RegExp(`/${expected}$`));
      await page.context().close();
    });
  }
});

test("service pages and articles: the number, 24/7 and the arrival time above the fold on a phone; a sticky side card from 1024 px", async ({ browser }) => {
  for (const path of ["/de/services/armored-doors/replace-with-new", "/ru/blog/car-lockout-nafplio", "/en/services/doors/opening"]) {
    const code = languages.find((language) => path.startsWith(`/${language.url}/`))!.code;
    const text = strings(code);
    const phonePage = await open(browser, { viewport: { width: 360, height: 740 } });
    await phonePage.goto(plainUrl() + path);
    const quick = phonePage.locator("main [data-quick-call]");
    await expect(quick).toBeInViewport({ ratio: 1 });
    await expect(quick).toHaveAttribute("href", /^tel:\+30/);
    await expect(quick).toContainText(phone);
    await expect(quick).toContainText(text.nav.always);
    await expect(quick).toContainText(keepRangesTogether(text.callCard.arrival));
    await expect(phonePage.locator("[data-side-call]")).toBeHidden();
    await phonePage.context().close();

    const desk = await open(browser, { viewport: { width: 1280, height: 800 } });
    await desk.goto(plainUrl() + path);
    await expect(desk.locator("main [data-quick-call]")).toBeHidden();
    const card = desk.locator("[data-side-call]");
    await expect(card.getByRole("link", { name: phone })).toBeVisible();
    await expect(card).toContainText(text.contactPage.hours.emergency);
    // As the page writes it: a range of times keeps together (word joiners at its dash), "von 08:00 bis 20:00" has none.
    await expect(card).toContainText(keepRangesTogether(text.contactPage.hours.regular.replace("{{opens}}", "08:00").replace("{{closes}}", "20:00")));
    if (path.includes("replace-with-new")) await expect(card).toContainText("Ab 250 € inkl. MwSt. und Montage");
    else await expect(card).not.toContainText("€");
    await desk.mouse.wheel(0, 1500);
    await expect(card.getByRole("link", { name: phone })).toBeInViewport({ ratio: 1 });
    await desk.context().close();
  }
});

test("the home page's service items lead to their pages", async ({ browser, request }) => {
  const page = await open(browser);
  for (const language of languages) {
    await page.goto(`${plainUrl()}/${language.url}`);
    const hrefs = await page.locator("#services li a").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    expect(hrefs).toHaveLength(10);
    for (const href of hrefs) {
      expect(href).toMatch(new RegExp(`^/${language.url}/services/(cars|doors|armored-doors)/`));
      expect((await request.get(plainUrl() + href)).status()).toBe(200);
    }
  }
  await page.context().close();
});

// That it covers no call button, on every page in every language, is checked in the crawl with axe (accessibility.spec.ts).
test("the consent banner's Reject is as easy as Accept: the same size, side by side, on a phone and a desktop", async ({ browser }) => {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    const page = await open(browser, { viewport });
    await page.route(/googletagmanager\.com|google\.com\/recaptcha/, (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
    await page.goto(`${keysUrl()}/de/services/cars/opening`);
    await expect(page.locator("#consent")).toBeVisible();
    const [reject, accept] = [await page.locator("[data-consent=denied]").boundingBox(), await page.locator("[data-consent=granted]").boundingBox()];
    expect(Math.round(reject!.width)).toBe(Math.round(accept!.width));
    expect(Math.round(reject!.height)).toBe(Math.round(accept!.height));
    expect(Math.round(reject!.y)).toBe(Math.round(accept!.y));
    await page.context().close();
  }
});

test("the about page's milestones break no word on a tablet or a small laptop, in any language", async ({ browser }) => {
  for (const width of [768, 1024]) {
    const page = await open(browser, { viewport: { width, height: 900 } });
    for (const language of languages) {
      await page.goto(`${plainUrl()}/${language.url}/about`);
      const broken = await page.locator("#timeline li").evaluateAll((items) =>
        items.flatMap((item) => {
          const found: string[] = [];
          const texts = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
          for (let node = texts.nextNode(); node; node = texts.nextNode()) {
            // A word, or the part of a compound up to its hyphen, drawn on more than one line.
            for (const word of node.textContent!.matchAll(/[^\s\-‐]+/g)) {
              const range = document.createRange();
              range.setStart(node, word.index);
              range.setEnd(node, word.index + word[0].length);
              if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) found.push(word[0]);
            }
          }
          return found;
        }),
      );
      expect(broken, `/${language.url}/about at ${width} px`).toEqual([]);
    }
    await page.context().close();
  }
});
