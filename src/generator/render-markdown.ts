import { Marked } from "marked";
import { escapeHtml } from "../shared/html.ts";
import { keepRangesTogether } from "../shared/typography.ts";

/**
 * Markdown to HTML for one language: `route:ID` links become that language's URL, links that
 * leave the site open safely. Links were checked when the content was loaded; one that still
 * names no page keeps its text and loses nothing but the link, so rendering never fails.
 */
export function createMarkdownRenderer(
  routeHref: (id: string) => string | undefined,
): (markdown: string, image?: (href: string, alt: string) => string | undefined) => string {
  // The document being rendered draws its own images (a <picture> for a photo beside it).
  let drawImage: ((href: string, alt: string) => string | undefined) | undefined;
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
      image({ href, text }) {
        return drawImage?.(href, text) ?? false;
      },
    },
  });
  return (markdown, image) => {
    drawImage = image;
    try {
      return marked.parse(markdown, { async: false });
    } finally {
      drawImage = undefined;
    }
  };
}
