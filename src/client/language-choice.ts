import { storageKey } from "../shared/language-choice.ts";
import { store } from "./storage.ts";

/**
 * Every link to another language (`a[data-lang]`: the switchers, the footer, the language hint)
 * stores the choice under `lang`, so `/` opens in it next time and no hint is offered again.
 * One listener for the whole page, so links outside any island count too.
 */
export function rememberLanguageChoices(): void {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest?.<HTMLAnchorElement>("a[data-lang]");
    if (link) store(storageKey, link.dataset.lang!);
  });
}
