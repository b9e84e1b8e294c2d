import { Lexer, type Token, type Tokens } from "marked";

export interface MarkdownLink {
  kind: "link" | "image" | "definition";
  href: string;
  /** Alt text of an image, text of a link. */
  text: string;
  /** 1-based line within the Markdown text. */
  line: number;
}

/**
 * What would not read on the page as it was meant, with its line: raw HTML (some of which the
 * site's security policy blocks), a main heading (`# Title`: the page has one, its title), a
 * heading that skips a level (`####` under `##`: the outline a screen reader lists has a gap),
 * and a link or image Markdown did not understand, which would show as the text written.
 */
export interface MarkdownNote {
  kind: "html" | "title" | "unread" | "skip";
  raw: string;
  line: number;
}

// `[text](` or `![alt](` left in the text: an address with a space, or one never closed.
const unreadLink = /!?\[[^\]\n]*\]\(/;
// `[text] (route:...)`: a space between the two halves.
const splitLink = /!?\[[^\]\n]*\][ \t]+\((route:|https?:\/\/|mailto:|tel:)/;

/**
 * Every link, image and reference definition in a Markdown text, as marked itself reads them
 * (inline `[a](b)`, autolinks `<b>`, images `![a](b)`, and the definitions `[x]: b` that
 * reference-style links `[a][x]` use), each with the line its target is written on. The text's
 * tokens, when it was lexed already (render-markdown.ts), are not made again. With `notes`,
 * what would not read as it was meant (MarkdownNote) is added to it in the same pass.
 */
export function findMarkdownLinks(markdown: string, tokens: Token[] = new Lexer({ gfm: true }).lex(markdown), notes?: MarkdownNote[]): MarkdownLink[] {
  const found: MarkdownLink[] = [];
  const lineAt = (offset: number) => markdown.slice(0, Math.max(0, offset)).split("\n").length;

  // Each token's raw text is found in the source from where its parent (or previous sibling)
  // starts; nested tokens whose raw text was rewritten (inside a blockquote) take their
  // parent's line.
  const walk = (list: Token[], from: number) => {
    let cursor = from;
    for (const token of list) {
      const index = token.raw ? markdown.indexOf(token.raw, cursor) : -1;
      const start = index >= 0 ? index : cursor;
      if ((token.type === "link" || token.type === "image") && !isReference(token.raw)) {
        const link = token as Tokens.Link | Tokens.Image;
        found.push({ kind: token.type, href: link.href, text: link.text, line: lineAt(start) });
      } else if (token.type === "def") {
        const definition = token as Tokens.Def;
        found.push({ kind: "definition", href: definition.href, text: definition.tag, line: lineAt(start) });
      }
      const children = childTokens(token);
      if (notes) note(token, start, children.length > 0);
      if (children.length) walk(children, start);
      if (index >= 0) cursor = index + token.raw.length;
    }
  };
  // The page's title is its heading of level 1.
  let depth = 1;
  const note = (token: Token, start: number, parent: boolean) => {
    if (token.type === "html") notes!.push({ kind: "html", raw: token.raw.trim(), line: lineAt(start) });
    else if (token.type === "heading") {
      const level = (token as Tokens.Heading).depth;
      if (level === 1) notes!.push({ kind: "title", raw: token.raw.trim(), line: lineAt(start) });
      else if (level > depth + 1) notes!.push({ kind: "skip", raw: token.raw.trim(), line: lineAt(start) });
      depth = level;
    } else if (token.type === "text" && !parent) {
      const match = unreadLink.exec(token.raw) ?? splitLink.exec(token.raw);
      if (match) notes!.push({ kind: "unread", raw: token.raw.slice(match.index).split("\n")[0]!, line: lineAt(start + match.index) });
    }
  };
  walk(tokens, 0);
  return found;
}

/** `[text][label]`, `[label][]` or `[label]`: its target is written (and found) in the definition. */
function isReference(raw: string): boolean {
  return /^!?\[[\s\S]*\]$/.test(raw.trim());
}

function childTokens(token: Token): Token[] {
  const children: Token[] = [];
  if ("tokens" in token && Array.isArray(token.tokens)) children.push(...(token.tokens as Token[]));
  if (token.type === "list") for (const item of (token as Tokens.List).items) children.push(item);
  if (token.type === "table") {
    const table = token as Tokens.Table;
    for (const cell of [...table.header, ...table.rows.flat()]) children.push(...cell.tokens);
  }
  return children;
}
