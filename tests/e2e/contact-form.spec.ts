import { readFileSync } from "node:fs";
import { expect, test, type Page, type Route } from "@playwright/test";
import { dataLayer, plainUrl, standInForGoogle } from "./google-stand-ins.ts";

const en = {
  errorTitle: "Error",
  subtitle: "Fill in your name, phone and message. We will call you back.",
  failure: "Error sending message. Please try again or call us.",
  successTitle: "Thank you!",
  success: "Message sent successfully! We'll contact you soon.",
  email: "Please enter a valid e-mail address, or leave it empty.",
  fieldErrors: { name: "Please enter your name.", phone: "Please enter your phone number.", message: "Please write your message." },
};
const greek = JSON.parse(readFileSync(new URL("../../locales/el/translation.json", import.meta.url), "utf8")).form;

const toasts = (page: Page) => page.locator("#toasts > *");

async function openForm(page: Page, lang = "en") {
  const observed = await standInForGoogle(page);
  await page.goto(`${plainUrl()}/${lang}/contact`);
  return { observed, form: page.locator("form#contact-form"), submit: page.locator("form#contact-form button[type=submit]") };
}

async function fill(page: Page, values: Partial<Record<"name" | "phone" | "email" | "message", string>> = {}) {
  const all = {
    name: "Maria Papadopoulou",
    phone: "+30 690 123 4567",
    email: "maria@example.org",
    message: "Locked out of my flat near Syntagma square.",
    ...values,
  };
  for (const [name, value] of Object.entries(all)) await page.locator(`#contact-form [name="${name}"]`).fill(value);
  return all;
}

async function expectFields(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await expect(page.locator(`#contact-form [name="${name}"]`)).toHaveValue(value);
}

async function expectIdle(page: Page) {
  const submit = page.locator("#contact-form button[type=submit]");
  await expect(submit).toBeEnabled();
  await expect(submit.locator("[data-label]")).toHaveText("Send message");
  await expect(submit.locator("svg")).toBeHidden();
}

/** Answers the form's POST with `answer` instead of the server, for the states it cannot produce on demand. */
function answerPost(page: Page, answer: (route: Route) => Promise<void>) {
  return page.route((url) => url.pathname === "/send-mail.php", answer);
}

test("the fields: name, phone (tel), optional e-mail, message of 5 rows, required ones starred, the trap hidden", async ({ page }) => {
  const { form } = await openForm(page);
  await expect(form.getByLabel("Name")).toHaveAttribute("type", "text");
  await expect(form.getByLabel("Phone")).toHaveAttribute("type", "tel");
  await expect(form.getByLabel("E-mail")).toHaveAttribute("type", "email");
  await expect(form.getByLabel("Message")).toHaveAttribute("rows", "5");
  for (const name of ["Name", "Phone", "Message"]) await expect(form.locator("label", { hasText: name }).first()).toContainText("*");
  await expect(form.locator("label[for=email]")).not.toContainText("*");
  await expect(form.locator("[name=honey]")).not.toBeInViewport();
  await expect(form.locator("[name=honey]")).toHaveAttribute("tabindex", "-1");
  await expect(form).toHaveAttribute("action", "/send-mail.php");
  await expect(page.locator("#toasts")).toHaveAttribute("aria-live", "polite");
  await expect(page.locator("#recaptcha")).toHaveCount(0);
});

test("sending to the real endpoint: sending state, success notification, fields cleared, nothing else requested", async ({ page }) => {
  const { observed, submit } = await openForm(page);
  await fill(page);
  const answered = page.waitForResponse((response) => response.url().endsWith("/send-mail.php"));
  await submit.click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ success: true });

  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText(en.successTitle);
  await expect(toasts(page)).toContainText(en.success);
  await expect(toasts(page)).not.toHaveAttribute("data-destructive");
  await expect(toasts(page)).not.toHaveAttribute("role", "alert");
  await expectFields(page, { name: "", phone: "", email: "", message: "" });
  await expectIdle(page);

  expect(observed.posts).toHaveLength(1);
  const request = observed.posts[0]!;
  expect(request.headers()["accept"]).toBe("application/json");
  expect(request.headers()["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
  expect(Object.fromEntries(new URLSearchParams(request.postData()!))).toEqual({
    lang: "en",
    name: "Maria Papadopoulou",
    phone: "+30 690 123 4567",
    email: "maria@example.org",
    message: "Locked out of my flat near Syntagma square.",
    honey: "",
    "g-recaptcha-response": "",
  });
  // No analytics id in this build: no queue, no Google request of any kind.
  expect(await dataLayer(page)).toBeUndefined();
  expect(observed.external).toEqual([]);
});

