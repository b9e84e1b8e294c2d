import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { storageKey } from "../../shared/languages.ts";
import { store } from "../../client/storage.ts";
import { Static } from "./Static.tsx";

export interface LanguageSwitcherProps {
  /** The accessible name of the row of languages. */
  label: string;
  /** The dropdown's summary: the current language (build time only). */
  summary?: ReactNode;
  /** The dropdown's links (build time only). */
  list?: ReactNode;
  /** The row of links wider screens show (build time only). */
  row?: ReactNode;
}

/**
 * Real links to the same page in every language, so switching works before any script runs.
 * Small screens get a dropdown (a <details>, which opens without script), larger ones a row.
 * With script the choice is stored under `lang` (so `/` opens in it next time), and the dropdown
 * closes after a choice, on Escape and on a click elsewhere.
 */
export function LanguageSwitcher({ label, summary, list, row }: LanguageSwitcherProps) {
  const [open, setOpen] = useState(false);
  const dropdown = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!open) return;
    const onClick = (event: globalThis.MouseEvent) => {
      if (!dropdown.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [open]);
  const choose = (event: MouseEvent) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-lang]");
    if (!link) return;
    store(storageKey, link.dataset.lang!);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    dropdown.current?.querySelector("summary")?.focus();
  };
  return (
    <div className="language-switcher" data-language-switcher onClick={choose}>
      <details
        ref={dropdown}
        className="relative sm:hidden"
        data-language-dropdown
        open={open}
        onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
        onKeyDown={onKeyDown}
      >
        <Static
          as="summary"
          className="inline-flex cursor-pointer list-none items-center gap-2 rounded-xl border border-white/30 bg-white/10 px-3 py-2 text-white [&::-webkit-details-marker]:hidden"
        >
          {summary}
        </Static>
        <Static as="ul" className="absolute left-0 z-30 mt-2 w-52 rounded-xl border border-slate-200 bg-white p-1 text-slate-900 shadow-xl">
          {list}
        </Static>
      </details>
      <Static as="nav" aria-label={label} className="hidden sm:block">
        {row}
      </Static>
    </div>
  );
}
