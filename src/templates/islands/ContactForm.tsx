import { createElement, useEffect, useReducer, useRef, type FormEvent as SubmitEvent, type ReactNode } from "react";
import { track } from "../../client/analytics.ts";
import { loadRecaptcha, recaptchaToken, resetRecaptcha } from "../../client/recaptcha.ts";
import { formReducer, initialFormState, type FieldName } from "./form-state.ts";
import { Static } from "./Static.tsx";
import { Notifications, type NotificationIcons } from "./Notifications.tsx";

/** Input limits, shared with the server's rules. */
export const fieldLimits = { name: 100, phone: 40, email: 254, message: 5000 } as const;

/** The form's texts, each the interface string `form.<key>` (invalidEmail is `form.errors.email`). */
export const contactFormTextKeys = [
  "title",
  "subtitle",
  "name",
  "namePlaceholder",
  "phone",
  "phonePlaceholder",
  "email",
  "emailPlaceholder",
  "message",
  "messagePlaceholder",
  "honey",
  "requiredNote",
  "submit",
  "sending",
  "successTitle",
  "success",
  "errorTitle",
  "failure",
  "recaptcha",
  "dismiss",
] as const;
/** What each field says under it when it is refused: `form.fieldErrors.<key>`. */
export const fieldErrorKeys = ["name", "phone", "message", "tooLong"] as const;
export type ContactFormTexts = Record<(typeof contactFormTextKeys)[number] | "invalidEmail" | "errorLabel", string> & {
  fieldErrors: Record<(typeof fieldErrorKeys)[number], string>;
};

/** What a post made without script came to, as the server shows it on the contact page. */
export type FormOutcome = { status: "sent" } | { status: "error"; text: string; values: Record<FieldName, string>; invalid?: FieldName[] };

export interface ContactFormProps {
  endpoint: string;
  /** The page's language code, posted with the message so the answer is in it. */
  lang: string;
  texts: ContactFormTexts;
  /** Present where a reCAPTCHA site key is configured. */
  recaptcha?: { siteKey: string; hl: string };
  icons: NotificationIcons;
  outcome?: FormOutcome;
  /** The heading, the bot trap, the "sent" block's content and the button's spinner (build time only). */
  heading?: ReactNode;
  trap?: ReactNode;
  sentNotice?: ReactNode;
  spinner?: ReactNode;
}

const fieldOrder: FieldName[] = ["name", "phone", "email", "message"];
const required: FieldName[] = ["name", "phone", "message"];
// A request that hangs this long is reported as failed, so the visitor can retry or call.
const timeoutMs = 30_000;
const inputStyle =
  "mt-1 block w-full rounded-xl border border-slate-400 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-sky-700 focus:outline-3 focus:outline-sky-600/30";
const labelStyle = "block font-semibold text-slate-900";

/**
 * The contact form. Without script it posts like any HTML form and the server shows the outcome
 * through this same component (`outcome`); with script it checks what it can first (honey trap,
 * required fields, e-mail, anti-bot), posts form-encoded with `Accept: application/json`, and
 * tells the answer in a notification.
 */
