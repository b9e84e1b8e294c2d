import { brandFor, formatAddress, messagingLinks, phoneToTel } from "../shared/business.ts";
import { usePage } from "./context.tsx";
import { Icon } from "./icons.tsx";
import { FooterLanguages } from "./LanguageSwitcher.tsx";

export function Footer() {
  const { t, href, config, language } = usePage();
  const heading = "mb-3 text-sm font-semibold tracking-wide text-white uppercase";
  const linkStyle = "hover:text-white hover:underline";
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-950 pb-10 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="mb-2 text-lg font-bold text-white">{brandFor(config, language.code)}</p>
          <p>{t("footer.about")}</p>
        </div>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={heading}>
            {t("footer.quickLinks")}
          </h2>
          <ul className="space-y-2">
            {["services", "prices", "about", "blog", "contact"].map((id) => (
              <li key={id}>
                <a href={href(id)} className={linkStyle}>
                  {t(`nav.${id}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className={heading}>
            {t("footer.legal")}
          </h2>
          <ul className="space-y-2">
            <li>
              <a href={href("privacy-policy")} className={linkStyle}>
                {t("footer.privacy")}
              </a>
            </li>
            <li>
              <a href={href("terms")} className={linkStyle}>
                {t("footer.terms")}
              </a>
            </li>
            {config.analytics.measurementId && (
              <li>
                <button type="button" data-consent-open className={`${linkStyle} cursor-pointer text-left`}>
                  {t("footer.cookies")}
                </button>
              </li>
            )}
          </ul>
        </nav>
        <div>
          <h2 className={heading}>{t("footer.contact")}</h2>
          <ul className="space-y-3">
            <li>
              <a href={phoneToTel(config.phone)} className={`flex items-center gap-2 ${linkStyle}`}>
                <Icon name="phone" className="size-4 shrink-0" />
                {config.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${config.email}`} className={`flex items-center gap-2 break-all ${linkStyle}`}>
                <Icon name="mail" className="size-4 shrink-0" />
                {config.email}
              </a>
            </li>
            {messagingLinks(config).map((app) => (
              <li key={app.name}>
                <a href={app.href} className={`flex items-center gap-2 ${linkStyle}`} rel="noopener">
                  <Icon name="message-circle" className="size-4 shrink-0" />
                  {app.name}
                </a>
              </li>
            ))}
            <li className="flex gap-2">
              <Icon name="map-pin" className="mt-1 size-4 shrink-0" />
              <address className="min-w-0 not-italic">{formatAddress(config, language.code)}</address>
            </li>
          </ul>
        </div>
      </div>
      <nav aria-labelledby="footer-languages" className="mx-auto max-w-6xl px-4 pb-8">
        <h2 id="footer-languages" className={heading}>
          {t("footer.languages")}
        </h2>
        <FooterLanguages className={linkStyle} />
      </nav>
      <div className="mx-auto max-w-6xl border-t border-slate-800 px-4 pt-6 text-sm text-slate-400">
        <p>
          © {year} {config.legalName}
          {config.registryNumber && ` · ${t("footer.registry")} ${config.registryNumber}`}
          {config.vatNumber && ` · ${t("footer.vat")} ${config.vatNumber}`}. {t("footer.rights")}
        </p>
      </div>
    </footer>
  );
}
