import type { SiteConfig } from "./config.ts";
import { defaultLanguage, type Language } from "./languages.ts";

/** The brand as the given language writes it: `brandFor(config, "de")` → `Schlüsseldienst Nafplio`. */
export function brandFor(config: SiteConfig, code: string): string {
  return config.brand[code] ?? config.brand[defaultLanguage.code]!;
}

/** The town as the given language writes it: `townFor(config, "fr")` → `Nauplie`. */
export function townFor(config: SiteConfig, code: string): string {
  return localAddress(config, code).town;
}

/** Street, town and region as the given language writes them; what it does not write stays as in the config's address. */
export function localAddress(config: SiteConfig, code: string): { street: string; town: string; region: string } {
  const local = config.address.localized[code];
  return {
    street: local?.street || config.address.street,
    town: local?.town || config.address.town,
    region: local?.region || config.address.region,
  };
}

/** `+30 690 000 0000` → `tel:+306900000000`. */
export function phoneToTel(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

/** The street address as the given language writes it: `Example Street 38, 21100 Nafplio`. */
export function formatAddress(config: SiteConfig, code: string): string {
  const local = localAddress(config, code);
  return `${local.street} ${config.address.number}, ${config.address.postalCode} ${local.town}`;
}

/** The chat apps the config names, with the link that opens a chat: WhatsApp and Viber. */
export function messagingLinks(config: SiteConfig): { name: string; href: string }[] {
  const digits = (phone: string) => phone.replace(/\D/g, "");
  return [
    ...(config.whatsapp ? [{ name: "WhatsApp", href: `https://wa.me/${digits(config.whatsapp)}` }] : []),
    ...(config.viber ? [{ name: "Viber", href: `viber://chat?number=%2B${digits(config.viber)}` }] : []),
  ];
}

// Named once per language and list: every page with a call card names them, and making Intl's
// formatters for each was 0.3 s of a 5,930-page build.
const spokenNames = new Map<string, string>();

/** The languages the phone is answered in, named in the page's language: `Griechisch und Englisch`. */
export function spokenLanguageNames(config: SiteConfig, language: Language): string {
  const key = `${language.intl} ${config.spokenLanguages.join(" ")}`;
  let named = spokenNames.get(key);
  if (named === undefined) {
    const names = new Intl.DisplayNames([language.intl], { type: "language" });
    const list = new Intl.ListFormat(language.intl, { type: "conjunction" }).format(config.spokenLanguages.map((code) => names.of(code) ?? code));
    // Intl names them as a heading would in Greek ("Ελληνικά"); in a sentence Greek writes them in
    // lower case, as French and Russian do ("ελληνικά και αγγλικά").
    named = language.code === "el" ? list.toLocaleLowerCase("el") : list;
    spokenNames.set(key, named);
  }
  return named;
}