export function ContactForm({ endpoint, lang, texts, recaptcha, icons, outcome, heading, trap, sentNotice, spinner }: ContactFormProps) {
  const [state, dispatch] = useReducer(formReducer, outcome, initialFormState);
  const form = useRef<HTMLFormElement>(null);
  const widget = useRef<HTMLElement>(null);
  const sending = state.status === "sending";
  // Set at once, not at the next render: a second submit in the same moment sends nothing.
  const busy = useRef(false);

  useEffect(() => {
    // The script reports problems itself; the browser's own bubbles would say less, in its language.
    form.current!.noValidate = true;
  }, []);
  // The first refused field, to focus after the render that marks it (see onSubmit).
  const focusField = useRef<FieldName>(undefined);
  useEffect(() => {
    const name = focusField.current;
    focusField.current = undefined;
    if (name) (form.current!.elements.namedItem(name) as HTMLElement).focus();
  });
  // Google's script is requested when the visitor starts using the form, not when the page opens:
  // a visitor who only reads the page sends nothing to Google.
  const startUsing = () => widget.current && loadRecaptcha(widget.current);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = form.current!;
    if (busy.current) return;
    const field = (name: string) => element.elements.namedItem(name) as HTMLInputElement;
    if (field("honey").value.trim()) return;
    // Every refused field is marked at once; focus goes to the first, in the form's order.
    const missing = required.filter((name) => !field(name).value.trim());
    const badEmail = !field("email").validity.valid;
    const invalid = fieldOrder.filter((name) => missing.includes(name) || (name === "email" && badEmail));
    if (invalid.length) {
      // Focused once the notification is drawn, so that the page scrolls it clear of that.
      focusField.current = invalid[0];
      return dispatch({ type: "refused", title: texts.errorTitle, text: missing.length ? texts.subtitle : texts.invalidEmail, invalid });
    }
    const token = recaptcha ? recaptchaToken() : "";
    if (recaptcha && !token) return dispatch({ type: "refused", title: texts.errorTitle, text: texts.recaptcha, invalid: [] });

    const body = new URLSearchParams(new FormData(element) as unknown as Record<string, string>);
    body.set("g-recaptcha-response", token);
    busy.current = true;
    dispatch({ type: "send" });
    let answer: { success?: unknown; error?: unknown } | undefined;
    try {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      const response = await fetch(element.action, { method: "POST", headers: { Accept: "application/json" }, body, signal: controller.signal });
      answer = await response.json().finally(() => clearTimeout(timer));
    } catch {
      // Network failure, timeout or an answer that is not JSON: the generic failure text below.
    }
    busy.current = false;
    // A token is good for one verification only, so the widget is reset after every attempt.
    resetRecaptcha();
    if (answer?.success === true) {
      element.reset();
      dispatch({ type: "sent", title: texts.successTitle, text: texts.success });
      track("form_submit", { event_category: "contact" });
    } else {
      const text = typeof answer?.error === "string" && answer.error ? answer.error : texts.failure;
      dispatch({ type: "failed", title: texts.errorTitle, text });
    }
  };

  // Values come back only with a refused post without script, and only until a post succeeds.
  const values = outcome?.status === "error" && state.status !== "sent" ? outcome.values : undefined;
  // Why a field is refused: the e-mail's format, a text over its limit (only a script-less post
  // can send one), or an empty required field.
  const fieldError = (name: FieldName) =>
    !state.invalid.includes(name)
      ? undefined
      : name === "email"
        ? texts.invalidEmail
        : (values?.[name]?.trim().length ?? 0) > fieldLimits[name]
          ? texts.fieldErrors.tooLong
          : texts.fieldErrors[name];
  const field = (name: FieldName, type: string, extra: Record<string, string | number>) => {
    const error = fieldError(name);
    return (
      <div>
        <label htmlFor={name} className={labelStyle}>
          {texts[name]}
          {required.includes(name) && (
            <span className="text-red-700" aria-hidden="true">
              {" *"}
            </span>
          )}
        </label>
        {createElement(type === "textarea" ? "textarea" : "input", {
          id: name,
          name,
          type: type === "textarea" ? undefined : type,
          required: required.includes(name),
          maxLength: fieldLimits[name],
          placeholder: texts[`${name}Placeholder`],
          className: inputStyle,
          defaultValue: values?.[name],
          "aria-invalid": error ? "true" : undefined,
          "aria-describedby": error ? `${name}-error` : undefined,
          // After a refused post without script, the first refused field takes the focus.
          autoFocus: state.inline && name === state.invalid[0] ? true : undefined,
          ...extra,
        })}
        {error && (
          <p id={`${name}-error`} className="mt-1 text-sm font-semibold text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <>
      <form
        id="contact-form"
        ref={form}
        method="post"
        action={endpoint}
        className="space-y-5"
        aria-labelledby="form-title"
        aria-describedby="form-subtitle"
        aria-busy={sending ? "true" : undefined}
        onSubmit={onSubmit}
        onFocus={startUsing}
        onInput={(event) => {
          startUsing();
          dispatch({ type: "edited", field: (event.target as HTMLInputElement).name });
        }}
      >
        <Static as="div">{heading}</Static>
        <Static
          as="div"
          data-form-status="sent"
          hidden={!((state.inline || state.kept) && state.status === "sent")}
          // Kept after a send with script, whose notification has said it already: not said twice.
          role={state.kept ? undefined : "status"}
          className="flex gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-900"
        >
          {sentNotice}
        </Static>
        <div
          data-form-status="error"
          hidden={!(state.inline && state.status === "failed")}
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900"
        >
          <strong>{texts.errorLabel}</strong> <span data-form-error>{state.inline ? state.error : texts.failure}</span>
        </div>
        <input type="hidden" name="lang" value={lang} />
        {field("name", "text", { autoComplete: "name" })}
        {field("phone", "tel", { autoComplete: "tel", inputMode: "tel" })}
        {field("email", "email", { autoComplete: "email" })}
        {field("message", "textarea", { rows: 5 })}
        {/* A trap for bots: people never see or fill it. */}
        <Static as="div" className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
          {trap}
        </Static>
        {recaptcha && (
          // Google's script draws into this element; Static keeps the runtime out of it.
          <Static
            as="div"
            id="recaptcha"
            elementRef={widget}
            className="min-h-[144px] min-[376px]:min-h-[78px]"
            data-sitekey={recaptcha.siteKey}
            data-hl={recaptcha.hl}
          />
        )}
        <p className="text-sm text-slate-600">{texts.requiredNote}</p>
        <button
          type="submit"
          // Disabled for assistive technology and to the eye, but it keeps the focus: a disabled
          // button loses it, and the visitor would be sent back to the top of the page. A second
          // submit meanwhile is refused by `busy`.
          aria-disabled={sending ? "true" : undefined}
          className="inline-flex w-full items-center justify-center gap-2 rounded-xl bg-sky-800 px-6 py-3.5 text-lg font-semibold text-white hover:bg-sky-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 aria-disabled:cursor-wait aria-disabled:opacity-70 sm:w-auto"
        >
          <Static as="span" className={sending ? "contents" : "hidden"}>
            {spinner}
          </Static>
          <span data-label>{sending ? texts.sending : texts.submit}</span>
        </button>
      </form>
      <Notifications
        notifications={state.notifications}
        icons={icons}
        dismiss={texts.dismiss}
        onDismiss={(id) => dispatch({ type: "dismissed", id })}
        // Back to the first field still refused, else to the button that sends.
        returnFocus={() => form.current!.querySelector<HTMLElement>('[aria-invalid="true"], button[type="submit"]')?.focus()}
      />
    </>
  );
}
