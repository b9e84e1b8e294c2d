import type { BlogDocument } from "../shared/content.ts";
import { usePage } from "./context.tsx";
import { Icon } from "./icons.tsx";

/** A post as one line of links: its category and date above its title. */
function PostLine({ post }: { post: BlogDocument }) {
  const { t, href, formatDate } = usePage();
  return (
    <li>
      <a href={href(post.id)} className="block h-full rounded-2xl border border-slate-200 p-4 hover:border-sky-800 hover:bg-slate-50">
        <span className="block text-sm text-slate-600">
          {t(`blogPage.categories.${post.category}`)} · <time dateTime={post.date}>{formatDate(post.date)}</time>
        </span>
        <span className="mt-1 block font-semibold text-sky-800">{post.title}</span>
      </a>
    </li>
  );
}

/** A link to the post before or after this one. */
function Neighbour({ post, rel }: { post: BlogDocument; rel: "older" | "newer" }) {
  const { t, href } = usePage();
  const older = rel === "older";
  return (
    <a
      href={href(post.id)}
      className={`flex items-center gap-3 rounded-2xl border border-slate-200 p-4 hover:border-sky-800 hover:bg-slate-50 ${older ? "" : "flex-row-reverse text-right sm:col-start-2"}`}
      data-neighbour={rel}
    >
      <Icon name={older ? "arrow-left" : "arrow-right"} className="size-5 shrink-0 text-sky-800" />
      <span className="min-w-0">
        <span className="block text-sm text-slate-600">{t(older ? "article.older" : "article.newer")}</span>
        <span className="block font-semibold text-sky-800">{post.title}</span>
      </span>
    </a>
  );
}

/**
 * The end of an article: related posts (the same category first), then the posts published just
 * before and just after it, so a reader who came from a search has somewhere to go next.
 */
export function MoreArticles() {
  const { t, route, language } = usePage();
  const neighbours = route.neighbours?.[language.code];
  if (!neighbours) return null;
  const { related, older, newer } = neighbours;
  return (
    <div className="mt-10 max-w-3xl" data-more-articles>
      {related.length > 0 && (
        <section aria-labelledby="related-title" data-related>
          <h2 id="related-title" className="text-xl font-bold text-slate-900">
            {t("article.related")}
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-3">
            {related.map((post) => (
              <PostLine key={post.id} post={post} />
            ))}
          </ul>
        </section>
      )}
      {(older || newer) && (
        <nav aria-label={t("article.neighbours")} className="mt-8 grid grid-cols-1 gap-3 sm:grid-cols-2" data-post-neighbours>
          {older && <Neighbour post={older} rel="older" />}
          {newer && <Neighbour post={newer} rel="newer" />}
        </nav>
      )}
    </div>
  );
}