test("while sending: button disabled, spinner and sending label; a second submit sends nothing more", async ({ page }) => {
  const { observed, form, submit } = await openForm(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await answerPost(page, async (route) => {
    await held;
    await route.fulfill({ json: { success: true } });
  });
  await fill(page);
  await submit.click();
  await expect(submit).toBeDisabled();
  await expect(submit.locator("[data-label]")).toHaveText("Sending…");
  await expect(submit.locator("svg")).toBeVisible();
  await expect(form).toHaveAttribute("aria-busy", "true");
  await form.evaluate((element: HTMLFormElement) => element.requestSubmit());
  release();
  await expect(toasts(page)).toContainText(en.success);
  await expectIdle(page);
  await expect(form).not.toHaveAttribute("aria-busy");
  expect(observed.posts).toHaveLength(1);
});

for (const missing of ["name", "phone", "message"] as const) {
  test(`${missing} empty (or blank): destructive notification with the form subtitle, focus on it, nothing sent`, async ({ page }) => {
    const { observed, submit } = await openForm(page);
    const values = await fill(page, { [missing]: "   " });
    await submit.click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toHaveAttribute("data-destructive", "");
    await expect(toasts(page)).toHaveAttribute("role", "alert");
    await expect(toasts(page).locator("[data-toast-title]")).toHaveText(en.errorTitle);
    await expect(toasts(page).locator("[data-toast-text]")).toHaveText(en.subtitle);
    await expect(page.locator(`#contact-form [name=${missing}]`)).toBeFocused();
    await expect(page.locator(`#contact-form [name=${missing}]`)).toHaveAttribute("aria-invalid", "true");
    // The field says why next to it, and is described by that message.
    await expect(page.locator(`#contact-form [name=${missing}]`)).toHaveAttribute("aria-describedby", `${missing}-error`);
    await expect(page.locator(`#${missing}-error`)).toHaveText(en.fieldErrors[missing]);
    await expect(page.locator(`#${missing}-error`)).toBeVisible();
    await expectFields(page, values);
    await expectIdle(page);
    expect(observed.posts).toHaveLength(0);
    await page.locator(`#contact-form [name=${missing}]`).fill("now filled");
    await expect(page.locator(`#contact-form [name=${missing}]`)).not.toHaveAttribute("aria-invalid");
    await expect(page.locator(`#contact-form [name=${missing}]`)).not.toHaveAttribute("aria-describedby");
    await expect(page.locator(`#${missing}-error`)).toHaveCount(0);
  });
}

test("every required field empty: one notification, each field marked with its own message, nothing sent", async ({ page }) => {
  const { observed, submit } = await openForm(page);
  await submit.click();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText(en.subtitle);
  await expect(page.locator("#contact-form [name=name]")).toBeFocused();
  for (const name of ["name", "phone", "message"] as const) {
    await expect(page.locator(`#contact-form [name=${name}]`)).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`#${name}-error`)).toHaveText(en.fieldErrors[name]);
  }
  await expect(page.locator("#contact-form [name=email]")).not.toHaveAttribute("aria-invalid");
  expect(observed.posts).toHaveLength(0);
});

