import { Marked } from "marked";
import { escapeHtml } from "../shared/html.ts";
import { keepRangesTogether } from "../shared/typography.ts";

/**
 * Markdown to HTML for one language: `route:ID` links become that language's URL, links that
 * leave the site open safely. Links were checked when the content was loaded; one that still
 * names no page keeps its text and loses nothing but the link, so rendering never fails.
 */
export function createMarkdownRenderer(routeHref: (id: string) => string | undefined): (markdown: string) => string {
  const marked = new Marked({
    gfm: true,
    walkTokens(token) {
      if (token.type === "text" && !("tokens" in token && token.tokens)) token.text = keepRangesTogether(token.text);
    },
    renderer: {
      link({ href, title, tokens }) {
        const text = this.parser.parseInline(tokens);
        const target = href.startsWith("route:") ? routeHref(href.slice("route:".length)) : href;
        if (target === undefined) return text;
        const external = /^https?:\/\//.test(target);
        const titleAttribute = title ? ` title="${escapeHtml(title)}"` : "";
        return `<a href="${escapeHtml(target)}"${titleAttribute}${external ? ' rel="noopener"' : ""}>${text}</a>`;
      },
    },
  });
  return (markdown) => marked.parse(markdown, { async: false });
}
