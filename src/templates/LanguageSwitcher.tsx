import { languages } from "../shared/languages.ts";
import { switchLanguagePath } from "../shared/urls.ts";
import { usePage } from "./context.tsx";
import { Flag } from "./flags.tsx";
import { Icon } from "./icons.tsx";

/**
 * Real links to the same page in every language, so switching works before any script runs.
 * Small screens get a dropdown (a <details> element, which opens without script), larger ones a
 * row of flags. The client script stores the choice under `lang` and closes the dropdown.
 */
export function LanguageSwitcher() {
  const { language, href, route, t, routes } = usePage();
  const here = href(route.id);
  const entries = languages.map((other) => ({
    ...other,
    href: routes.has(other.code, route.id) ? switchLanguagePath(here, other.url) : routes.href(other.code, "home"),
    current: other.code === language.code,
  }));
  const item = "flex items-center gap-2 rounded-lg px-3 py-2";
  return (
    <div className="language-switcher" data-language-switcher>
      <details className="relative sm:hidden" data-language-dropdown>
        <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-xl border border-white/30 bg-white/10 px-3 py-2 text-white [&::-webkit-details-marker]:hidden">
          <Icon name="globe" className="size-5" />
          <span className="sr-only">{t("common.chooseLanguage")}: </span>
          <Flag code={language.flag} />
          <span>{language.label}</span>
          <Icon name="chevron-down" className="size-4" />
        </summary>
        <ul className="absolute left-0 z-30 mt-2 w-52 rounded-xl border border-slate-200 bg-white p-1 text-slate-900 shadow-xl">
          {entries.map((entry) => (
            <li key={entry.code}>
              <a
                href={entry.href}
                hrefLang={entry.code}
                lang={entry.code}
                data-lang={entry.code}
                aria-current={entry.current ? "true" : undefined}
                className={`${item} ${entry.current ? "bg-sky-50 font-semibold" : "hover:bg-slate-100"}`}
              >
                <Flag code={entry.flag} />
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      </details>
      <nav aria-label={t("common.chooseLanguage")} className="hidden sm:block">
        <ul className="flex flex-wrap gap-2">
          {entries.map((entry) => (
            <li key={entry.code}>
              <a
                href={entry.href}
                hrefLang={entry.code}
                lang={entry.code}
                data-lang={entry.code}
                aria-current={entry.current ? "true" : undefined}
                className={`flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm text-white ${entry.current ? "bg-white/20 ring-1 ring-white/60" : "hover:bg-white/10"}`}
              >
                <Flag code={entry.flag} />
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
