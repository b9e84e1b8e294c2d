import { expect, test, type Locator, type Page } from "@playwright/test";
import { keysUrl, plainUrl, standInForGoogle } from "./google-stand-ins.ts";

// A visitor on the keyboard (or a screen reader, which follows the focus): the focus is never
// dropped to the top of the page by an action, and nothing left open covers where it goes.

const isPhone = (page: Page) => page.viewportSize()!.width < 640;
const focusedIsBody = (page: Page) => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);

/** Whether the element's middle is the element itself, or something drawn over it. */
const uncovered = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 12));
    return !!top && (element === top || element.contains(top));
  });

/** Tabs through every one of `links` (from the control that opened them) and on out of them. */
async function tabPast(page: Page, links: Locator) {
  for (let step = await links.count(); step > 0; step--) await page.keyboard.press("Tab");
  await expect(links.last()).toBeFocused();
  await page.keyboard.press("Tab");
}

async function fillForm(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`#contact-form [name="${name}"]`).fill(value);
}

test.describe("the contact form", () => {
  test("sending from the keyboard: the button keeps the focus while sending (disabled to assistive technology) and after", async ({ page }) => {
    await standInForGoogle(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === "/send-mail.php",
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`${plainUrl()}/en/contact`);
    await fillForm(page, { name: "Maria", phone: "+30 690 123 4567", message: "Locked out of my car at the port." });
    const submit = page.locator("#contact-form button[type=submit]");
    await submit.focus();
    await page.keyboard.press("Enter");
    await expect(submit).toHaveAttribute("aria-disabled", "true");
    await expect(submit).toBeDisabled();
    await expect(submit).toBeFocused();
    release();
    await expect(page.locator("#toasts > *")).toContainText("Message sent successfully!");
    await expect(submit).not.toHaveAttribute("aria-disabled");
    await expect(submit).toBeFocused();
  });

  test("a refused field takes the focus clear of the notification, and a new refusal replaces the one before", async ({ page }) => {
    await standInForGoogle(page);
    await page.goto(`${plainUrl()}/en/contact`);
    const submit = page.locator("#contact-form button[type=submit]");
    const toasts = page.locator("#toasts > *");
    await submit.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#contact-form [name=name]")).toBeFocused();
    await expect(toasts).toHaveCount(1);
    expect(await uncovered(page, "#contact-form [name=name]")).toBe(true);

    await fillForm(page, { name: "Maria", phone: "+30 690 123 4567", message: "Locked out.", email: "maria@" });
    await submit.focus();
    await page.keyboard.press("Enter");
    const email = page.locator("#contact-form [name=email]");
    await expect(email).toBeFocused();
    // The first notification was about fields that are filled now: only the e-mail's is left.
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toContainText("Please enter a valid e-mail address");
    expect(await uncovered(page, "#contact-form [name=email]")).toBe(true);
    expect(await uncovered(page, "label[for=email]")).toBe(true);
  });

  test("closing a notification from the keyboard gives the focus to the field still refused, else to the send button", async ({ page }) => {
    await standInForGoogle(page);
    await page.goto(`${plainUrl()}/en/contact`);
    const submit = page.locator("#contact-form button[type=submit]");
    await submit.click();
    await expect(page.locator("#contact-form [name=name]")).toBeFocused();
    await page.locator("#toasts [data-toast-close]").focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#toasts > *")).toHaveCount(0);
    await expect(page.locator("#contact-form [name=name]")).toBeFocused();

    await page.route(
      (url) => url.pathname === "/send-mail.php",
      (route) => route.fulfill({ json: { success: false, error: "Too many messages. Please wait a few minutes or call us." } }),
    );
    await fillForm(page, { name: "Maria", phone: "+30 690 123 4567", message: "Locked out." });
    await submit.click();
    await expect(page.locator("#toasts > *")).toContainText("Too many messages");
    await page.locator("#toasts [data-toast-close]").focus();
    await page.keyboard.press(" ");
    await expect(page.locator("#toasts > *")).toHaveCount(0);
    await expect(submit).toBeFocused();
  });

  test("with reduced motion the sending spinner stands still", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await standInForGoogle(page);
    await page.route(
      (url) => url.pathname === "/send-mail.php",
      () => new Promise(() => {}),
    );
    await page.goto(`${plainUrl()}/en/contact`);
    await fillForm(page, { name: "Maria", phone: "+30 690 123 4567", message: "Locked out." });
    await page.locator("#contact-form button[type=submit]").click();
    const spinner = page.locator("#contact-form button[type=submit] svg");
    await expect(spinner).toBeVisible();
    expect(await spinner.evaluate((element) => getComputedStyle(element).animationName)).toBe("none");
    await page.emulateMedia({ reducedMotion: "no-preference" });
    expect(await spinner.evaluate((element) => getComputedStyle(element).animationName)).not.toBe("none");
  });
});

test("the phone menu closes when the focus leaves it, and Escape then leaves the focus where it is", async ({ page }) => {
  test.skip(!isPhone(page), "the toggle is the phone's");
  await page.goto(`${plainUrl()}/en/services`);
  const toggle = page.locator("#menu-toggle");
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await tabPast(page, page.locator("#mobile-menu a"));
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator("#mobile-menu")).toBeHidden();
  const left = await page.evaluate(() => document.activeElement!.outerHTML.slice(0, 80));
  await page.keyboard.press("Escape");
  expect(await page.evaluate(() => document.activeElement!.outerHTML.slice(0, 80))).toBe(left);
  await expect(toggle).not.toBeFocused();
});

test("the top bar's language list closes when the focus leaves it", async ({ page }) => {
  await page.goto(`${plainUrl()}/en/prices`);
  const dropdown = page.locator("header [data-language-switcher=header] details");
  await dropdown.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(dropdown).toHaveAttribute("open", "");
  await tabPast(page, dropdown.locator("a"));
  await expect(dropdown).not.toHaveAttribute("open");
  expect(await focusedIsBody(page)).toBe(false);
  await page.keyboard.press("Shift+Tab");
  await expect(dropdown).not.toHaveAttribute("open");
});

test("the consent banner comes right after the header in the keyboard's order, and a first choice leaves the focus on the page", async ({ page }) => {
  await standInForGoogle(page);
  await page.goto(`${keysUrl()}/en/prices`);
  const banner = page.locator("section#consent");
  await expect(banner).toBeVisible();
  expect(
    await page.evaluate(() => {
      const consent = document.querySelector("#consent")!;
      const after = (element: Element) => !!(element.compareDocumentPosition(consent) & Node.DOCUMENT_POSITION_FOLLOWING);
      return [after(document.querySelector("header")!), after(document.querySelector("main")!)];
    }),
  ).toEqual([true, false]);
  // From the header's last control, the next stop is the banner's first button.
  const headerStops = page.locator("header a:visible, header button:visible, header summary:visible");
  await headerStops.last().focus();
  await page.keyboard.press("Tab");
  await expect(banner.locator("a").first()).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(banner.getByRole("button", { name: "Reject" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(banner).toBeHidden();
  await expect(page.locator("main")).toBeFocused();
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => !!document.activeElement!.closest("main"))).toBe(true);
});

test("closing the language hint from the keyboard leaves the focus on the page", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "one run is enough");
  const context = await browser.newContext({ locale: "de-DE", viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await page.goto(`${plainUrl()}/en/prices`);
  const close = page.locator("[data-language-hint] button");
  await close.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("[data-language-hint]")).toHaveCount(0);
  await expect(page.locator("main")).toBeFocused();
  await context.close();
});
