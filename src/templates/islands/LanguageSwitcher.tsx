import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Static } from "./Static.tsx";

export interface LanguageSwitcherProps {
  /** The accessible name of the row of languages. */
  label: string;
  /**
   * `hero`: the home hero's switcher, a dropdown on phones and a row of flags on wider screens.
   * `header`: the top bar's compact dropdown, on every page at every width.
   */
  variant: "hero" | "header";
  /** The dropdown's summary: the current language (build time only). */
  summary?: ReactNode;
  /** The dropdown's links (build time only). */
  list?: ReactNode;
  /** The row of links wider screens show in the hero (build time only). */
  row?: ReactNode;
}

const summaryStyle = {
  hero: "inline-flex cursor-pointer list-none items-center gap-2 rounded-xl border border-white/30 bg-white/10 px-3 py-2 text-white [&::-webkit-details-marker]:hidden",
  header:
    "inline-flex h-11 cursor-pointer list-none items-center gap-1 rounded-xl border border-slate-300 px-2 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden",
};
const listStyle = {
  hero: "absolute left-0 z-30 mt-2 w-52 rounded-xl border border-slate-200 bg-white p-1 text-slate-900 shadow-xl",
  header: "absolute right-0 z-50 mt-2 w-52 rounded-xl border border-slate-200 bg-white p-1 text-slate-900 shadow-xl",
};

/**
 * Real links to the same page in every language, so switching works before any script runs (the
 * choice is stored under `lang` by src/client/language-choice.ts). The dropdown is a <details>,
 * which opens without script; with script it closes after a choice, on Escape and on a click
 * elsewhere.
 */
export function LanguageSwitcher({ label, variant, summary, list, row }: LanguageSwitcherProps) {
  const [open, setOpen] = useState(false);
  const dropdown = useRef<HTMLDetailsElement>(null);
  // Listening all along (not only once open): a click right after opening closes it too.
  useEffect(() => {
    const onClick = (event: globalThis.MouseEvent) => {
      const details = dropdown.current;
      if (details?.open && (!details.contains(event.target as Node) || (event.target as Element).closest("a"))) setOpen(false);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    dropdown.current?.querySelector("summary")?.focus();
  };
  const hero = variant === "hero";
  return (
    <div className={hero ? "language-switcher" : "relative shrink-0"} data-language-switcher={variant}>
      <details
        ref={dropdown}
        className={hero ? "relative sm:hidden" : undefined}
        data-language-dropdown
        open={open}
        onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
        onKeyDown={onKeyDown}
      >
        <Static as="summary" className={summaryStyle[variant]}>
          {summary}
        </Static>
        <Static as="ul" className={listStyle[variant]}>
          {list}
        </Static>
      </details>
      {hero && (
        <Static as="nav" aria-label={label} className="hidden sm:block">
          {row}
        </Static>
      )}
    </div>
  );
}
