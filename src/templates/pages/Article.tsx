import type { BlogDocument } from "../../shared/content.ts";
import { usePage } from "../context.tsx";
import { QuickCall, WithSideCard } from "../CallCard.tsx";
import { Layout } from "../Layout.tsx";
import { MoreArticles } from "../MoreArticles.tsx";
import { PostStatus } from "../PostCard.tsx";
import { Cover } from "../Picture.tsx";
import { Breadcrumbs, CallButton, LinkButton, PageHeader, Prose, Section } from "../ui.tsx";
import { keepRangesTogether } from "../../shared/typography.ts";

export function Article() {
  const { document, html, t, href, formatDate } = usePage();
  const post = document as BlogDocument;
  return (
    <Layout>
      <PageHeader title={post.title} subtitle={keepRangesTogether(post.excerpt)} after={<QuickCall />}>
        <Breadcrumbs items={[{ name: t("nav.home"), href: href("home") }, { name: t("nav.blog"), href: href("blog") }, { name: post.title }]} />
        <p className="mb-3 flex flex-wrap items-center gap-3 text-sm text-slate-300">
          <span className="rounded-full bg-white/15 px-2.5 py-0.5 font-semibold text-white">{t(`blogPage.categories.${post.category}`)}</span>
          <span>
            {t("article.published")} <time dateTime={post.date}>{formatDate(post.date)}</time>
          </span>
          <PostStatus post={post} />
        </p>
      </PageHeader>
      <Section>
        <WithSideCard>
          <article>
            <Cover className="mb-8" />
            <Prose html={html!} />
          </article>
          <aside className="mt-10 max-w-3xl rounded-2xl bg-slate-900 p-6 text-white">
            <h2 className="text-xl font-bold">{t("article.ctaTitle")}</h2>
            <p className="mt-1 text-slate-300">{t("article.ctaText")}</p>
            <CallButton className="mt-4" />
          </aside>
          <MoreArticles />
          <LinkButton href={href("blog")} variant="outline" icon="arrow-left" className="mt-8">
            {t("common.allArticles")}
          </LinkButton>
        </WithSideCard>
      </Section>
    </Layout>
  );
}
