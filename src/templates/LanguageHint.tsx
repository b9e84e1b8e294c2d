import { usePage } from "./context.tsx";
import { iconMarkup } from "./icons.tsx";
import { Island } from "./islands/Island.tsx";
import { LanguageHint as Hint } from "./islands/LanguageHint.tsx";
import { languageEntries } from "./LanguageSwitcher.tsx";

/**
 * The note offering this page in the browser's language, in that language's own words. Only the
 * languages the page exists in are offered (a not-found page offers none).
 */
export function LanguageHint() {
  const page = usePage();
  const { language, route, routes, tFor } = page;
  if (route.template === "not-found") return null;
  const offers = Object.fromEntries(
    languageEntries(page)
      .filter((entry) => !entry.current && routes.has(entry.code, route.id))
      .map((entry) => {
        const t = tFor(entry.code);
        return [entry.code, { href: entry.href, text: t("languageHint.text"), close: t("languageHint.close") }];
      }),
  );
  if (!Object.keys(offers).length) return null;
  return <Island name="language-hint" component={Hint} props={{ current: language.code, offers, closeIcon: iconMarkup("x", "size-5") }} />;
}
