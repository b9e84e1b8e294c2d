import { Marked } from "marked";

/**
 * Markdown to HTML for one language: `route:ID` links become that language's URL,
 * links that leave the site open safely.
 */
export function createMarkdownRenderer(routeHref: (id: string) => string): (markdown: string) => string {
  const marked = new Marked({
    gfm: true,
    renderer: {
      link({ href, title, tokens }) {
        const text = this.parser.parseInline(tokens);
        const target = href.startsWith("route:") ? routeHref(href.slice("route:".length)) : href;
        const external = /^https?:\/\//.test(target);
        const titleAttribute = title ? ` title="${escapeAttribute(title)}"` : "";
        return `<a href="${escapeAttribute(target)}"${titleAttribute}${external ? ' rel="noopener"' : ""}>${text}</a>`;
      },
    },
  });
  return (markdown) => marked.parse(markdown, { async: false });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
