/**
 * What a page's markup holds that the build reads on every page: its elements and class
 * attributes (for its stylesheet, build-css.ts) and its links and sources (for the site check,
 * check-site.ts). Found in one pass over the page's tags instead of one per reader.
 */
export interface MarkupScan {
  /** The elements in the markup: `<p …>` gives `p`. */
  elements: Set<string>;
  /** The values of its class attributes, each once, in the order they first come. */
  classValues: Set<string>;
  /** Its `<a>`, `<link>`, `<script>`, `<img>` and `<source>` tags, whole (to their `>`), in order. */
  links: LinkTag[];
}

export interface LinkTag {
  /** The tag's name, in lower case. */
  name: "a" | "link" | "script" | "img" | "source";
  /** The tag from its `<` to its `>`, attributes included. */
  tag: string;
}

/**
 * A tag that names another page or file, as a regular expression over the whole page finds it
 * (`/<(a|link|script|img|source)\b[^>]*>/gi`): in any case, followed by no letter, digit or `_`,
 * ending at the first `>`. Tried only at a `<` that may begin one, and never inside one just found.
 */
const linkTag = /(a|link|script|img|source)\b[^>]*>/iy;
const linkNames = new Set(["a", "link", "script", "img", "source"]);
const isUpper = (code: number) => code >= 65 && code <= 90;
const isLower = (code: number) => code >= 97 && code <= 122;

/**
 * A part of a page's markup that outlives the page (the site check's findings, the stylesheets'
 * keys): a copy, since a substring would keep the whole page alive, and a build reads thousands.
 */
export const detached = (text: string): string => Buffer.from(text).toString();

/** Reads a page's markup once (see MarkupScan). */
export function scanMarkup(html: string): MarkupScan {
  const elements = new Set<string>();
  const links: LinkTag[] = [];
  // A scan for "<" rather than a regular expression over the page: several times faster, and run on every page.
  let linksFrom = 0;
  for (let start = html.indexOf("<"); start !== -1; start = html.indexOf("<", start + 1)) {
    let end = start + 1;
    const first = html.charCodeAt(end);
    if (!isLower(first)) {
      // Only written by hand, in a document's own HTML (`<A HREF=…>`): read as the expression would.
      if (isUpper(first) && start >= linksFrom) linksFrom = readLink(html, start, links, linksFrom);
      continue;
    }
    for (let code = first; isLower(code) || (code >= 48 && code <= 57); code = html.charCodeAt(++end));
    const name = html.slice(start + 1, end);
    const next = html[end];
    if (next === ">" || next === "/" || next === " " || next === "\n" || next === "\t" || next === "\r" || next === "\f") elements.add(name);
    if (start >= linksFrom && (linkNames.has(name) || isUpper(html.charCodeAt(end)))) linksFrom = readLink(html, start, links, linksFrom);
  }
  return { elements, classValues: classValuesOf(html), links };
}

/** The link tag at `start` (its `<`), if one is there: added to `links`; where the next may begin. */
function readLink(html: string, start: number, links: LinkTag[], linksFrom: number): number {
  linkTag.lastIndex = start + 1;
  const match = linkTag.exec(html);
  if (!match) return linksFrom;
  links.push({ name: match[1]!.toLowerCase() as LinkTag["name"], tag: html.slice(start, linkTag.lastIndex) });
  return linkTag.lastIndex;
}

function classValuesOf(html: string): Set<string> {
  const values = new Set<string>();
  const attribute = ' class="';
  for (let start = html.indexOf(attribute); start !== -1; start = html.indexOf(attribute, start)) {
    start += attribute.length;
    const end = html.indexOf('"', start);
    if (end === -1) break;
    values.add(html.slice(start, end));
    start = end;
  }
  return values;
}
