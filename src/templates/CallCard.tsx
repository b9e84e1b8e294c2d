import type { ReactNode } from "react";
import { phoneToTel, spokenLanguageNames } from "../shared/business.ts";
import { usePage } from "./context.tsx";
import { Icon } from "./icons.tsx";
import { CallButton } from "./ui.tsx";

/**
 * Under the heading of a service page or an article, below 1024 px: the number itself, "24/7"
 * and the arrival time in the town centre, in one tap target above the fold.
 */
export function QuickCall() {
  const { config, t } = usePage();
  return (
    <>
      <a
        href={phoneToTel(config.phone)}
        className="mt-6 flex items-center gap-3 rounded-xl bg-amber-400 px-4 py-3 text-slate-950 shadow-sm hover:bg-amber-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-300 sm:inline-flex sm:pr-6 lg:hidden"
        data-quick-call
      >
        <Icon name="phone" className="size-6 shrink-0" />
        <span className="flex min-w-0 flex-col">
          <span className="text-xl font-bold">{config.phone}</span>
          <span className="text-sm font-medium" data-call-note>
            {t("nav.always")} · {t("callCard.arrival")}
          </span>
        </span>
      </a>
      <PhoneLanguages className="mt-2 text-sm text-slate-300 lg:hidden" />
    </>
  );
}

/**
 * On a page in a language the phone is not answered in (German, French, Russian with the
 * config's `[el, en]`), which ones it is: a caller knows before calling. None where it is.
 */
export function PhoneLanguages({ className }: { className: string }) {
  const { config, language, t } = usePage();
  if (config.spokenLanguages.includes(language.code)) return null;
  return (
    <p className={className} data-phone-languages>
      {t("callCard.phoneLanguages", { languages: spokenLanguageNames(config, language) })}
    </p>
  );
}

/**
 * From 1024 px, beside a service page or an article: a card that stays in view while the text
 * scrolls, with the call button, the number, the emergency line, the shop's hours and, where the
 * page has one, the price it starts from.
 */
export function SideCallCard({ priceFrom }: { priceFrom?: string }) {
  const { config, t } = usePage();
  return (
    <aside aria-labelledby="call-card-title" className="hidden lg:block" data-side-call>
      {/* Clear of the header, and below 1280 px without script of the row of links under it. */}
      <div className="sticky top-32 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm js:top-24 xl:top-24">
        <h2 id="call-card-title" className="text-xl font-bold text-slate-900">
          {t("callCard.title")}
        </h2>
        <CallButton size="lg" className="mt-4 w-full">
          <span>{config.phone}</span>
        </CallButton>
        <p className="mt-2 text-sm text-slate-600">
          {t("nav.always")} · {t("callCard.arrival")}
        </p>
        <PhoneLanguages className="mt-1 text-sm text-slate-600" />
        {priceFrom && <p className="mt-4 font-semibold text-slate-900">{t("callCard.priceFrom", { price: priceFrom })}</p>}
        <h3 className="mt-5 flex items-center gap-2 font-semibold text-slate-900">
          <Icon name="clock" className="size-5 text-sky-800" />
          {t("contactPage.hours.title")}
        </h3>
        <ul className="mt-1 space-y-1 text-slate-700">
          <li className="font-semibold">{t("contactPage.hours.emergency")}</li>
          <li>{t("contactPage.hours.regular", { opens: config.hours.opens, closes: config.hours.closes })}</li>
        </ul>
      </div>
    </aside>
  );
}

/** The text of a service page or an article, with the side card beside it from 1024 px. */
export function WithSideCard({ children, priceFrom }: { children: ReactNode; priceFrom?: string }) {
  return (
    <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-12">
      <div className="min-w-0">{children}</div>
      <SideCallCard priceFrom={priceFrom} />
    </div>
  );
}
