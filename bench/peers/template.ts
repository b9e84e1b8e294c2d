// A page template written once and emitted in each peer's own language: Nunjucks (Eleventy), Go
// templates (Hugo) and Astro components. The three peers then run templates of the same markup
// and the same classes, each with its own engine, which is what the benchmark compares.
//
// A template reads a page (`p`, a PeerPage), its language's chrome (`c`, a LanguageChrome) and
// the variables of the loops around it; a path is written as in JavaScript: `p.list.cards`.

/** A value: a path into the data, a string, equality, negation. */
export type Expr = { path: string } | { lit: string } | { eq: [Expr, Expr] } | { not: Expr };

/** An attribute: written as is, a value from the data, one of two strings, or only where a condition holds. */
export type Attr = string | { expr: Expr } | { choose: Expr; then: string; else: string } | { only: Expr; value: string };

export type Node =
  | string
  | { tag: string; attrs: Record<string, Attr>; children: Node[]; astroInline?: boolean }
  | { text: Expr }
  | { raw: Expr }
  | { each: string; as: string; children: Node[] }
  | { when: Expr; then: Node[]; else: Node[] }
  | { icon: string; className: string }
  | { flag: Expr; className: string }
  | { content: true }
  | { stylesheet: true };

const voidTags = new Set(["meta", "link", "br", "hr", "img", "input"]);

export const x = (path: string): Expr => ({ path });
export const lit = (value: string): Expr => ({ lit: value });
export const eq = (a: Expr, b: Expr): Expr => ({ eq: [a, b] });
export const not = (a: Expr): Expr => ({ not: a });
export const value = (path: string): Attr => ({ expr: x(path) });
export const choose = (condition: Expr, then: string, otherwise: string): Attr => ({ choose: condition, then, else: otherwise });
export const only = (condition: Expr, attribute: string): Attr => ({ only: condition, value: attribute });
export const text = (path: string): Node => ({ text: x(path) });
export const raw = (path: string): Node => ({ raw: x(path) });
export const each = (path: string, as: string, ...children: Node[]): Node => ({ each: path, as, children });
export const when = (condition: Expr, then: Node[], otherwise: Node[] = []): Node => ({ when: condition, then, else: otherwise });
export const icon = (name: string, className: string): Node => ({ icon: name, className });
export const flag = (path: string, className: string): Node => ({ flag: x(path), className });
export const content: Node = { content: true };
export const stylesheet: Node = { stylesheet: true };
export const h = (tag: string, attrs: Record<string, Attr>, ...children: Node[]): Node => ({ tag, attrs, children });
/** A script the page keeps as written (Astro would otherwise bundle it). */
export const inlineScript = (attrs: Record<string, Attr>, code = ""): Node => ({ tag: "script", attrs, children: code ? [code] : [], astroInline: true });

