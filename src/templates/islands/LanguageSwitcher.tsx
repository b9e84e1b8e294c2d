import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { Static } from "./Static.tsx";

export interface LanguageSwitcherProps {
  /** The accessible name of the row of languages. */
  label: string;
  /**
   * `hero`: the home hero's switcher, a dropdown on phones and a row of flags on wider screens.
   * `header`: the top bar's compact dropdown, on every page at every width.
   */
  variant: "hero" | "header";
  /** The dropdown's content: its summary (the current language) and the links (build time only). */
  dropdown?: ReactNode;
  /** The row of links wider screens show in the hero (build time only). */
  row?: ReactNode;
}

/**
 * Real links to the same page in every language, so switching works before any script runs (the
 * choice is stored under `lang` by src/client/language-choice.ts). The dropdown is a <details>,
 * which opens without script; with script it closes after a choice, on Escape, on a click
 * elsewhere and when focus moves out of it. Its summary and links are drawn at build time and never touched.
 */
export function LanguageSwitcher({ label, variant, dropdown, row }: LanguageSwitcherProps) {
  // Whether it is open is the <details> element's own state: nothing to keep beside it.
  const details = useRef<HTMLDetailsElement>(null);
  const close = () => {
    if (details.current) details.current.open = false;
  };
  // Listening all along (not only once open): a click right after opening closes it too.
  useEffect(() => {
    const outside = (target: EventTarget | null) => !(target instanceof Node && details.current?.contains(target));
    const onClick = (event: globalThis.MouseEvent) => {
      if (details.current?.open && (outside(event.target) || (event.target as Element).closest("a"))) close();
    };
    // Tabbing out of the list closes it: left open, it would cover what focus moves on to.
    const onFocus = (event: FocusEvent) => {
      if (details.current?.open && outside(event.target)) close();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("focusin", onFocus);
    };
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !details.current?.open) return;
    close();
    details.current.querySelector("summary")?.focus();
  };
  const hero = variant === "hero";
  return (
    <div className={hero ? "language-switcher" : "shrink-0 sm:relative"} data-language-switcher={variant}>
      <Static as="details" elementRef={details} className={hero ? "relative sm:hidden" : undefined} data-language-dropdown="" onKeyDown={onKeyDown}>
        {dropdown}
      </Static>
      {hero && (
        <Static as="nav" aria-label={label} className="hidden sm:block">
          {row}
        </Static>
      )}
    </div>
  );
}
