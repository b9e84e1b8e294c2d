import { brandFor, phoneToTel } from "../shared/business.ts";
import { usePage } from "./context.tsx";
import { Icon } from "./icons.tsx";
import { Island } from "./islands/Island.tsx";
import { Menu } from "./islands/Menu.tsx";
import { HeaderLanguage } from "./LanguageSwitcher.tsx";

export const navItems = ["home", "services", "prices", "about", "blog", "contact"] as const;

/** The route a page highlights in the navigation: a service page belongs to services, an article to the blog. */
function sectionOf(routeId: string): string {
  if (routeId.startsWith("services/")) return "services";
  if (routeId.startsWith("blog/")) return "blog";
  return routeId;
}

export function Header() {
  const { t, href, route, config, language } = usePage();
  const current = sectionOf(route.id);
  const link = (id: string, mobile: boolean) => {
    const active = id === current;
    const style = mobile
      ? `block rounded-lg px-3 py-2 js:py-3 js:text-lg ${active ? "bg-sky-50 font-semibold text-sky-800" : "text-slate-800 hover:bg-slate-50"}`
      : `rounded-lg px-2 py-2 whitespace-nowrap xl:px-3 ${active ? "bg-sky-50 font-semibold text-sky-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-950"}`;
    return (
      <li key={id}>
        <a href={href(id)} className={style} aria-current={active ? "page" : undefined}>
          {t(`nav.${id}`)}
        </a>
      </li>
    );
  };
  const tel = phoneToTel(config.phone);
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 min-[360px]:px-4 sm:h-16 sm:gap-3">
        <a href={href("home")} className="mr-auto flex min-w-0 items-center gap-2 overflow-hidden font-bold text-slate-900">
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-900 text-amber-400">
            <Icon name="key-round" className="size-5" />
          </span>
          <span className="text-sm leading-tight wrap-normal sm:text-lg">{brandFor(config, language.code)}</span>
        </a>
        {/* From 1280 px: at 1024 the six links, the languages and the number did not fit in Greek. */}
        <nav aria-label={t("nav.main")} className="hidden xl:block">
          <ul className="flex items-center gap-1">{navItems.map((id) => link(id, false))}</ul>
        </nav>
        <HeaderLanguage />
        <a
          href={tel}
          className="hidden shrink-0 items-center gap-2 rounded-xl bg-amber-400 px-4 py-2.5 font-semibold whitespace-nowrap text-slate-950 hover:bg-amber-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600 sm:inline-flex"
        >
          <Icon name="phone" className="size-5" />
          {/* Beside the number only where the navigation is folded away (768–1279 px). */}
          <span className="hidden md:max-xl:inline">{t("nav.call24")}</span>
          <span>{config.phone}</span>
        </a>
        <Island
          name="menu"
          component={Menu}
          props={{ label: t("common.menu"), navLabel: t("nav.main") }}
          slots={{
            icons: (
              <>
                {/* aria-expanded says open or closed; the icon follows it, the name stays "Menu". */}
                <Icon name="menu" className="size-6 group-aria-expanded:hidden" />
                <Icon name="x" className="hidden size-6 group-aria-expanded:block" />
              </>
            ),
            // Without script this list is the phone's navigation; with script it is the toggled menu.
            links: (
              <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 py-1 text-sm whitespace-nowrap js:flex-col js:p-4 js:text-base">
                {navItems.map((id) => link(id, true))}
                <li className="hidden js:block">
                  <a
                    href={tel}
                    className="mt-2 flex flex-wrap items-center justify-center gap-x-2 rounded-xl bg-amber-400 px-4 py-3 text-center text-lg font-semibold whitespace-normal text-slate-950"
                  >
                    <Icon name="phone" className="size-5" />
                    <span>{t("nav.call24")}</span>
                    <span>{config.phone}</span>
                  </a>
                </li>
              </ul>
            ),
          }}
        />
      </div>
      {/* Phones: the number itself, one tap away on every page, under the top bar. With large text, what
          does not fit is cut at its end, the number first, and never widens the page. */}
      <a
        href={tel}
        className="flex h-11 items-center justify-center justify-center-safe gap-2 overflow-hidden bg-amber-400 px-3 font-semibold whitespace-nowrap text-slate-950 hover:bg-amber-300 focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-sky-700 sm:hidden"
      >
        <Icon name="phone" className="size-5" />
        <span className="text-lg">{config.phone}</span>
        <span aria-hidden="true">·</span>
        <span>{t("nav.always")}</span>
      </a>
    </header>
  );
}
