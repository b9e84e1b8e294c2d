import { listingId, pageNumbers } from "../shared/blog.ts";
import { usePage } from "./context.tsx";
import { Icon } from "./icons.tsx";

/** The page of the current list before and after this one, by route id, where there is one. */
function neighbourPages(): { previous?: string; next?: string; page: number; pages: number } {
  const { route, language } = usePage();
  const { category, page, pages: byCode } = route.listing!;
  const pages = byCode[language.code] ?? 1;
  return {
    page,
    pages,
    previous: page > 1 ? listingId(category, page - 1) : undefined,
    next: page < pages ? listingId(category, page + 1) : undefined,
  };
}

/**
 * `<link rel="prev">` and `<link rel="next">` in the head of a list's page. Each page of a series
 * is its own canonical page (Google's guidance for paginated content); these say how they chain.
 */
export function SeriesLinks() {
  const { config, href } = usePage();
  const { previous, next } = neighbourPages();
  return (
    <>
      {previous && <link rel="prev" href={config.origin + href(previous)} />}
      {next && <link rel="next" href={config.origin + href(next)} />}
    </>
  );
}

const box = "inline-flex h-10 min-w-9 items-center justify-center gap-1 rounded-lg px-2 font-semibold sm:min-w-10 sm:px-3";
const link = `${box} border border-slate-300 bg-white text-sky-800 hover:bg-slate-100`;

/**
 * Numbered links to the pages of the current list (the first, the last, the current one and its
 * neighbours), with the previous and the next page: one row from 360 px.
 */
export function Pagination() {
  const { t, href } = usePage();
  const { page, pages, previous, next } = neighbourPages();
  if (pages < 2) return null;
  const { category } = usePage().route.listing!;
  return (
    <nav aria-label={t("blogPage.pagination.label")} className="mt-10" data-pagination>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {previous && (
          <li>
            <a href={href(previous)} rel="prev" className={link} aria-label={t("blogPage.pagination.previousPage")}>
              <Icon name="chevron-left" className="size-5" />
              <span className="hidden sm:inline">{t("blogPage.pagination.previous")}</span>
            </a>
          </li>
        )}
        {pageNumbers(page, pages).map((number, index) => {
          if (number === null)
            return (
              <li key={`gap${index}`} className="w-4 text-center text-slate-500" aria-hidden="true">
                …
              </li>
            );
          return (
            <li key={number}>
              {number === page ? (
                <a href={href(listingId(category, number))} aria-current="page" className={`${box} bg-sky-800 text-white`}>
                  <span className="sr-only">{t("blogPage.pagination.page", { page: number })}</span>
                  <span aria-hidden="true">{number}</span>
                </a>
              ) : (
                <a href={href(listingId(category, number))} className={link} aria-label={t("blogPage.pagination.page", { page: number })}>
                  {number}
                </a>
              )}
            </li>
          );
        })}
        {next && (
          <li>
            <a href={href(next)} rel="next" className={link} aria-label={t("blogPage.pagination.nextPage")}>
              <span className="hidden sm:inline">{t("blogPage.pagination.next")}</span>
              <Icon name="chevron-right" className="size-5" />
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
