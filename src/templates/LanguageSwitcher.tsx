import { languages } from "../shared/languages.ts";
import { switchLanguagePath } from "../shared/urls.ts";
import { usePage } from "./context.tsx";
import { Flag } from "./flags.tsx";
import { Icon } from "./icons.tsx";
import { Island } from "./islands/Island.tsx";
import { LanguageSwitcher as Switcher } from "./islands/LanguageSwitcher.tsx";

/** The language switcher island, with links to this page in every language (its home page where the page does not exist in one). */
export function LanguageSwitcher() {
  const { language, href, route, t, routes } = usePage();
  const here = href(route.id);
  const entries = languages.map((other) => ({
    ...other,
    href: routes.has(other.code, route.id) ? switchLanguagePath(here, other.url) : routes.href(other.code, "home"),
    current: other.code === language.code,
  }));
  const links = (className: (current: boolean) => string) =>
    entries.map((entry) => (
      <li key={entry.code}>
        <a
          href={entry.href}
          hrefLang={entry.code}
          lang={entry.code}
          data-lang={entry.code}
          aria-current={entry.current ? "true" : undefined}
          className={className(entry.current)}
        >
          <Flag code={entry.flag} />
          {entry.label}
        </a>
      </li>
    ));
  return (
    <Island
      name="language-switcher"
      component={Switcher}
      props={{ label: t("common.chooseLanguage") }}
      slots={{
        summary: (
          <>
            <Icon name="globe" className="size-5" />
            <span className="sr-only">{t("common.chooseLanguage")}: </span>
            <Flag code={language.flag} />
            <span>{language.label}</span>
            <Icon name="chevron-down" className="size-4" />
          </>
        ),
        list: links((current) => `flex items-center gap-2 rounded-lg px-3 py-2 ${current ? "bg-sky-50 font-semibold" : "hover:bg-slate-100"}`),
        row: (
          <ul className="flex flex-wrap gap-2">
            {links(
              (current) =>
                `flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm text-white ${current ? "bg-white/20 ring-1 ring-white/60" : "hover:bg-white/10"}`,
            )}
          </ul>
        ),
      }}
    />
  );
}
