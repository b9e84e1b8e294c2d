import { usePage } from "./context.tsx";
import { Icon, iconMarkup } from "./icons.tsx";
import { ContactForm as Form, contactFormTextKeys, fieldErrorKeys, type ContactFormProps } from "./islands/ContactForm.tsx";
import { Island } from "./islands/Island.tsx";
import type { PageContext } from "./context.tsx";

/** The contact form island's props in the page's language: the build renders them, and `site serve` renders them again with an outcome. */
export function contactFormProps({ t, config, language }: Pick<PageContext, "t" | "config" | "language">): ContactFormProps {
  return {
    endpoint: config.contact.endpoint,
    lang: language.code,
    texts: {
      ...Object.fromEntries(contactFormTextKeys.map((key) => [key, t(`form.${key}`)])),
      invalidEmail: t("form.errors.email"),
      errorLabel: t("common.label", { label: t("form.errorTitle") }),
      fieldErrors: Object.fromEntries(fieldErrorKeys.map((key) => [key, t(`form.fieldErrors.${key}`)])),
    } as ContactFormProps["texts"],
    ...(config.recaptcha.siteKey ? { recaptcha: { siteKey: config.recaptcha.siteKey, hl: language.code } } : {}),
    icons: { success: iconMarkup("check", "block size-5"), failure: iconMarkup("siren", "block size-5"), close: iconMarkup("x", "size-5") },
  };
}

/** The parts of the form drawn once, at build time. */
export function contactFormSlots(props: ContactFormProps): Partial<ContactFormProps> {
  return {
    heading: (
      <>
        <h2 id="form-title" className="text-2xl font-bold">
          {props.texts.title}
        </h2>
        <p id="form-subtitle" className="mt-1 text-slate-600">
          {props.texts.subtitle}
        </p>
      </>
    ),
    trap: (
      <>
        <label htmlFor="honey">{props.texts.honey}</label>
        <input id="honey" name="honey" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </>
    ),
    sentNotice: (
      <>
        <Icon name="check" className="size-6 shrink-0" />
        <p>
          <strong>{props.texts.successTitle}</strong> {props.texts.success}
        </p>
      </>
    ),
    spinner: <Icon name="loader-circle" className="size-5 motion-safe:animate-spin" />,
  };
}

/** The contact form island. */
export function ContactForm() {
  const props = contactFormProps(usePage());
  return <Island name="contact-form" component={Form} props={props} slots={contactFormSlots(props)} />;
}
