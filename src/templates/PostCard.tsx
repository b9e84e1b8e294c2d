import type { BlogDocument } from "../shared/content.ts";
import { usePage } from "./context.tsx";
import { Icon } from "./icons.tsx";
import { Picture } from "./Picture.tsx";
import { keepRangesTogether } from "../shared/typography.ts";

/** Blog cards show at most this many keyword chips. */
export const maxKeywords = 2;

/**
 * What `site dev` shows on a post that `site build` leaves out: "Draft", or "Scheduled for" its
 * date. Published posts show nothing.
 */
export function PostStatus({ post, className = "" }: { post: BlogDocument; className?: string }) {
  const { t, formatDate } = usePage();
  if (!post.draft && !post.scheduled) return null;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-amber-300 px-2.5 py-0.5 text-sm font-semibold text-slate-950 ${className}`}
      data-post-status
    >
      <Icon name="pencil" className="size-4" />
      {post.draft ? t("blogPage.draft") : t("blogPage.scheduled", { date: formatDate(post.date) })}
    </span>
  );
}

/** One post in a list: category, date, title, excerpt, up to two keywords and a read-more link. */
export function PostCard({ post }: { post: BlogDocument }) {
  const { t, href, formatDate, image } = usePage();
  const cover = post.cover && image(post.cover.source);
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-category={post.category}>
      {cover && (
        <Picture
          image={cover}
          alt={post.cover!.alt}
          sizes="(min-width: 1024px) 352px, (min-width: 768px) calc(50vw - 4rem), calc(100vw - 5rem)"
          className="mb-4 aspect-[3/2] rounded-xl object-cover"
        />
      )}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <span className="rounded-full bg-sky-100 px-2.5 py-0.5 font-semibold text-sky-900">{t(`blogPage.categories.${post.category}`)}</span>
        <time dateTime={post.date}>{formatDate(post.date)}</time>
        <PostStatus post={post} />
      </p>
      <h2 className="mt-3 text-xl font-bold text-slate-900">{post.title}</h2>
      <p className="mt-2 text-slate-600">{keepRangesTogether(post.excerpt)}</p>
      {/* Keywords and link at the foot of the card: a row of cards ends them on one line. */}
      <ul className="mt-auto flex flex-wrap gap-2 pt-4" aria-label={t("blogPage.keywords")}>
        {post.keywords.slice(0, maxKeywords).map((keyword) => (
          <li key={keyword} className="rounded-md bg-slate-100 px-2 py-0.5 text-sm text-slate-700">
            {keyword}
          </li>
        ))}
      </ul>
      <a href={href(post.id)} className="mt-5 inline-flex items-center gap-1 self-start font-semibold text-sky-800 hover:underline">
        {t("blogPage.readMore")}
        <span className="sr-only">{`${t("common.label", { label: "" })} ${post.title}`}</span>
        <Icon name="arrow-right" className="size-4" />
      </a>
    </li>
  );
}
