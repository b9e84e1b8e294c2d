import { languages } from "../shared/languages.ts";
import { messageKeys, messageLocaleKeys, type MessageKey, type SiteManifest } from "../shared/manifest.ts";
import type { RouteTable } from "../shared/routes.ts";
import type { SiteConfig } from "../shared/config.ts";
import { urlToFile } from "../shared/urls.ts";
import { contactFormProps } from "../templates/ContactForm.tsx";
import { listingRedirects } from "./blog-routes.ts";
import type { Locales } from "./load-locales.ts";

/** site.json: what `site serve` needs to know about the build it serves (src/shared/manifest.ts). */
export function siteManifest(config: SiteConfig, headers: Record<string, string>, locales: Locales, routes?: RouteTable): SiteManifest {
  return {
    redirects: routes ? listingRedirects(routes) : {},
    origin: config.origin,
    endpoint: config.contact.endpoint,
    contactPages: Object.fromEntries(languages.map(({ code, url }) => [code, routes?.has(code, "contact") ? routes.href(code, "contact") : `/${url}/contact`])),
    recaptcha: Boolean(config.recaptcha.siteKey),
    languages: languages.map((language) => ({ url: language.url, code: language.code })),
    headers,
    retention: { messages: config.retention.messages },
    contactForms: Object.fromEntries(
      languages
        .filter(({ code }) => routes?.has(code, "contact"))
        .map((language) => [urlToFile(routes!.href(language.code, "contact")), contactFormProps({ t: locales.t(language.code), config, language })]),
    ),
    messages: Object.fromEntries(
      languages.map(({ code }) => {
        const t = locales.t(code);
        // The answers may name the phone number ("… or call us at {{phone}}"), unbroken.
        const values = { phone: config.phone.replace(/ /g, "\u00a0") };
        return [code, Object.fromEntries(messageKeys.map((key) => [key, t(messageLocaleKeys[key], values)])) as Record<MessageKey, string>];
      }),
    ),
  };
}
