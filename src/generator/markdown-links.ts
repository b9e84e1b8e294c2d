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
 * Every link, image and reference definition in a Markdown text, as marked itself reads them
 * (inline `[a](b)`, autolinks `<b>`, images `![a](b)`, and the definitions `[x]: b` that
 * reference-style links `[a][x]` use), each with the line its target is written on. The text's
 * tokens, when it was lexed already (render-markdown.ts), are not made again.
 */
export function findMarkdownLinks(markdown: string, tokens: Token[] = new Lexer({ gfm: true }).lex(markdown)): MarkdownLink[] {
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
      if (children.length) walk(children, start);
      if (index >= 0) cursor = index + token.raw.length;
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
