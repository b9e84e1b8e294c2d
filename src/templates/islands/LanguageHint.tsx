import { useEffect, useState } from "react";
import { preferredLanguage, storageKey } from "../../shared/language-choice.ts";
import { readStored, store } from "../../client/storage.ts";

export interface LanguageHintProps {
  /** The page's language code. */
  current: string;
  /** The same page in each other language it exists in, with the hint's words in that language. */
  offers: Record<string, { href: string; text: string; close: string }>;
  /** The close button's icon, as SVG markup made at build time. */
  closeIcon: string;
}

/**
 * "This page is also available in English": offered when the browser's preferred language among
 * the page's languages is not the page's own and the visitor has not chosen a language yet. It
 * never redirects, is drawn only in the browser (crawlers and script-less visitors never see it)
 * and floats under the header at the top of the page, so nothing moves. Following it or closing
 * it stores the choice under `lang`.
 */
export function LanguageHint({ current, offers, closeIcon }: LanguageHintProps) {
  const [offered, setOffered] = useState<string>();
  useEffect(() => {
    if (readStored(storageKey)) return;
    const preferred = preferredLanguage(navigator.languages ?? [navigator.language], [current, ...Object.keys(offers)]);
    if (preferred && preferred !== current) setOffered(preferred);
  }, [current, offers]);
  const offer = offered ? offers[offered] : undefined;
  if (!offered || !offer) return null;
  return (
    <aside lang={offered} aria-label={offer.text} data-language-hint className="absolute inset-x-0 top-[6.75rem] z-30 px-4 sm:top-[4.75rem]">
      <p className="mx-auto flex max-w-md items-center gap-2 rounded-xl border border-slate-300 bg-white py-1 pr-1 pl-4 text-sm shadow-lg">
        <a href={offer.href} hrefLang={offered} data-lang={offered} className="min-w-0 flex-1 py-2 font-semibold text-sky-800 underline">
          {offer.text}
        </a>
        <button
          type="button"
          aria-label={offer.close}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
          onClick={() => {
            store(storageKey, current);
            setOffered(undefined);
          }}
          dangerouslySetInnerHTML={{ __html: closeIcon }}
        />
      </p>
    </aside>
  );
}
