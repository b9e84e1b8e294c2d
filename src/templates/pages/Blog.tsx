import type { TFunction } from "i18next";
import { feedFile, listingId, type Listing } from "../../shared/blog.ts";
import { blogCategories } from "../../shared/content.ts";
import { usePage } from "../context.tsx";
import { Icon } from "../icons.tsx";
import { BlogFilter } from "../islands/BlogFilter.tsx";
import { Island } from "../islands/Island.tsx";
import { Layout } from "../Layout.tsx";
import { Pagination } from "../Pagination.tsx";
import { PostCard } from "../PostCard.tsx";
import { Breadcrumbs, PageHeader, Section } from "../ui.tsx";

export { maxKeywords } from "../PostCard.tsx";

/**
 * The title and meta description of a list's page: the blog's or the category's own on the first
 * page; on the next ones, the same title with the page number and a description that names it.
 */
export function listingMeta({ category, page, pages }: Listing, t: TFunction, code: string): { title: string; description: string } {
  const title = category ? t(`blogCategory.${category}.title`) : t("meta.blog.title");
  if (page === 1) return { title, description: category ? t(`blogCategory.${category}.description`) : t("meta.blog.description") };
  const numbers = { page, pages: pages[code] };
  return {
    title: t("blogPage.pagedTitle", { title, page }),
    description: category ? t(`blogCategory.${category}.pagedDescription`, numbers) : t("blogPage.pagedDescription", numbers),
  };
}

const chipStyle = "inline-block rounded-full border px-4 py-2 text-sm font-semibold";
const chipStyles = {
  current: `${chipStyle} border-sky-800 bg-sky-800 text-white`,
  other: `${chipStyle} border-slate-300 bg-white text-slate-700 hover:bg-slate-100`,
};

/** The blog's list, or a category's, one page of it: chips, cards, page links. */
export function Blog() {
  const { t, href, routes, route, language } = usePage();
  const listing = route.listing!;
  const { category, page } = listing;
  const posts = listing.posts[language.code] ?? [];
  // A category without posts in this language has no page, and so no chip.
  const chips = [undefined, ...blogCategories].filter((chip) => routes.has(language.code, listingId(chip, 1)));
  const crumbs: { name: string; href?: string }[] = [
    { name: t("nav.home"), href: href("home") },
    { name: t("nav.blog"), href: href("blog") },
  ];
  if (category) crumbs.push({ name: t(`blogPage.categories.${category}`), href: page > 1 ? href(listingId(category, 1)) : undefined });
  if (page > 1) crumbs.push({ name: t("blogPage.pagination.page", { page }) });
  return (
    <Layout>
      <PageHeader
        title={category ? t(`blogCategory.${category}.heading`) : t("blogPage.title")}
        subtitle={
          page > 1
            ? t("blogPage.pageOf", { page, pages: listing.pages[language.code] })
            : category
              ? t(`blogCategory.${category}.description`)
              : t("blogPage.subtitle")
        }
      >
        {crumbs.length > 2 && <Breadcrumbs items={crumbs} />}
      </PageHeader>
      <Section id="posts">
        <Island
          name="blog-filter"
          component={BlogFilter}
          props={{}}
          slots={{
            chips: (
              <nav aria-label={t("blogPage.filterLabel")} className="mb-8" data-blog-filter>
                <ul className="flex flex-wrap gap-2">
                  {chips.map((chip) => (
                    <li key={chip ?? "all"}>
                      <a
                        href={href(listingId(chip, 1))}
                        className={chip === category ? chipStyles.current : chipStyles.other}
                        aria-current={chip === category ? (page === 1 ? "page" : "true") : undefined}
                        data-filter={chip ?? "all"}
                      >
                        {t(`blogPage.categories.${chip ?? "all"}`)}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            ),
            posts: posts.length ? (
              <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" data-blog-posts>
                {posts.map((post) => (
                  <PostCard key={post.id} post={post} />
                ))}
              </ul>
            ) : (
              <p className="text-lg text-slate-600" data-blog-empty>
                {t("blogPage.empty")}
              </p>
            ),
            pagination: <Pagination />,
          }}
        />
        <p className="mt-10 text-center">
          <a
            href={`/${feedFile(language.url)}`}
            type="application/atom+xml"
            className="inline-flex items-center gap-2 font-semibold text-sky-800 hover:underline"
          >
            <Icon name="rss" className="size-5" />
            {t("blogPage.feed.link")}
          </a>
        </p>
      </Section>
    </Layout>
  );
}
