import { defaultLanguage, languages, storageKey } from "../shared/languages.ts";

/**
 * The script of `/`: go to the language the visitor chose before (stored under `lang` by the
 * switchers), else to the first of the browser's preferred languages the site has (the rule of
 * `preferredLanguage`), else to the default language, which the page's meta refresh opens.
 * Inline, because it must run before anything else.
 */
export function rootRedirectScript(): string {
  const map = Object.fromEntries(languages.map((language) => [language.code, language.url]));
  return (
    `(function(){var m=${JSON.stringify(map)},c,p,i;` +
    `try{c=localStorage.getItem(${JSON.stringify(storageKey)})}catch(e){}` +
    `if(!m.hasOwnProperty(c)){p=navigator.languages||[navigator.language];` +
    `for(i=0;i<p.length;i++){c=String(p[i]).toLowerCase().split("-")[0];if(m.hasOwnProperty(c))break}}` +
    `if(m.hasOwnProperty(c))location.replace("/"+m[c]+location.search)})()`
  );
}

/** Marks the document as scripted, so `js:` styles apply before the first paint (no layout shift). */
export const bootScript = 'document.documentElement.classList.add("js")';

function redirectPage(title: string, target: string, script: string): string {
  return `<!DOCTYPE html><html lang="${defaultLanguage.code}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><meta name="robots" content="noindex">${script ? `<script>${script}</script>` : ""}<meta http-equiv="refresh" content="0; url=${target}"><link rel="canonical" href="${target}"></head><body><p><a href="${target}">${title}</a></p></body></html>`;
}

/** `/`: applies the stored language choice, or sends the visitor to the Greek home page. */
export function createRootPage(brand: string): string {
  return redirectPage(brand, `/${defaultLanguage.url}`, rootRedirectScript());
}

/** The root 404.html: static hosts show it for a path outside every language; it goes to /gr. */
export function createRootNotFound(brand: string): string {
  return redirectPage(brand, `/${defaultLanguage.url}`, "");
}

export const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0f172a"/><g fill="none" stroke="#fbbf24" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"><circle cx="11.5" cy="16" r="5"/><path d="M16.5 16H27M23 16v4M26.5 16v3"/></g></svg>\n`;
