import { languages, type Language } from "../shared/languages.ts";
import { switchLanguagePath } from "../shared/urls.ts";
import { usePage, type PageContext } from "./context.tsx";
import { Flag } from "./flags.tsx";
import { Icon } from "./icons.tsx";
import { Island } from "./islands/Island.tsx";
import { LanguageSwitcher as Switcher } from "./islands/LanguageSwitcher.tsx";

interface LanguageEntry extends Language {
  href: string;
  current: boolean;
}

/**
 * This page in every language: the same page where it exists in that language, else the list it
 * belongs to (page 9 of the blog, where that language has fewer pages, leads to its blog), else
 * that language's home page (a not-found page leads home in every language).
 */
export function languageEntries({ language, href, route, routes }: PageContext): LanguageEntry[] {
  const here = href(route.id);
  const elsewhere = (code: string) => (route.parent && routes.has(code, route.parent) ? routes.href(code, route.parent) : routes.href(code, "home"));
  return languages.map((other) => ({
    ...other,
    href: route.template !== "not-found" && routes.has(other.code, route.id) ? switchLanguagePath(here, other.url) : elsewhere(other.code),
    current: other.code === language.code,
  }));
}

/** One link per language; `data-lang` is what src/client/language-choice.ts stores on a click. */
function languageLinks(entries: LanguageEntry[], className: (current: boolean) => string) {
  return entries.map((entry) => (
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
}

const dropdownLink = (current: boolean) => `flex items-center gap-2 rounded-lg px-3 py-2 ${current ? "bg-sky-50 font-semibold" : "hover:bg-slate-100"}`;
const listStyle = "absolute z-50 mt-2 max-h-[calc(100dvh-100%)] w-52 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 text-slate-900 shadow-xl";

/** The home hero's switcher: a dropdown on phones, a row of flags on wider screens. */
export function LanguageSwitcher() {
  const page = usePage();
  const { language, t } = page;
  const entries = languageEntries(page);
  return (
    <Island
      name="language-switcher"
      component={Switcher}
      props={{ label: t("common.chooseLanguage"), variant: "hero" }}
      slots={{
        dropdown: (
          <>
            <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-xl border border-white/30 bg-white/10 px-3 py-2 text-white [&::-webkit-details-marker]:hidden">
              <Icon name="globe" className="size-5" />
              <span className="sr-only">{t("common.label", { label: t("common.chooseLanguage") })} </span>
              <Flag code={language.flag} />
              <span>{language.label}</span>
              <Icon name="chevron-down" className="size-4" />
            </summary>
            <ul className={`left-0 ${listStyle}`}>{languageLinks(entries, dropdownLink)}</ul>
          </>
        ),
        row: (
          <ul className="flex flex-wrap gap-2">
            {languageLinks(
              entries,
              (current) =>
                `flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm text-white ${current ? "bg-white/20 ring-1 ring-white/60" : "hover:bg-white/10"}`,
            )}
          </ul>
        ),
      }}
    />
  );
}

/** The top bar's language control, on every page: the current language's code, opening the list. */
export function HeaderLanguage() {
  const page = usePage();
  const { language, t } = page;
  return (
    <Island
      name="language-switcher"
      component={Switcher}
      props={{ label: t("common.chooseLanguage"), variant: "header" }}
      slots={{
        dropdown: (
          <>
            <summary className="inline-flex h-11 cursor-pointer list-none items-center gap-1 rounded-xl border border-slate-300 px-2 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
              {/* Below 360 px the language's code alone: with a long brand ("Schlüsseldienst") the menu button did not fit. */}
              <Icon name="globe" className="hidden size-5 min-[360px]:block" />
              <span className="sr-only">{t("common.label", { label: t("common.chooseLanguage") })} </span>
              <span className="uppercase">{language.code}</span>
              <Icon name="chevron-down" className="size-4" />
            </summary>
            <ul className={`right-3 sm:right-0 ${listStyle}`}>{languageLinks(languageEntries(page), dropdownLink)}</ul>
          </>
        ),
      }}
    />
  );
}

/** The footer's languages: plain links, no script needed. */
export function FooterLanguages({ className }: { className: string }) {
  const page = usePage();
  return <ul className="flex flex-wrap gap-x-4 gap-y-2">{languageLinks(languageEntries(page), () => `inline-flex items-center gap-2 ${className}`)}</ul>;
}
