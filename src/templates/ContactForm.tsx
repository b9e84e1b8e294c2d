import { usePage } from "./context.tsx";
import { Icon } from "./icons.tsx";

/** Input limits, shared with the server's rules. */
export const fieldLimits = { name: 100, phone: 40, email: 254, message: 5000 } as const;

/**
 * The contact form. It posts to the configured endpoint like any HTML form; the client script
 * takes it over (notifications, sending state, reCAPTCHA) when it runs. The texts it needs live in
 * data attributes so the script carries no strings of its own.
 */
export function ContactForm() {
  const { t, config, language } = usePage();
  const input =
    "mt-1 block w-full rounded-xl border border-slate-400 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-sky-700 focus:outline-3 focus:outline-sky-600/30";
  const label = "block font-semibold text-slate-900";
  const required = (
    <span className="text-red-700" aria-hidden="true">
      {" "}
      *
    </span>
  );
  return (
    <form
      id="contact-form"
      method="post"
      action={config.contact.endpoint}
      className="space-y-5"
      aria-labelledby="form-title"
      aria-describedby="form-subtitle"
      data-error-title={t("form.errorTitle")}
      data-subtitle={t("form.subtitle")}
      data-recaptcha-message={t("form.recaptcha")}
      data-failure={t("form.failure")}
      data-success-title={t("form.successTitle")}
      data-success={t("form.success")}
      data-invalid-email={t("form.errors.email")}
    >
      <div>
        <h2 id="form-title" className="text-2xl font-bold">
          {t("form.title")}
        </h2>
        <p id="form-subtitle" className="mt-1 text-slate-600">
          {t("form.subtitle")}
        </p>
      </div>
      <div data-form-status="sent" hidden role="status" className="flex gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
        <Icon name="check" className="size-6 shrink-0" />
        <p>
          <strong>{t("form.successTitle")}</strong> {t("form.success")}
        </p>
      </div>
      <div data-form-status="error" hidden role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
        <strong>{t("form.errorTitle")}:</strong> <span data-form-error>{t("form.failure")}</span>
      </div>
      <input type="hidden" name="lang" value={language.code} />
      <div>
        <label htmlFor="name" className={label}>
          {t("form.name")}
          {required}
        </label>
        <input
          id="name"
          name="name"
          type="text"
          required
          maxLength={fieldLimits.name}
          autoComplete="name"
          placeholder={t("form.namePlaceholder")}
          className={input}
        />
      </div>
      <div>
        <label htmlFor="phone" className={label}>
          {t("form.phone")}
          {required}
        </label>
        <input
          id="phone"
          name="phone"
          type="tel"
          required
          maxLength={fieldLimits.phone}
          autoComplete="tel"
          inputMode="tel"
          placeholder={t("form.phonePlaceholder")}
          className={input}
        />
      </div>
      <div>
        <label htmlFor="email" className={label}>
          {t("form.email")}
        </label>
        <input
          id="email"
          name="email"
          type="email"
          maxLength={fieldLimits.email}
          autoComplete="email"
          placeholder={t("form.emailPlaceholder")}
          className={input}
        />
      </div>
      <div>
        <label htmlFor="message" className={label}>
          {t("form.message")}
          {required}
        </label>
        <textarea id="message" name="message" rows={5} required maxLength={fieldLimits.message} placeholder={t("form.messagePlaceholder")} className={input} />
      </div>
      {/* A trap for bots: people never see or fill it. */}
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor="honey">{t("form.honey")}</label>
        <input id="honey" name="honey" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {config.recaptcha.siteKey && (
        <div id="recaptcha" className="min-h-[144px] min-[376px]:min-h-[78px]" data-sitekey={config.recaptcha.siteKey} data-hl={language.code} />
      )}
      <p className="text-sm text-slate-600">{t("form.requiredNote")}</p>
      <button
        type="submit"
        className="inline-flex w-full items-center justify-center gap-2 rounded-xl bg-sky-800 px-6 py-3.5 text-lg font-semibold text-white hover:bg-sky-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
        data-sending={t("form.sending")}
      >
        <Icon name="loader-circle" className="hidden size-5 animate-spin" />
        <span data-label>{t("form.submit")}</span>
      </button>
    </form>
  );
}
