import { Marked, Renderer, type Tokens } from "marked";
import { escapeHtml } from "../shared/html.ts";
import { keepRangesTogether } from "../shared/typography.ts";
import { findMarkdownLinks, type MarkdownLink, type MarkdownNote } from "./markdown-links.ts";

// A document is turned into HTML once, when it is read. What only a page can tell is left as a
// mark in its place: a link to a page (`route:ID`, whose URL depends on the language) and an
// image (a <picture> of a photo beside the document, or the <img> Markdown writes). A mark is
// `start target SEPARATOR detail OPEN html CLOSE`; control characters no text carries (any in
// the Markdown are replaced when it is read).
const linkStart = "\u0001";
const imageStart = "\u0004";
const separator = "\u0005";
const open = "\u0002";
const close = "\u0003";
const controls = /[\u0001-\u0005]/g;
const imageMark = /\u0004([^\u0005]*)\u0005([^\u0002]*)\u0002([^\u0003]*)\u0003/g;
const linkMark = /\u0001([^\u0005]*)\u0005([^\u0002]*)\u0002([^\u0003]*)\u0003/g;

const reader = new Marked({
  gfm: true,
  renderer: {
    link({ href, title, tokens }) {
      const text = this.parser.parseInline(tokens);
      const titleAttribute = title ? ` title="${escapeHtml(title)}"` : "";
      if (href.startsWith("route:")) return `${linkStart}${href.slice("route:".length)}${separator}${titleAttribute}${open}${text}${close}`;
      return anchor(href, titleAttribute, text);
    },
    image(token: Tokens.Image) {
      // Marked's own <img>, kept for a page that has no photo by that name (and for the feeds).
      const written = Renderer.prototype.image.call(this, token);
      return `${imageStart}${token.href}${separator}${token.text}${open}${written}${close}`;
    },
    // A table wider than a phone scrolls on its own, and the page stays the screen's width.
    table(token: Tokens.Table) {
      return `<div class="my-4 overflow-x-auto">${Renderer.prototype.table.call(this, token)}</div>\n`;
    },
    tablecell(token: Tokens.TableCell) {
      const cell = Renderer.prototype.tablecell.call(this, token);
      const classes = token.header
        ? `border-b border-slate-300 px-3 py-2 font-semibold text-slate-900${token.align ? "" : " text-left"}`
        : "border-b border-slate-200 px-3 py-2";
      return cell.replace(/^<(th|td)/, `<$1 class="${classes}"`);
    },
  },
});

const anchor = (target: string, titleAttribute: string, text: string) =>
  `<a href="${escapeHtml(target)}"${titleAttribute}${/^https?:\/\//.test(target) ? ' rel="noopener"' : ""}>${text}</a>`;

/**
 * A document's Markdown, read once: its HTML with marks for what the page fills in
 * (createMarkdownFinisher), and every link and image in it with its line (markdown-links.ts).
 * Lexed once for both: lexing is most of Markdown's cost, and a large site has thousands of
 * documents.
 */
export function readMarkdown(markdown: string): { html: string; links: MarkdownLink[]; notes: MarkdownNote[] } {
  const text = markdown.replace(controls, "\uFFFD");
  const tokens = reader.lexer(text);
  const notes: MarkdownNote[] = [];
  const links = findMarkdownLinks(text, tokens, notes);
  // A range of numbers stays on one line ("5–15"): in the text, not in code.
  reader.walkTokens(tokens, (token) => {
    if (token.type === "text" && !("tokens" in token && token.tokens)) token.text = keepRangesTogether(token.text);
  });
  return { html: reader.parser(tokens), links, notes };
}

/**
 * A document's HTML finished for one language: `route:ID` links become that language's URL (one
 * that names no page keeps its text and loses nothing but the link: links were checked when the
 * content was loaded, so rendering never fails), images become what `image` draws, or Markdown's
 * own <img>.
 */
export function createMarkdownFinisher(
  routeHref: (id: string) => string | undefined,
): (html: string, image?: (href: string, alt: string) => string | undefined) => string {
  return (html, image) =>
    html
      .replace(imageMark, (_mark, href: string, alt: string, written: string) => image?.(href, alt) ?? written)
      .replace(linkMark, (_mark, id: string, titleAttribute: string, text: string) => {
        const target = routeHref(id);
        return target === undefined ? text : anchor(target, titleAttribute, text);
      });
}

/** Plain text (a list of words the page makes) as it reads inside a document's HTML. */
export function textAsHtml(text: string): string {
  return escapeHtml(keepRangesTogether(text));
}
