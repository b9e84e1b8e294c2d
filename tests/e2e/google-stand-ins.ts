import type { Page, Request } from "@playwright/test";

/** The two builds global-setup serves: without keys, and with a measurement id and a reCAPTCHA key. */
export const plainUrl = () => process.env.E2E_PLAIN_URL!;
export const keysUrl = () => process.env.E2E_KEYS_URL!;
export const measurementId = "G-TEST12345";

/**
 * A stand-in for reCAPTCHA v2's api.js: a checkbox that yields "test-token" (the only token the
 * local siteverify accepts, unless window.fakeRecaptchaToken says otherwise), plus a record of render and reset calls on `window.recaptchaCalls`.
 */
const fakeRecaptcha = `(() => {
  const calls = (window.recaptchaCalls = { render: [], reset: 0, loads: (window.recaptchaCalls?.loads ?? 0) + 1 });
  let box;
  window.grecaptcha = {
    render(container, parameters) {
      calls.render.push(parameters);
      const label = document.createElement("label");
      box = document.createElement("input");
      box.type = "checkbox";
      box.setAttribute("data-fake-recaptcha", "");
      label.append(box, " I'm not a robot");
      const response = document.createElement("textarea");
      response.name = "g-recaptcha-response";
      response.hidden = true;
      box.addEventListener("change", () => (response.value = window.grecaptcha.getResponse()));
      container.append(label, response);
      return 0;
    },
    // A test may set window.fakeRecaptchaToken to have a token that siteverify refuses.
    getResponse: () => (box && box.checked ? (window.fakeRecaptchaToken ?? "test-token") : ""),
    reset() {
      calls.reset++;
      box.checked = false;
      box.dispatchEvent(new Event("change"));
    },
  };
  const onload = new URL(document.currentScript.src).searchParams.get("onload");
  if (onload) window[onload]();
})();`;

export interface Observed {
  /** URLs of gtag.js requests. */
  gtag: string[];
  /** URLs of reCAPTCHA api.js requests. */
  recaptcha: string[];
  /** Every request that left the local server (answered or not). */
  external: string[];
  /** POST requests to the contact endpoint. */
  posts: Request[];
}

/**
 * Answers Google's scripts with local stand-ins, refuses every other outside request, and records
 * what the page asked for, so a test can say what was (and was not) requested.
 */
export async function standInForGoogle(page: Page, options: { recaptcha?: "fake" | "fail" } = {}): Promise<Observed> {
  const observed: Observed = { gtag: [], recaptcha: [], external: [], posts: [] };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.hostname !== "127.0.0.1" && url.hostname !== "localhost") observed.external.push(request.url());
    if (request.method() === "POST" && url.pathname === "/send-mail.php") observed.posts.push(request);
  });
  await page.route(
    (url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost",
    async (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === "www.googletagmanager.com" && url.pathname === "/gtag/js") {
        observed.gtag.push(url.href);
        return route.fulfill({ contentType: "text/javascript", body: "window.gtagStandInLoads = (window.gtagStandInLoads || 0) + 1;" });
      }
      if (url.hostname === "www.google.com" && url.pathname === "/recaptcha/api.js") {
        observed.recaptcha.push(url.href);
        if (options.recaptcha === "fail") return route.abort("connectionrefused");
        return route.fulfill({ contentType: "text/javascript", body: fakeRecaptcha });
      }
      return route.abort("blockedbyclient");
    },
  );
  return observed;
}

/** The dataLayer as plain arrays (gtag queues Arguments objects); undefined where there is none. */
export function dataLayer(page: Page): Promise<unknown[][] | undefined> {
  return page.evaluate(() => (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer?.map((entry) => Array.from(entry)));
}

/** Keeps clicks from following links (tel: links would leave the page) while handlers still run. */
export function holdLinks(page: Page): Promise<void> {
  return page.evaluate(() =>
    document.addEventListener(
      "click",
      (event) => {
        if ((event.target as Element).closest("a")) event.preventDefault();
      },
      true,
    ),
  );
}
