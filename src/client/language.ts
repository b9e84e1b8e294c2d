import { storageKey } from "../shared/languages.ts";
import { store } from "./storage.ts";

/**
 * The language switcher's links already go to the same page in each language; the script
 * remembers the choice (so `/` opens in it next time) and closes the phone dropdown.
 */
export function initLanguageSwitcher(): void {
  for (const root of document.querySelectorAll<HTMLElement>("[data-language-switcher]")) {
    const dropdown = root.querySelector<HTMLDetailsElement>("details[data-language-dropdown]");
    root.addEventListener("click", (event) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-lang]");
      if (!link) return;
      store(storageKey, link.dataset.lang!);
      if (dropdown) dropdown.open = false;
    });
    if (!dropdown) continue;
    dropdown.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !dropdown.open) return;
      dropdown.open = false;
      dropdown.querySelector("summary")!.focus();
    });
    document.addEventListener("click", (event) => {
      if (dropdown.open && !dropdown.contains(event.target as Node)) dropdown.open = false;
    });
  }
}
