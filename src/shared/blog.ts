import type { BlogCategory, BlogDocument } from "./content.ts";

/**
 * Cards on one page of the blog list or of a category. Twelve fill whole rows of one, two and
 * three columns, and a page of twelve Greek or Russian cards, the heaviest, stays under the
 * 14,600-byte budget with its CSS (README: "Performance").
 */
export const postsPerPage = 12;

/** Post folders that would collide with the lists' own URLs (`/en/blog/page/2`, `/en/blog/category/cars`). */
export const reservedSlugs = ["page", "category"] as const;

/**
 * The route id of one page of a list: `listingId(undefined, 1)` → `blog`,
 * `listingId(undefined, 2)` → `blog/page/2`, `listingId("cars", 3)` → `blog/category/cars/page/3`.
 */
export function listingId(category: BlogCategory | undefined, page: number): string {
  const first = category ? `blog/category/${category}` : "blog";
  return page === 1 ? first : `${first}/page/${page}`;
}

/** The feed of one language, inside the output: `feedFile("en")` → `en/blog/feed.xml`. */
export function feedFile(languageUrl: string): string {
  return `${languageUrl}/blog/feed.xml`;
}

/**
 * The page numbers a pagination shows: the first, the last, the current one and its neighbours,
 * with a gap (`null`) where numbers are left out: `pageNumbers(6, 84)` → `[1, null, 5, 6, 7, null, 84]`.
 */
export function pageNumbers(current: number, total: number): (number | null)[] {
  const shown = [...new Set([1, current - 1, current, current + 1, total])].filter((page) => page >= 1 && page <= total).sort((a, b) => a - b);
  const numbers: (number | null)[] = [];
  for (const page of shown) {
    const previous = numbers[numbers.length - 1];
    if (typeof previous === "number" && page - previous === 2) numbers.push(page - 1);
    else if (typeof previous === "number" && page - previous > 2) numbers.push(null);
    numbers.push(page);
  }
  return numbers;
}

/** One page of a list of posts, as the route table holds it. */
export interface Listing {
  /** The category the list shows; none for the whole blog. */
  category?: BlogCategory;
  /** The page number, from 1. */
  page: number;
  /** Per language code: the posts on this page, newest first. */
  posts: Record<string, BlogDocument[]>;
  /** Per language code: how many pages the list has. */
  pages: Record<string, number>;
}

/** What an article shows at its end: posts on the same subject, and the posts before and after it. */
export interface PostNeighbours {
  related: BlogDocument[];
  /** The post published just before this one. */
  older?: BlogDocument;
  /** The post published just after this one. */
  newer?: BlogDocument;
}

/** Related posts an article shows. */
export const relatedCount = 3;

/**
 * For posts of one language, newest first: each post's related posts (the newest of its own
 * category first, then the newest of the others) and the posts published before and after it.
 */
export function postNeighbours(posts: BlogDocument[], index: number): PostNeighbours {
  const post = posts[index]!;
  const related: BlogDocument[] = [];
  for (const sameCategory of [true, false])
    for (const other of posts) {
      if (related.length === relatedCount) break;
      if (other !== post && (other.category === post.category) === sameCategory) related.push(other);
    }
  return { related, older: posts[index + 1], newer: index > 0 ? posts[index - 1] : undefined };
}
