import type { SiteConfig } from "./config.ts";

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
