import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { keysUrl, plainUrl, standInForGoogle } from "./google-stand-ins.ts";

const siteKey = "6LeTestSiteKeyForE2eOnly00000000000000000";
const greek = JSON.parse(readFileSync(new URL("../../locales/el/translation.json", import.meta.url), "utf8")).form;
const toasts = (page: Page) => page.locator("#toasts > *");
const recaptchaCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { recaptchaCalls: { render: Record<string, string>[]; reset: number; loads: number } }).recaptchaCalls);

async function fill(page: Page) {
  const values = { name: "Nikos", phone: "6900000000", email: "", message: "Car key copy, please." };
  for (const [name, value] of Object.entries(values)) await page.locator(`#contact-form [name="${name}"]`).fill(value);
  return values;
}

test("the script is requested once, when the visitor starts using the form, and renders the widget with the site key", async ({ page }) => {
  const observed = await standInForGoogle(page);
  for (const path of ["/en", "/en/blog", "/en/prices"]) await page.goto(`${keysUrl()}${path}`);
  expect(observed.recaptcha).toEqual([]);

  // Reading the contact page sends nothing to Google.
  await page.goto(`${keysUrl()}/en/contact`);
  await page.waitForLoadState("networkidle");
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(300);
  expect(observed.recaptcha).toEqual([]);

  // The first field the visitor enters asks for it; entering more fields asks nothing more.
  await page.locator("#contact-form [name=name]").focus();
  await expect(page.locator("#recaptcha [data-fake-recaptcha]")).toHaveCount(1);
  await page.locator("#contact-form [name=phone]").fill("6900000000");
  await page.locator("#contact-form [name=message]").focus();
  expect(observed.recaptcha).toHaveLength(1);
  const url = new URL(observed.recaptcha[0]!);
  expect(url.searchParams.get("render")).toBe("explicit");
  expect(url.searchParams.get("hl")).toBe("en");
  const calls = await recaptchaCalls(page);
  expect(calls.loads).toBe(1);
  expect(calls.render).toHaveLength(1);
  expect(calls.render[0]!.sitekey).toBe(siteKey);
  // The normal widget is 304 px wide; the phone's form column is narrower.
  expect(calls.render[0]!.size).toBe(page.viewportSize()!.width < 376 ? "compact" : "normal");
  const box = (await page.locator("#recaptcha").boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test("where no site key is configured there is no widget and no request", async ({ page }) => {
  const observed = await standInForGoogle(page);
  await page.goto(`${plainUrl()}/en/contact`);
  await expect(page.locator("#recaptcha")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(observed.recaptcha).toEqual([]);
  expect(observed.external).toEqual([]);
});

test("not completed: notification with the error title and 'Please confirm reCAPTCHA.', nothing sent", async ({ page }) => {
  const observed = await standInForGoogle(page);
  await page.goto(`${keysUrl()}/en/contact`);
  const values = await fill(page);
  await expect(page.locator("#recaptcha [data-fake-recaptcha]")).toHaveCount(1);
  await page.locator("#contact-form button[type=submit]").click();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toHaveAttribute("data-destructive", "");
  await expect(toasts(page).locator("[data-toast-title]")).toHaveText("Error");
  await expect(toasts(page).locator("[data-toast-text]")).toHaveText("Please confirm reCAPTCHA.");
  for (const [name, value] of Object.entries(values)) await expect(page.locator(`#contact-form [name="${name}"]`)).toHaveValue(value);
  expect(observed.posts).toHaveLength(0);
});

test("the script could not load: the same notification, nothing sent", async ({ page }) => {
  const observed = await standInForGoogle(page, { recaptcha: "fail" });
  await page.goto(`${keysUrl()}/en/contact`);
  await fill(page);
  await page.locator("#contact-form button[type=submit]").click();
  await expect(toasts(page).locator("[data-toast-text]")).toHaveText("Please confirm reCAPTCHA.");
  expect(observed.recaptcha).toHaveLength(1);
  expect(observed.posts).toHaveLength(0);
});

test("completed: the token goes with the form, the server verifies it, success resets form and widget", async ({ page }) => {
  const observed = await standInForGoogle(page);
  await page.goto(`${keysUrl()}/en/contact`);
  await fill(page);
  await page.locator("[data-fake-recaptcha]").check();
  await page.locator("#contact-form button[type=submit]").click();
  await expect(toasts(page)).toContainText("Message sent successfully! We'll contact you soon.");
  await expect(page.locator("#contact-form [name=name]")).toHaveValue("");
  await expect(page.locator("[data-fake-recaptcha]")).not.toBeChecked();
  expect((await recaptchaCalls(page)).reset).toBe(1);
  expect(observed.posts).toHaveLength(1);
  const body = new URLSearchParams(observed.posts[0]!.postData()!);
  expect(body.getAll("g-recaptcha-response")).toEqual(["test-token"]);
});

test("a token siteverify refuses: the server's error in the page's language, fields kept, widget reset for a new try", async ({ page }) => {
  const observed = await standInForGoogle(page);
  await page.goto(`${keysUrl()}/gr/contact`);
  await page.evaluate(() => ((window as unknown as { fakeRecaptchaToken: string }).fakeRecaptchaToken = "expired-token"));
  const values = await fill(page);
  await page.locator("[data-fake-recaptcha]").check();
  const answered = page.waitForResponse((response) => response.url().endsWith("/send-mail.php"));
  await page.locator("#contact-form button[type=submit]").click();
  expect((await answered).status()).toBe(403);
  await expect(toasts(page)).toHaveAttribute("data-destructive", "");
  await expect(toasts(page).locator("[data-toast-title]")).toHaveText(greek.errorTitle);
  await expect(toasts(page).locator("[data-toast-text]")).toHaveText(greek.recaptcha);
  for (const [name, value] of Object.entries(values)) await expect(page.locator(`#contact-form [name="${name}"]`)).toHaveValue(value);
  await expect(page.locator("#contact-form button[type=submit]")).toBeEnabled();
  // A token is single-use: the widget asks again rather than resending a spent one.
  await expect(page.locator("[data-fake-recaptcha]")).not.toBeChecked();
  expect(observed.posts).toHaveLength(1);
});
