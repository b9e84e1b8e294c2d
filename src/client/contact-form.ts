import { track } from "./analytics.ts";
import { loadRecaptcha, recaptchaToken, resetRecaptcha } from "./recaptcha.ts";
import { showToast } from "./toasts.ts";

const required = ["name", "phone", "message"];
// A request that hangs this long is reported as failed, so the visitor can retry or call.
const timeoutMs = 30_000;

/**
 * The contact form: checks what it can before sending (honey trap, required fields, e-mail,
 * anti-bot), posts form-encoded with `Accept: application/json`, and reports the answer in a
 * notification. Every text comes from the form's data attributes, in the page's language.
 */
export function initContactForm(): void {
  const form = document.getElementById("contact-form") as HTMLFormElement | null;
  if (!form) return;
  const texts = form.dataset;
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const label = button.querySelector<HTMLElement>("[data-label]")!;
  const idleLabel = label.textContent;
  const spinner = button.querySelector(".animate-spin");
  const widget = document.getElementById("recaptcha");
  if (widget) loadRecaptcha(widget);
  // The script reports problems itself; the browser's own bubbles would say less, in its language.
  form.noValidate = true;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const fail = (text: string, focus?: HTMLElement) => {
    showToast({ title: texts.errorTitle!, text, destructive: true });
    focus?.focus();
  };
  const setSending = (sending: boolean) => {
    button.disabled = sending;
    form.toggleAttribute("aria-busy", sending);
    spinner?.classList.toggle("hidden", !sending);
    label.textContent = sending ? button.dataset.sending! : idleLabel;
  };
  form.addEventListener("input", (event) => (event.target as Element).removeAttribute("aria-invalid"));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    if (field("honey").value.trim()) return;
    const missing = required.map(field).filter((input) => !input.value.trim());
    for (const input of missing) input.setAttribute("aria-invalid", "true");
    if (missing.length) return fail(texts.subtitle!, missing[0]);
    const email = field("email");
    if (!email.validity.valid) {
      email.setAttribute("aria-invalid", "true");
      return fail(texts.invalidEmail!, email);
    }
    const token = widget ? recaptchaToken() : "";
    if (widget && !token) return fail(texts.recaptchaMessage!);

    const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    body.set("g-recaptcha-response", token);
    // The outcome of an earlier submission without script (shown by the server) is now stale.
    for (const status of form.querySelectorAll<HTMLElement>("[data-form-status]")) status.hidden = true;
    setSending(true);
    let answer: { success?: unknown; error?: unknown } | undefined;
    try {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      const response = await fetch(form.action, { method: "POST", headers: { Accept: "application/json" }, body, signal: controller.signal });
      answer = await response.json().finally(() => clearTimeout(timer));
    } catch {
      // Network failure, timeout or an answer that is not JSON: the generic failure text below.
    }
    setSending(false);
    // A token is good for one verification only, so the widget is reset after every attempt.
    resetRecaptcha();
    if (answer?.success === true) {
      form.reset();
      showToast({ title: texts.successTitle!, text: texts.success! });
      track("form_submit", { event_category: "contact" });
    } else {
      fail(typeof answer?.error === "string" && answer.error ? answer.error : texts.failure!);
    }
  });
}
