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
 * and floats at the top of the page, in the first band's top padding, so nothing moves and nothing is covered. Following it or closing
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
    // One line, no taller than the top padding of every page's first band (2.5rem), right under
    // the header: it covers no link, button or heading. With the phone's text enlarged it wraps
    // and grows rather than pushing its close button off the screen.
    <aside lang={offered} aria-label={offer.text} data-language-hint className="absolute inset-x-0 top-[6.25rem] z-30 px-4 sm:top-16">
      <p className="mx-auto flex min-h-10 max-w-sm items-center gap-1 rounded-b-xl border border-t-0 border-slate-300 bg-white pl-4 text-sm shadow-md">
        <a href={offer.href} hrefLang={offered} data-lang={offered} className="flex min-h-6 flex-1 items-center font-semibold text-sky-800 underline">
          {offer.text}
        </a>
        <button
          type="button"
          aria-label={offer.close}
          className="-my-px inline-flex size-10 shrink-0 items-center justify-center rounded-br-xl text-slate-700 hover:bg-slate-100"
          onClick={() => {
            store(storageKey, current);
            setOffered(undefined);
            // The button goes with the hint: focus goes on to the page, not back to its top.
            document.getElementById("main")?.focus({ preventScroll: true });
          }}
          dangerouslySetInnerHTML={{ __html: closeIcon }}
        />
      </p>
    </aside>
  );
}
