import { blogCategories } from "../../shared/content.ts";
import { postsIn } from "../../shared/routes.ts";
import { usePage } from "../context.tsx";
import { Icon } from "../icons.tsx";
import { Layout } from "../Layout.tsx";
import { PageHeader, Section } from "../ui.tsx";

/** Blog cards show at most this many keyword chips. */
export const maxKeywords = 2;

export function Blog() {
  const { t, href, routes, language, formatDate } = usePage();
  const posts = postsIn(routes, language.code);
  const chip =
    "rounded-full border px-4 py-2 text-sm font-semibold border-slate-300 bg-white text-slate-700 hover:bg-slate-100 aria-pressed:border-sky-800 aria-pressed:bg-sky-800 aria-pressed:text-white";
  return (
    <Layout>
      <PageHeader title={t("blogPage.title")} subtitle={t("blogPage.subtitle")} />
      <Section id="posts">
        {/* The chips only filter with script; without it every post shows and the chips stay hidden. */}
        <div role="group" aria-label={t("blogPage.filterLabel")} className="mb-8 hidden flex-wrap gap-2 js:flex" data-blog-filter>
          {["all", ...blogCategories].map((category) => (
            <button key={category} type="button" className={chip} data-filter={category} aria-pressed={category === "all" ? "true" : "false"}>
              {t(`blogPage.categories.${category}`)}
            </button>
          ))}
        </div>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-blog-posts>
          {posts.map((post) => (
            <li key={post.id} data-category={post.category} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
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
            </li>
          ))}
        </ul>
        <p hidden className="text-lg text-slate-600" data-blog-empty>
          {t("blogPage.empty")}
        </p>
      </Section>
    </Layout>
  );
}
