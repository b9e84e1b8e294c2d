import { listingId, postNeighbours, postsPerPage } from "../shared/blog.ts";
import { blogCategories, type BlogCategory, type BlogDocument } from "../shared/content.ts";
import { languages } from "../shared/languages.ts";
import { newestFirst, type Route, type RouteTable } from "../shared/routes.ts";

/**
 * The blog's lists as rows of the route table: the whole blog and each category, cut into pages
 * of `postsPerPage` (`blog`, `blog/page/2`, `blog/category/cars`, `blog/category/cars/page/2`).
 * A page exists in the languages that have posts enough for it; the first page of the whole blog
 * exists in every language, even before its first post. A category without posts in a language
 * has no page there, and no chip. Every article gets its related posts and its neighbours here too.
 */
export function blogRoutes(articles: Route[]): Route[] {
  const byId = new Map(articles.map((route) => [route.id, route]));
  const lists = new Map<BlogCategory | undefined, Map<string, BlogDocument[]>>([
    [undefined, new Map()],
    ...blogCategories.map((category) => [category, new Map()] as const),
  ]);
  for (const { code } of languages) {
    const posts = newestFirst(articles.filter((route) => route.codes.includes(code)).map((route) => route.documents[code] as BlogDocument));
    posts.forEach((post, index) => {
      const route = byId.get(post.id)!;
      (route.neighbours ??= {})[code] = postNeighbours(posts, index);
    });
    lists.get(undefined)!.set(code, posts);
    for (const category of blogCategories)
      lists.get(category)!.set(
        code,
        posts.filter((post) => post.category === category),
      );
  }

  const routes: Route[] = [];
  for (const [category, postsByCode] of lists) {
    const pages: Record<string, number> = {};
    for (const [code, posts] of postsByCode) pages[code] = Math.ceil(posts.length / postsPerPage) || (category ? 0 : 1);
    const most = Math.max(...Object.values(pages));
    for (let page = 1; page <= most; page++) {
      const codes = languages.map(({ code }) => code).filter((code) => pages[code]! >= page);
      const posts = Object.fromEntries(codes.map((code) => [code, postsByCode.get(code)!.slice((page - 1) * postsPerPage, page * postsPerPage)]));
      const id = listingId(category, page);
      routes.push({
        id,
        path: `/${id}`,
        template: "blog",
        codes,
        documents: {},
        indexable: true,
        parent: page > 1 ? listingId(category, 1) : category ? "blog" : undefined,
        listing: { category, page, posts, pages },
      });
    }
  }
  return routes;
}

/**
 * The lists' first pages under their `/page/1` name, each pointing to the list itself:
 * `{ "/en/blog/page/1": "/en/blog", "/en/blog/category/cars/page/1": "/en/blog/category/cars", ... }`.
 */
export function listingRedirects(table: RouteTable): Record<string, string> {
  const redirects: Record<string, string> = {};
  for (const route of table.routes)
    if (route.listing?.page === 1)
      for (const code of route.codes) {
        const url = table.href(code, route.id);
        redirects[`${url}/page/1`] = url;
      }
  return redirects;
}
