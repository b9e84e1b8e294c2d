import type { Listing, PostNeighbours } from "./blog.ts";
import type { BlogDocument, ContentDocument, ServiceDocument } from "./content.ts";

export type TemplateName = "home" | "services" | "prices" | "about" | "blog" | "contact" | "legal" | "service" | "article" | "not-found";

/** One row of the route table: a page, the languages it exists in, and its documents. */
export interface Route {
  id: string;
  /** The path after the language segment: "" for home, "/prices", "/services/cars/opening". */
  path: string;
  template: TemplateName;
  /** Language codes this page is published in, in language-table order. */
  codes: string[];
  /** The page's Markdown document per language code, for document-backed pages. */
  documents: Record<string, ContentDocument>;
  /** Listed in the sitemap and linked with hreflang (everything but the not-found page). */
  indexable: boolean;
  /** Where a language without this page sends the visitor, if not to its home page: a list's first page. */
  parent?: string;
  /** For the blog list and its pages: the posts of this page in each language. */
  listing?: Listing;
  /** For an article: its related posts and the posts before and after it, in each language. */
  neighbours?: Record<string, PostNeighbours>;
}

export interface RouteTable {
  routes: Route[];
  get(id: string): Route;
  /** `href("el", "services/cars/opening")` → `/gr/services/cars/opening`. */
  href(code: string, id: string): string;
  /** Whether the page `id` exists in language `code`. */
  has(code: string, id: string): boolean;
}

/** The blog posts of one language, newest first. */
export function postsIn(table: RouteTable, code: string): BlogDocument[] {
  return newestFirst(
    table.routes.filter((route) => route.template === "article" && route.codes.includes(code)).map((route) => route.documents[code] as BlogDocument),
  );
}

/** Posts sorted newest first; posts of one day by id, so every build lists them alike. */
export function newestFirst(posts: BlogDocument[]): BlogDocument[] {
  // Plain comparisons: dates are YYYY-MM-DD, ids a-z, 0-9 and hyphens (a locale's rules are slower and change nothing here).
  return posts.sort((a, b) => (a.date === b.date ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.date < b.date ? 1 : -1));
}

/** The service pages of one language and family, in the order of the content folders. */
export function servicesIn(table: RouteTable, code: string, family?: string): ServiceDocument[] {
  const order = ["opening", "key-copy", "immobilizer", "shells-remotes", "repair", "replace-locks", "replace-with-new", "defender-install"];
  const rank = (id: string) => {
    const index = order.indexOf(id.split("/").pop()!);
    return index < 0 ? order.length : index;
  };
  return table.routes
    .filter((route) => route.template === "service" && route.codes.includes(code))
    .map((route) => route.documents[code] as ServiceDocument)
    .filter((document) => !family || document.family === family)
    .sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
}
