import type { ReactNode } from "react";
import { Static } from "./Static.tsx";

/** Everything is content drawn at build time; the island adds behaviour only. */
export interface BlogFilterProps {
  /** The category chips: links to each category's first page ("all" is the blog itself). */
  chips?: ReactNode;
  /** The cards of this page. */
  posts?: ReactNode;
  /** The links to the other pages of the list. */
  pagination?: ReactNode;
}

const asked = new Set<string>();

/**
 * Asks the browser to fetch, in the background, the page a link of the list leads to, as soon as
 * the visitor shows the intent to follow it (a pointer over it, which a finger's touch is too, or
 * the keyboard's focus), so the next page is usually there by the time the click lands. Once per
 * page; never with Save-Data. No touch listener, so scrolling is never held up.
 */
function prefetch(event: { target: EventTarget | null }) {
  const link = (event.target as Element).closest?.("a[href]") as HTMLAnchorElement | null;
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
  if (!link || saveData || link.origin !== location.origin || link.pathname === location.pathname || asked.has(link.pathname)) return;
  asked.add(link.pathname);
  const hint = document.createElement("link");
  hint.rel = "prefetch";
  hint.href = link.pathname;
  document.head.append(hint);
}

/**
 * A page of the blog's list: the category chips, the cards and the page links. Every chip and
 * page number is a link to a page of its own (its URL, title, canonical and language links), so
 * the address bar, the chips and the back button always agree, with or without script. In the
 * browser, the island makes following those links faster: see prefetch.
 */
export function BlogFilter({ chips, posts, pagination }: BlogFilterProps) {
  return (
    <div onPointerOver={prefetch} onFocus={prefetch} data-blog-list>
      <Static as="div">{chips}</Static>
      <Static as="div">{posts}</Static>
      <Static as="div">{pagination}</Static>
    </div>
  );
}