const svgOpen = (className: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="${className}" aria-hidden="true" focusable="false"`;
const flagOpen = (className: string) => `<svg viewBox="0 0 27 18" class="${className}" aria-hidden="true" focusable="false"`;

/** What differs between the three languages; the walk over the tree is shared. */
interface Dialect {
  expr(e: Expr): string;
  text(e: Expr): string;
  raw(e: Expr): string;
  attr(name: string, a: Exclude<Attr, string>): string;
  each(path: string, as: string, inner: string): string;
  when(condition: Expr, then: string, otherwise: string): string;
  icon(name: string, className: string): string;
  flag(e: Expr, className: string): string;
  content: string;
  stylesheet: string;
  inline: string;
}

function emit(nodes: Node[], dialect: Dialect): string {
  return nodes.map((node) => emitNode(node, dialect)).join("");
}

function emitNode(node: Node, d: Dialect): string {
  if (typeof node === "string") return node;
  if ("tag" in node) {
    const attrs = Object.entries(node.attrs)
      .map(([name, a]) => (typeof a === "string" ? ` ${name}="${a}"` : d.attr(name, a)))
      .join("");
    const open = `<${node.tag}${attrs}${node.astroInline ? d.inline : ""}>`;
    return voidTags.has(node.tag) ? open : `${open}${emit(node.children, d)}</${node.tag}>`;
  }
  if ("text" in node) return d.text(node.text);
  if ("raw" in node) return d.raw(node.raw);
  if ("each" in node) return d.each(node.each, node.as, emit(node.children, d));
  if ("when" in node) return d.when(node.when, emit(node.then, d), emit(node.else, d));
  if ("icon" in node) return d.icon(node.icon, node.className);
  if ("flag" in node) return d.flag(node.flag, node.className);
  if ("content" in node) return d.content;
  return d.stylesheet;
}

const stylesheetLink = '<link rel="stylesheet" href="/assets/site.css">';

/** Nunjucks, as Eleventy runs it (autoescaped). */
export function nunjucks(nodes: Node[]): string {
  const expr = (e: Expr): string =>
    "path" in e ? e.path : "lit" in e ? JSON.stringify(e.lit) : "eq" in e ? `(${expr(e.eq[0])} == ${expr(e.eq[1])})` : `not (${expr(e.not)})`;
  return emit(nodes, {
    expr,
    text: (e) => `{{ ${expr(e)} }}`,
    raw: (e) => `{{ ${expr(e)} | safe }}`,
    attr: (name, a) =>
      "expr" in a
        ? ` ${name}="{{ ${expr(a.expr)} }}"`
        : "choose" in a
          ? ` ${name}="{% if ${expr(a.choose)} %}${a.then}{% else %}${a.else}{% endif %}"`
          : `{% if ${expr(a.only)} %} ${name}="${a.value}"{% endif %}`,
    each: (path, as, inner) => `{% for ${as} in ${path} %}${inner}{% endfor %}`,
    when: (c, then, otherwise) => `{% if ${expr(c)} %}${then}${otherwise ? `{% else %}${otherwise}` : ""}{% endif %}`,
    icon: (name, className) => `${svgOpen(className)}>{{ icons[${JSON.stringify(name)}] | safe }}</svg>`,
    flag: (e, className) => `${flagOpen(className)}>{{ flags[${expr(e)}] | safe }}</svg>`,
    content: "{{ content | safe }}",
    stylesheet: stylesheetLink,
    inline: "",
  });
}

/**
 * Go's html/template, as Hugo runs it. Hugo lowercases front matter keys, so every key after a
 * variable is written in lower case (hugo.ts lowercases the data to match); links go through
 * safeURL, since html/template would refuse tel: as an unsafe scheme.
 */
export function goTemplate(nodes: Node[]): string {
  const path = (p: string) => {
    const [root, ...keys] = p.split(".");
    return [`$${root}`, ...keys.map((key) => key.toLowerCase())].join(".");
  };
  const expr = (e: Expr): string =>
    "path" in e ? path(e.path) : "lit" in e ? JSON.stringify(e.lit) : "eq" in e ? `(eq ${expr(e.eq[0])} ${expr(e.eq[1])})` : `(not ${expr(e.not)})`;
  const urlAttributes = new Set(["href", "src"]);
  return emit(nodes, {
    expr,
    text: (e) => `{{ ${expr(e)} }}`,
    raw: (e) => `{{ ${expr(e)} | safeHTML }}`,
    attr: (name, a) =>
      "expr" in a
        ? ` ${name}="{{ ${expr(a.expr)}${urlAttributes.has(name) ? " | safeURL" : ""} }}"`
        : "choose" in a
          ? ` ${name}="{{ if ${expr(a.choose)} }}${a.then}{{ else }}${a.else}{{ end }}"`
          : `{{ if ${expr(a.only)} }} ${name}="${a.value}"{{ end }}`,
    each: (p, as, inner) => `{{ range $${as} := ${path(p)} }}${inner}{{ end }}`,
    when: (c, then, otherwise) => `{{ if ${expr(c)} }}${then}${otherwise ? `{{ else }}${otherwise}` : ""}{{ end }}`,
    icon: (name, className) => `${svgOpen(className)}>{{ index $icons ${JSON.stringify(name)} | safeHTML }}</svg>`,
    flag: (e, className) => `${flagOpen(className)}>{{ index $flags ${expr(e)} | safeHTML }}</svg>`,
    content: "{{ .Content }}",
    stylesheet: stylesheetLink,
    inline: "",
  });
}

/** An Astro component's markup (JSX-like expressions; the stylesheet is Astro's own, imported). */
export function astro(nodes: Node[]): string {
  // Optional chaining: a page without a list has no p.list, and JavaScript would throw.
  const path = (p: string) => {
    const [root, first, ...rest] = p.split(".");
    return [first ? `${root}.${first}` : root, ...rest].join("?.");
  };
  const expr = (e: Expr): string =>
    "path" in e ? path(e.path) : "lit" in e ? JSON.stringify(e.lit) : "eq" in e ? `(${expr(e.eq[0])} === ${expr(e.eq[1])})` : `!(${expr(e.not)})`;
  return emit(nodes, {
    expr,
    text: (e) => `{${expr(e)}}`,
    raw: (e) => `<Fragment set:html={${expr(e)}} />`,
    attr: (name, a) =>
      "expr" in a
        ? ` ${name}={${expr(a.expr)}}`
        : "choose" in a
          ? ` ${name}={${expr(a.choose)} ? ${JSON.stringify(a.then)} : ${JSON.stringify(a.else)}}`
          : ` ${name}={${expr(a.only)} ? ${JSON.stringify(a.value)} : undefined}`,
    each: (p, as, inner) => `{(${path(p)} ?? []).map((${as}) => (<>${inner}</>))}`,
    when: (c, then, otherwise) => `{${expr(c)} ? (<>${then}</>) : ${otherwise ? `(<>${otherwise}</>)` : "null"}}`,
    icon: (name, className) => `${svgOpen(className)} set:html={icons[${JSON.stringify(name)}]} />`,
    flag: (e, className) => `${flagOpen(className)} set:html={flags[${expr(e)}]} />`,
    content: "<slot />",
    stylesheet: "",
    inline: " is:inline",
  });
}
