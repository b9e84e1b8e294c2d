import type { SiteConfig } from "./config.ts";
import { defaultLanguage, type Language } from "./languages.ts";

/** The brand as the given language writes it: `brandFor(config, "de")` → `Schlüsseldienst Nafplio`. */
export function brandFor(config: SiteConfig, code: string): string {
  return config.brand[code] ?? config.brand[defaultLanguage.code]!;
}

/** The town as the given language writes it: `townFor(config, "fr")` → `Nauplie`. */
export function townFor(config: SiteConfig, code: string): string {
  return config.address.localized[code]?.town || config.address.town;
}

/** `+30 690 000 0000` → `tel:+306900000000`. */
export function phoneToTel(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

/** The street address as the given language writes it: `Example Street 38, 21100 Nafplio`. */
export function formatAddress(config: SiteConfig, code: string): string {
  const local = { ...config.address, ...config.address.localized[code] };
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

/** The languages the phone is answered in, named in the page's language: `Griechisch und Englisch`. */
export function spokenLanguageNames(config: SiteConfig, language: Language): string {
  const names = new Intl.DisplayNames([language.intl], { type: "language" });
  return new Intl.ListFormat(language.intl, { type: "conjunction" }).format(config.spokenLanguages.map((code) => names.of(code) ?? code));
}
