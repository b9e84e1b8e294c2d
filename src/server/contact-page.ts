import { escapeHtml } from "../shared/html.ts";
import type { Outcome } from "./outcomes.ts";

/**
 * The contact page as it looks after a form was posted without JavaScript: the "sent" or the
 * "error" block of the form shown, the error text filled in and, after an error, the visitor's
 * values back in their fields. Works on the markup of src/templates/ContactForm.tsx
 * (`data-form-status`, `data-form-error`, inputs named name/phone/email, textarea message).
 */
export function applyOutcome(html: string, outcome: Outcome): string {
  let page = showStatus(html, outcome.status);
  if (outcome.status === "error") {
    page = page.replace(
      /(<span\b[^>]*\bdata-form-error\b[^>]*>)[^<]*(<\/span>)/,
      (_, open: string, close: string) => `${open}${escapeHtml(outcome.text)}${close}`,
    );
    for (const name of ["name", "phone", "email"] as const) page = setInputValue(page, name, outcome.values[name]);
    page = page.replace(
      /(<textarea\b[^>]*\bname="message"[^>]*>)[^<]*(<\/textarea>)/,
      // A leading newline would be eaten by the HTML parser; a second one keeps the first.
      (_, open: string, close: string) => `${open}${outcome.values.message.startsWith("\n") ? "\n" : ""}${escapeHtml(outcome.values.message)}${close}`,
    );
  }
  return page;
}

function showStatus(html: string, status: "sent" | "error"): string {
  return html.replace(new RegExp(`<div\\b[^>]*\\bdata-form-status="${status}"[^>]*>`), (tag) => tag.replace(/\shidden(="[^"]*")?(?=[\s/>])/, ""));
}

function setInputValue(html: string, name: string, value: string): string {
  return html.replace(new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*?(/?)>`), (tag: string) => {
    const withoutValue = tag.replace(/\svalue="[^"]*"/, "");
    return withoutValue.replace(/\s*\/?>$/, ` value="${escapeHtml(value)}"/>`);
  });
}
