import { renderToStaticMarkup } from "react-dom/server";
// The one place the server draws markup: the contact form, with the same component and slots
// the build used, so the page it patches holds exactly the island the build wrote.
import { contactFormSlots } from "../templates/ContactForm.tsx";
import { ContactForm, type ContactFormProps } from "../templates/islands/ContactForm.tsx";
import { Island } from "../templates/islands/Island.tsx";
import type { Outcome } from "./outcomes.ts";

/** The contact form island's markup, as the build writes it into the page. */
export function renderContactForm(props: ContactFormProps): string {
  return renderToStaticMarkup(<Island name="contact-form" component={ContactForm} props={props} slots={contactFormSlots(props)} />);
}

/**
 * The contact page as it looks after a form was posted without JavaScript: the form island drawn
 * again with the outcome as a prop ("sent", or the error with the visitor's values back in their
 * fields), in place of the island the build wrote. `props` are the build's (site.json). A page
 * that does not hold that island (a build from other sources) is returned unchanged.
 */
export function applyOutcome(html: string, outcome: Outcome, props: ContactFormProps): string {
  const original = renderContactForm(props);
  const start = html.indexOf(original);
  if (start < 0) return html;
  return html.slice(0, start) + renderContactForm({ ...props, outcome }) + html.slice(start + original.length);
}
