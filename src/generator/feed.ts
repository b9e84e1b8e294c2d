import { feedFile } from "../shared/blog.ts";
import { brandFor } from "../shared/business.ts";
import type { SiteConfig } from "../shared/config.ts";
import type { BlogDocument } from "../shared/content.ts";
import { escapeHtml } from "../shared/html.ts";
import { languages } from "../shared/languages.ts";
import { postsIn, type RouteTable } from "../shared/routes.ts";
import type { Locales } from "./load-locales.ts";
import { createMarkdownFinisher } from "./render-markdown.ts";

/** How many of the newest posts a feed carries, each with its full text. */
export const feedEntries = 20;

export interface FeedInput {
  /** The language code, for `xml:lang`. */
  code: string;
  title: string;
  subtitle: string;
  /** Absolute URLs: the feed itself, the blog list it follows, the home page of its language. */
  feedUrl: string;
  blogUrl: string;
  homeUrl: string;
  author: string;
  /** The posts of the language, newest first; the first `feedEntries` go in. */
  posts: BlogDocument[];
  /** A post's absolute URL. */
  postUrl(post: BlogDocument): string;
  /** A post's text as HTML, its links absolute. */
  postHtml(post: BlogDocument): string;
  /** A category's name in the feed's language. */
  categoryName(category: string): string;
  /** The day the feed says it was updated when it has no post yet (YYYY-MM-DD). */
  today: string;
}

const timestamp = (date: string) => `${date}T00:00:00Z`;

/**
 * The Atom 1.0 feed (RFC 4287) of one language's blog: the newest posts with their full text, a
 * summary (the card's excerpt) and their category, every link absolute. Its `updated` is the
 * newest post's, so a build of the same content writes the same feed.
 */
export function createFeed(input: FeedInput): string {
  const posts = input.posts.slice(0, feedEntries);
  const updated = posts.reduce((latest, post) => (post.updated > latest ? post.updated : latest), posts.length ? "" : input.today);
  const entries = posts.map((post) => {
    const url = input.postUrl(post);
    return [
      "<entry>",
      `<id>${escapeHtml(url)}</id>`,
      `<title>${escapeHtml(post.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeHtml(url)}"/>`,
      `<published>${timestamp(post.date)}</published>`,
      `<updated>${timestamp(post.updated)}</updated>`,
      `<category term="${post.category}" label="${escapeHtml(input.categoryName(post.category))}"/>`,
      `<summary>${escapeHtml(post.excerpt)}</summary>`,
      `<content type="html">${escapeHtml(input.postHtml(post))}</content>`,
      "</entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${input.code}">`,
    `<id>${escapeHtml(input.blogUrl)}</id>`,
    `<title>${escapeHtml(input.title)}</title>`,
    `<subtitle>${escapeHtml(input.subtitle)}</subtitle>`,
    `<link rel="self" type="application/atom+xml" href="${escapeHtml(input.feedUrl)}"/>`,
    `<link rel="alternate" type="text/html" hreflang="${input.code}" href="${escapeHtml(input.blogUrl)}"/>`,
    `<updated>${timestamp(updated)}</updated>`,
    `<author><name>${escapeHtml(input.author)}</name><uri>${escapeHtml(input.homeUrl)}</uri></author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}

/** Root-relative links and sources made absolute, and fragments pinned to the page they are on, for a feed reader. */
export function absoluteLinks(html: string, origin: string, pageUrl: string): string {
  return html.replace(/\s(href|src)="(\/(?!\/)|#)/g, (_whole, name: string, start: string) => ` ${name}="${start === "#" ? `${pageUrl}#` : `${origin}/`}`);
}

/** Every language's feed, as files of the output (`en/blog/feed.xml`). */
export function createFeeds({ config, locales, routes, today }: { config: SiteConfig; locales: Locales; routes: RouteTable; today: string }) {
  return languages.map(({ code, url }) => {
    const t = locales.t(code);
    const absolute = (id: string) => `${config.origin}${routes.href(code, id)}`;
    const finish = createMarkdownFinisher((id) => (routes.has(code, id) ? absolute(id) : undefined));
    const content = createFeed({
      code,
      title: t("blogPage.feed.title", { brand: brandFor(config, code) }),
      subtitle: t("blogPage.subtitle"),
      feedUrl: `${config.origin}/${feedFile(url)}`,
      blogUrl: absolute("blog"),
      homeUrl: absolute("home"),
      author: brandFor(config, code),
      posts: postsIn(routes, code),
      postUrl: (post) => absolute(post.id),
      postHtml: (post) => absoluteLinks(finish(post.html), config.origin, absolute(post.id)),
      categoryName: (category) => t(`blogPage.categories.${category}`),
      today,
    });
    return { path: feedFile(url), content };
  });
}
