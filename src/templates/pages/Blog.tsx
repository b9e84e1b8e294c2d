import { blogCategories } from "../../shared/content.ts";
import { postsIn } from "../../shared/routes.ts";
import { usePage } from "../context.tsx";
import { Icon } from "../icons.tsx";
import { BlogFilter } from "../islands/BlogFilter.tsx";
import { Island } from "../islands/Island.tsx";
import { Layout } from "../Layout.tsx";
import { PageHeader, Section } from "../ui.tsx";

/** Blog cards show at most this many keyword chips. */
export const maxKeywords = 2;

export function Blog() {
  const { t, href, routes, language, formatDate } = usePage();
  const posts = postsIn(routes, language.code);
  return (
    <Layout>
      <PageHeader title={t("blogPage.title")} subtitle={t("blogPage.subtitle")} />
      <Section id="posts">
        <Island
          name="blog-filter"
          component={BlogFilter}
          props={{
            label: t("blogPage.filterLabel"),
            chips: ["all", ...blogCategories].map((id) => ({ id, text: t(`blogPage.categories.${id}`) })),
            categories: posts.map((post) => post.category),
            empty: t("blogPage.empty"),
          }}
          slots={{
            cards: posts.map((post) => (
              <>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                  <span className="rounded-full bg-sky-100 px-2.5 py-0.5 font-semibold text-sky-900">{t(`blogPage.categories.${post.category}`)}</span>
                  <time dateTime={post.date}>{formatDate(post.date)}</time>
                </p>
                <h2 className="mt-3 text-xl font-bold text-slate-900">{post.title}</h2>
                <p className="mt-2 text-slate-600">{post.excerpt}</p>
                <ul className="mt-4 flex flex-wrap gap-2" aria-label={t("blogPage.keywords")}>
                  {post.keywords.slice(0, maxKeywords).map((keyword) => (
                    <li key={keyword} className="rounded-md bg-slate-100 px-2 py-0.5 text-sm text-slate-700">
                      {keyword}
                    </li>
                  ))}
                </ul>
                <a href={href(post.id)} className="mt-5 inline-flex items-center gap-1 self-start font-semibold text-sky-800 hover:underline">
                  {t("blogPage.readMore")}
                  <span className="sr-only">: {post.title}</span>
                  <Icon name="arrow-right" className="size-4" />
                </a>
              </>
            )),
          }}
        />
      </Section>
    </Layout>
  );
}