test("an e-mail that is not one: notification, the message at the field, nothing sent", async ({ page }) => {
  const { observed, submit } = await openForm(page);
  await fill(page, { email: "maria-at-example" });
  await submit.click();
  await expect(toasts(page).locator("[data-toast-text]")).toHaveText(en.email);
  await expect(page.locator("#contact-form [name=email]")).toBeFocused();
  await expect(page.locator("#contact-form [name=email]")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#contact-form [name=email]")).toHaveAttribute("aria-describedby", "email-error");
  await expect(page.locator("#email-error")).toHaveText(en.email);
  expect(observed.posts).toHaveLength(0);

  // Mended and sent: the error it made stale leaves with the message that went.
  await answerPost(page, (route) => route.fulfill({ json: { success: true } }));
  await page.locator("#contact-form [name=email]").fill("maria@example.org");
  await submit.click();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText(en.success);
  await expect(toasts(page)).not.toHaveAttribute("data-destructive");
});

test("the trap filled in: silently dropped, no notification, no request", async ({ page }) => {
  const { observed, submit } = await openForm(page);
  const values = await fill(page);
  await page.locator("#contact-form [name=honey]").evaluate((input: HTMLInputElement) => (input.value = "http://spam.example"));
  await submit.click();
  await page.waitForTimeout(500);
  await expect(toasts(page)).toHaveCount(0);
  await expectFields(page, values);
  await expectIdle(page);
  expect(observed.posts).toHaveLength(0);
});

const failures: { name: string; answer: (route: Route) => Promise<void>; text: string }[] = [
  {
    name: "success false",
    answer: (route) => route.fulfill({ status: 429, json: { success: false, error: "Too many messages. Please wait a few minutes or call us." } }),
    text: "Too many messages. Please wait a few minutes or call us.",
  },
  { name: "success false without a text", answer: (route) => route.fulfill({ json: { success: false } }), text: en.failure },
  {
    name: "a malformed answer",
    answer: (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>Bad gateway</body></html>" }),
    text: en.failure,
  },
  { name: "an answer that is JSON but not the contract", answer: (route) => route.fulfill({ json: { ok: true } }), text: en.failure },
  { name: "a network failure", answer: (route) => route.abort("connectionreset"), text: en.failure },
];

for (const failure of failures) {
  test(`${failure.name}: error notification with its text, fields kept, button enabled again`, async ({ page }) => {
    const { observed, submit } = await openForm(page);
    await answerPost(page, failure.answer);
    const values = await fill(page);
    await submit.click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toHaveAttribute("data-destructive", "");
    await expect(toasts(page).locator("[data-toast-title]")).toHaveText(en.errorTitle);
    await expect(toasts(page).locator("[data-toast-text]")).toHaveText(failure.text);
    await expectFields(page, values);
    await expectIdle(page);
    expect(observed.posts).toHaveLength(1);
  });
}

test("the Greek page speaks Greek: its error notification and the lang field", async ({ page }) => {
  const { observed, submit } = await openForm(page, "gr");
  await submit.click();
  await expect(toasts(page).locator("[data-toast-title]")).toHaveText(greek.errorTitle);
  await expect(toasts(page).locator("[data-toast-text]")).toHaveText(greek.subtitle);
  await expect(toasts(page).locator("button[data-toast-close]")).toHaveAccessibleName(greek.dismiss);
  await answerPost(page, (route) => route.fulfill({ json: { success: true } }));
  await fill(page);
  await submit.click();
  await expect(toasts(page).last()).toContainText(greek.success);
  expect(new URLSearchParams(observed.posts[0]!.postData()!).get("lang")).toBe("el");
});

test("notifications leave by themselves (errors after longer), wait while hovered, and can be dismissed", async ({ page }) => {
  await page.clock.install();
  const { submit } = await openForm(page);
  await answerPost(page, (route) => route.fulfill({ json: { success: true } }));
  await fill(page);
  await submit.click();
  await expect(toasts(page)).toHaveCount(1);
  await page.clock.runFor(5_000);
  await expect(toasts(page)).toHaveCount(1);
  await page.clock.runFor(1_500);
  await expect(toasts(page)).toHaveCount(0);
  // The form still says the message went (without saying it twice to a screen reader), until a new one is begun.
  const sent = page.locator('[data-form-status="sent"]');
  await expect(sent).toBeVisible();
  await expect(sent).toContainText(en.success);
  await expect(sent).not.toHaveAttribute("role", "status");
  await page.locator("#contact-form [name=name]").fill("M");
  await expect(sent).toBeHidden();
  await page.locator("#contact-form [name=name]").fill("");

  await submit.click();
  await expect(toasts(page)).toHaveAttribute("data-destructive", "");
  await page.clock.runFor(8_000);
  await expect(toasts(page)).toHaveCount(1);
  await toasts(page).hover();
  await page.clock.runFor(20_000);
  await expect(toasts(page)).toHaveCount(1);
  await page.mouse.move(0, 0);
  await page.clock.runFor(10_500);
  await expect(toasts(page)).toHaveCount(0);

  // A second refusal replaces the first, whose attempt is over; a success and an error stay together.
  await submit.click();
  await submit.click();
  await expect(toasts(page)).toHaveCount(1);
  await fill(page);
  await submit.click();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText(en.success);
  await submit.click();
  await expect(toasts(page)).toHaveCount(2);
  await toasts(page).first().getByRole("button", { name: "Dismiss" }).click();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toHaveAttribute("data-destructive", "");
});

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("the browser's own validation guards the required fields", async ({ page }) => {
    await page.goto(`${plainUrl()}/en/contact`);
    await page.locator("#contact-form button[type=submit]").click();
    await expect(page).toHaveURL(/\/en\/contact$/);
    expect(await page.locator("#contact-form [name=name]").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  });
});
