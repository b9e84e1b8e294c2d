import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { dataLayer, holdLinks, keysUrl, measurementId, plainUrl, standInForGoogle } from "./google-stand-ins.ts";

const greekConsent = JSON.parse(readFileSync(new URL("../../locales/el/translation.json", import.meta.url), "utf8")).consent;
const deniedDefaults = ["consent", "default", { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied" }];
const banner = (page: Page) => page.locator("section#consent");
const events = async (page: Page) => ((await dataLayer(page)) ?? []).filter((entry) => entry[0] === "event");

test.describe("no measurement id configured", () => {
  test("no banner, no footer button, no queue and no request to Google, even after a call click", async ({ page }) => {
    const observed = await standInForGoogle(page);
    await page.goto(`${plainUrl()}/en`);
    await expect(banner(page)).toHaveCount(0);
    await expect(page.locator("[data-consent-open]")).toHaveCount(0);
    await holdLinks(page);
    await page.locator('[data-event="click_call"]').click();
    await page.waitForLoadState("networkidle");
    expect(await dataLayer(page)).toBeUndefined();
    expect(observed.gtag).toEqual([]);
    expect(observed.external).toEqual([]);
  });
});

test.describe("with a measurement id", () => {
  test("the banner asks in the page's language with two equal choices; nothing is loaded before an answer", async ({ page }) => {
    const observed = await standInForGoogle(page);
    await page.goto(`${keysUrl()}/gr`);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toHaveAccessibleName(greekConsent.title);
    const reject = banner(page).getByRole("button", { name: greekConsent.reject });
    const accept = banner(page).getByRole("button", { name: greekConsent.accept });
    await expect(reject).toBeVisible();
    await expect(accept).toBeVisible();
    const [r, a] = [(await reject.boundingBox())!, (await accept.boundingBox())!];
    expect(Math.abs(r.width - a.width)).toBeLessThan(2);
    expect(r.height).toBe(a.height);
    expect(await reject.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      await accept.evaluate((element) => getComputedStyle(element).backgroundColor),
    );
    // The banner leaves the phone's call button reachable.
    await expect(page.locator("header a[href^='tel:']:visible").first()).toBeInViewport();
    await page.locator("header a[href^='tel:']:visible").first().click({ trial: true, timeout: 2000 });

    await holdLinks(page);
    await page.locator('[data-event="click_call"]').click();
    await page.waitForLoadState("networkidle");
    expect(await dataLayer(page)).toEqual([deniedDefaults]);
    expect(observed.gtag).toEqual([]);
    expect(observed.external).toEqual([]);
  });

  test("reject: nothing is loaded or queued, now or on the next pages, and the banner stays away", async ({ page }) => {
    const observed = await standInForGoogle(page);
    await page.goto(`${keysUrl()}/en`);
    await banner(page).getByRole("button", { name: "Reject" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("analytics-consent"))).toBe("denied");
    await holdLinks(page);
    await page.locator('[data-event="click_call"]').click();
    expect(await dataLayer(page)).toEqual([deniedDefaults]);

    await page.goto(`${keysUrl()}/en/prices`);
    await expect(banner(page)).toBeHidden();
    await page.waitForLoadState("networkidle");
    expect(await dataLayer(page)).toEqual([deniedDefaults]);
    expect(observed.gtag).toEqual([]);
    expect(observed.external).toEqual([]);
  });

  test("accept: gtag.js is requested once, consent granted, page_view with path, query and title", async ({ page }) => {
    const observed = await standInForGoogle(page);
    await page.goto(`${keysUrl()}/en/prices?from=flyer`);
    expect(observed.gtag).toEqual([]);
    await banner(page).getByRole("button", { name: "Accept" }).click();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => page.evaluate(() => (window as unknown as { gtagStandInLoads?: number }).gtagStandInLoads)).toBe(1);
    expect(observed.gtag).toEqual([`https://www.googletagmanager.com/gtag/js?id=${measurementId}`]);
    expect(observed.external).toEqual(observed.gtag);

    const title = await page.title();
    const queue = (await dataLayer(page))!;
    expect(queue[0]).toEqual(deniedDefaults);
    expect(queue[1]).toEqual(["consent", "update", { analytics_storage: "granted" }]);
    expect(queue[2]![0]).toBe("js");
    expect(queue[3]).toEqual(["config", measurementId, { send_page_view: false }]);
    expect(queue[4]).toEqual([
      "event",
      "page_view",
      { page_location: `${keysUrl()}/en/prices?from=flyer`, page_path: "/en/prices?from=flyer", page_title: title },
    ]);
    expect(queue).toHaveLength(5);

    // Remembered: the next page loads gtag.js at once, counts itself, and shows no banner.
    await page.goto(`${keysUrl()}/en/about`);
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => observed.gtag.length).toBe(2);
    expect(await events(page)).toEqual([
      ["event", "page_view", { page_location: `${keysUrl()}/en/about`, page_path: "/en/about", page_title: await page.title() }],
    ]);
  });

  test("events after consent: click_call, click_emergency_call and cta_call (engagement), on the pages that have them", async ({ page }) => {
    await standInForGoogle(page);
    await page.goto(`${keysUrl()}/en`);
    await page.evaluate(() => localStorage.setItem("analytics-consent", "granted"));
    await page.reload();
    await holdLinks(page);
    for (const name of ["click_call", "click_emergency_call", "cta_call"]) await page.locator(`[data-event="${name}"]`).click();
    expect((await events(page)).slice(1)).toEqual([
      ["event", "click_call", { event_category: "engagement" }],
      ["event", "click_emergency_call", { event_category: "engagement" }],
      ["event", "cta_call", { event_category: "engagement" }],
    ]);
    await page.goto(`${keysUrl()}/en/contact`);
    await holdLinks(page);
    await page.locator('[data-event="click_emergency_call"]').click();
    expect((await events(page)).map((entry) => entry[1])).toEqual(["page_view", "click_emergency_call"]);
  });

  test("form_submit (contact) after a successful send, and only then", async ({ page }) => {
    await standInForGoogle(page);
    await page.goto(`${keysUrl()}/en/contact`);
    await banner(page).getByRole("button", { name: "Accept" }).click();
    const form = page.locator("#contact-form");
    await form.locator("[name=name]").fill("Eleni");
    await form.locator("[name=phone]").fill("6900000001");
    await form.locator("[name=message]").fill("Armoured door lock replacement.");
    await form.locator("button[type=submit]").click();
    await expect(page.locator("#toasts > *")).toContainText("Please confirm reCAPTCHA.");
    expect((await events(page)).map((entry) => entry[1])).toEqual(["page_view"]);

    await page.locator("[data-fake-recaptcha]").check();
    await form.locator("button[type=submit]").click();
    await expect(page.locator("#toasts > *").last()).toContainText("Message sent successfully!");
    expect((await events(page)).slice(1)).toEqual([["event", "form_submit", { event_category: "contact" }]]);
  });

  test("the footer reopens the banner; withdrawing consent stops events and removes the analytics cookies", async ({ page, context }) => {
    await standInForGoogle(page);
    await page.goto(`${keysUrl()}/en`);
    await banner(page).getByRole("button", { name: "Accept" }).click();
    await context.addCookies([{ name: "_ga", value: "GA1.1.123.456", url: keysUrl() }]);

    const opener = page.locator("footer [data-consent-open]");
    await expect(opener).toHaveText("Cookie settings");
    await opener.click();
    await expect(banner(page)).toBeVisible();
    // Focus goes to the current choice, and back to the footer button after a new one.
    await expect(banner(page).getByRole("button", { name: "Accept" })).toBeFocused();
    await banner(page).getByRole("button", { name: "Reject" }).click();
    await expect(banner(page)).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem("analytics-consent"))).toBe("denied");
    expect((await dataLayer(page))!.at(-1)).toEqual(["consent", "update", { analytics_storage: "denied" }]);
    expect((await context.cookies()).filter((cookie) => cookie.name.startsWith("_ga"))).toEqual([]);

    await holdLinks(page);
    await page.locator('[data-event="click_call"]').click();
    expect((await events(page)).map((entry) => entry[1])).toEqual(["page_view"]);

    await opener.click();
    await expect(banner(page).getByRole("button", { name: "Reject" })).toBeFocused();
    await banner(page).getByRole("button", { name: "Accept" }).click();
    await page.locator('[data-event="click_call"]').click();
    expect((await events(page)).map((entry) => entry[1])).toEqual(["page_view", "click_call"]);
  });

  test("without script there is no banner and nothing to load", async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "one run is enough");
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const observed = await standInForGoogle(page);
    await page.goto(`${keysUrl()}/en`);
    await expect(banner(page)).toBeHidden();
    expect(observed.external).toEqual([]);
    await context.close();
  });
});
