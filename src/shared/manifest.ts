/**
 * site.json: what the build tells `site serve` about the site it built (the headers to send,
 * the contact endpoint, the answers in every language). The build writes it, the server reads
 * it, and both use this one definition.
 */
import type { ContactFormProps } from "../templates/islands/ContactForm.tsx";
import { isRetentionPeriod, retentionHint } from "./retention.ts";

export const manifestFile = "site.json";

/**
 * The file a build writes into the output folder before it starts moving its files in, and
 * removes once they are all there: an output folder that has it is part one build, part another
 * (the build was killed meanwhile). `site build --if-needed` builds it again, and `site serve`
 * warns. A dotfile: the server does not serve it.
 */
export const incompleteMarker = ".build-incomplete";

/** The endpoint's answers, each with the interface string it is written from. */
export const messageLocaleKeys = {
  success: "form.success",
  failure: "form.failure",
  recaptcha: "form.recaptcha",
  required: "form.errors.required",
  email: "form.errors.email",
  tooLong: "form.errors.tooLong",
  invalid: "form.errors.invalid",
  rateLimited: "form.errors.rateLimited",
  unavailable: "form.errors.unavailable",
} as const;
export type MessageKey = keyof typeof messageLocaleKeys;
export const messageKeys = Object.keys(messageLocaleKeys) as MessageKey[];

export interface SiteManifest {
  origin: string;
  /** The contact form's endpoint, e.g. `/send-mail.php`. */
  endpoint: string;
  /** Whether the pages load reCAPTCHA (a site key was configured). */
  recaptcha: boolean;
  languages: { url: string; code: string }[];
  /** The security headers of every answer. */
  headers: Record<string, string>;
  /** The endpoint's answers per language code. */
  messages: Record<string, Record<MessageKey, string>>;
  /** The contact page per language code, e.g. `{ el: "/gr/contact" }`. */
  contactPages: Record<string, string>;
  /** The contact form island's props per page file (`gr/contact.html`), for `site serve` to draw an outcome with. */
  contactForms: Record<string, ContactFormProps>;
  /** How long the server keeps what it stores (the config's `retention`), e.g. `{ messages: "2y" }`. */
  retention: { messages: string };
  /** Paths that redirect permanently to a page: a list's `/page/1` to the list (`/en/blog/page/1` → `/en/blog`). */
  redirects: Record<string, string>;
  /** A digest of everything the build was made from; `site build --if-needed` compares it. Absent from `site dev`'s builds. */
  inputs?: string;
  /** The earliest date of a post the build held back: from that day, the build is out of date. */
  heldBackUntil?: string;
}

/** Checks a parsed site.json; throws one message naming every problem. */
export function parseManifest(raw: unknown, file: string): SiteManifest {
  const problems: string[] = [];
  const object = (raw ?? {}) as Partial<SiteManifest>;
  if (typeof object.endpoint !== "string" || !object.endpoint.startsWith("/")) problems.push(`"endpoint" must be a path such as /send-mail.php`);
  if (typeof object.origin !== "string") problems.push(`"origin" must be a URL`);
  if (!object.headers || typeof object.headers !== "object") problems.push(`"headers" must be an object`);
  if (!Array.isArray(object.languages) || object.languages.length === 0) problems.push(`"languages" must list the site's languages`);
  const messages = (object.messages ?? {}) as Record<string, Record<string, unknown>>;
  for (const { code } of object.languages ?? [])
    for (const key of messageKeys) if (typeof messages[code]?.[key] !== "string") problems.push(`"messages.${code}.${key}" is missing`);
  if (!isRetentionPeriod(object.retention?.messages)) problems.push(`"retention.messages" must be ${retentionHint}`);
  if (problems.length) throw new Error(`${file}: ${problems.join("; ")}; rebuild the site with \`site build\``);
  const contactPages = Object.fromEntries(object.languages!.map(({ url, code }) => [code, object.contactPages?.[code] ?? `/${url}/contact`]));
  return {
    ...(object as SiteManifest),
    recaptcha: Boolean(object.recaptcha),
    contactPages,
    contactForms: object.contactForms ?? {},
    redirects: object.redirects ?? {},
  };
}
