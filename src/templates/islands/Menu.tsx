import { useEffect, useRef, useState, type ReactNode } from "react";
import { Static } from "./Static.tsx";

export interface MenuProps {
  /** The toggle's accessible name ("Menu"); aria-expanded says whether it is open. */
  label: string;
  /** The navigation's accessible name. */
  navLabel: string;
  /** The toggle's icons (build time only). */
  icons?: ReactNode;
  /** The navigation's list of links (build time only). */
  links?: ReactNode;
}

/**
 * The phone menu. Without script the navigation is a row of links under the header; with script
 * (the `js` class) it hides behind the toggle. A link, Escape, a click elsewhere or focus moving
 * out of it closes it.
 */
export function Menu({ label, navLabel, icons, links }: MenuProps) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLElement>(null);
  const menu = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) => target instanceof Node && (toggle.current?.contains(target) || menu.current?.contains(target));
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Focus goes back to the toggle only from the menu itself (or from nowhere in particular).
      const focused = document.activeElement;
      setOpen(false);
      if (!focused || focused === document.body || inside(focused)) toggle.current?.focus();
    };
    const onClick = (event: MouseEvent) => {
      if (!inside(event.target)) setOpen(false);
    };
    // Tabbing out of the menu closes it: left open, it would cover the links focus moves on to.
    const onFocus = (event: FocusEvent) => {
      if (!inside(event.target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
      document.removeEventListener("focusin", onFocus);
    };
  }, [open]);
  return (
    <>
      <Static
        as="button"
        type="button"
        id="menu-toggle"
        elementRef={toggle}
        className="group hidden size-11 shrink-0 items-center justify-center rounded-xl border border-slate-300 text-slate-900 js:inline-flex xl:js:hidden"
        aria-expanded={open ? "true" : "false"}
        aria-controls="mobile-menu"
        aria-label={label}
        onClick={() => setOpen(!open)}
      >
        {icons}
      </Static>
      <Static
        as="nav"
        id="mobile-menu"
        elementRef={menu}
        aria-label={navLabel}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-100%)] overflow-y-auto border-y border-slate-200 bg-white xl:hidden js:hidden js:data-open:block"
        data-open={open ? "" : undefined}
        onClick={(event: MouseEvent) => {
          if ((event.target as Element).closest("a")) setOpen(false);
        }}
      >
        {links}
      </Static>
    </>
  );
}
