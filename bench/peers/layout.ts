// The peers' page templates, once for all three (template.ts emits them as Nunjucks, Go templates
// and Astro): the frame every page has (head with title, description, canonical, hreflang, feed
// link, Open Graph, the boot script, the stylesheet and the island script; header with the
// navigation, the language control and the call buttons; footer), and the body of each kind of
// page, after src/templates/Layout.tsx, Header.tsx, Footer.tsx and pages/*.tsx.
import { classes as k } from "./classes.ts";
import type { PageKind } from "./pages.ts";
import { choose, content, each, eq, flag, h, icon, inlineScript, lit, only, raw, stylesheet, text, value, when, x, type Attr, type Node } from "./template.ts";

const callButton = (className: string, iconSize: string, ...label: Node[]) =>
  h("a", { href: value("c.tel"), class: className }, icon("phone", `${iconSize} shrink-0`), h("span", { class: k.buttonLabel }, ...label));
const linkButton = (className: string, href: string, iconName: string, iconSize: string, ...label: Node[]) =>
  h("a", { href: value(href), class: className }, icon(iconName, `${iconSize} shrink-0`), h("span", { class: k.buttonLabel }, ...label));
const section = (...children: Node[]) => h("section", { class: k.section }, h("div", { class: k.sectionInner }, ...children));

function head(): Node {
  return h(
    "head",
    {},
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    h("title", {}, text("p.title")),
    h("meta", { name: "description", content: value("p.description") }),
    when(x("p.canonical"), [h("link", { rel: "canonical", href: value("p.canonical") })], ['<meta name="robots" content="noindex">']),
    each("p.alternates", "alt", h("link", { rel: "alternate", hreflang: value("alt.hreflang"), href: value("alt.href") })),
    when(x("p.prev"), [h("link", { rel: "prev", href: value("p.prev") })]),
    when(x("p.next"), [h("link", { rel: "next", href: value("p.next") })]),
    h("link", { rel: "alternate", type: "application/atom+xml", title: value("c.feed.label"), href: value("c.feed.href") }),
    h("meta", { property: "og:type", content: value("p.ogType") }),
    h("meta", { property: "og:site_name", content: value("c.brand") }),
    h("meta", { property: "og:title", content: value("p.title") }),
    h("meta", { property: "og:description", content: value("p.description") }),
    h("meta", { property: "og:locale", content: value("c.ogLocale") }),
    each("p.ogAlternates", "locale", h("meta", { property: "og:locale:alternate", content: value("locale") })),
    when(x("p.canonical"), [h("meta", { property: "og:url", content: value("p.canonical") })]),
    '<meta name="twitter:card" content="summary_large_image"><meta name="theme-color" content="#0f172a"><meta name="format-detection" content="telephone=no">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    inlineScript({}, 'document.documentElement.classList.add("js")'),
    stylesheet,
    inlineScript({ type: "module", src: "/assets/islands.js" }),
  );
}

/** A language link of the header's dropdown or of the footer. */
const languageLink = (className: Attr) =>
  h(
    "li",
    {},
    h(
      "a",
      {
        href: value("l.href"),
        hreflang: value("l.code"),
        lang: value("l.code"),
        "data-lang": value("l.code"),
        "aria-current": only(x("l.current"), "true"),
        class: className,
      },
      flag("l.url", k.flag),
      text("l.label"),
    ),
  );

function header(): Node {
  const current = eq(x("item.id"), x("p.section"));
  const navLink = (linkClass: string, currentClass: string) =>
    each(
      "c.nav",
      "item",
      h(
        "li",
        {},
        h("a", { href: value("item.href"), class: choose(current, currentClass, linkClass), "aria-current": only(current, "page") }, text("item.label")),
      ),
    );
  return h(
    "header",
    { class: k.header },
    h(
      "div",
      { class: k.headerBar },
      h(
        "a",
        { href: value("c.hrefs.home"), class: k.brand },
        h("span", { class: k.brandBadge }, icon("key-round", "size-5")),
        h("span", { class: k.brandName }, text("c.brand")),
      ),
      h("nav", { "aria-label": value("c.s.navMain"), class: k.desktopNav }, h("ul", { class: k.desktopNavList }, navLink(k.navLink, k.navLinkCurrent))),
      h(
        "div",
        { class: k.languageBox, "data-language-switcher": "header" },
        h(
          "details",
          {},
          h(
            "summary",
            { class: k.languageSummary },
            icon("globe", "size-5"),
            h("span", { class: "sr-only" }, text("c.s.chooseLanguage")),
            h("span", { class: "uppercase" }, text("c.code")),
            icon("chevron-down", "size-4"),
          ),
          h("ul", { class: k.languageList }, each("p.languages", "l", languageLink(choose(x("l.current"), k.languageLinkCurrent, k.languageLink)))),
        ),
      ),
      h(
        "a",
        { href: value("c.tel"), class: k.headerCall },
        icon("phone", "size-5"),
        h("span", { class: k.headerCallLabel }, text("c.s.call24")),
        h("span", {}, text("c.phone")),
      ),
      h(
        "button",
        { type: "button", id: "menu-toggle", class: k.menuButton, "aria-expanded": "false", "aria-controls": "mobile-menu", "aria-label": value("c.s.menu") },
        icon("menu", k.menuOpenIcon),
        icon("x", k.menuCloseIcon),
      ),
      h(
        "nav",
        { id: "mobile-menu", "aria-label": value("c.s.navMain"), class: k.mobileNav },
        h(
          "ul",
          { class: k.mobileNavList },
          navLink(k.mobileLink, k.mobileLinkCurrent),
          h(
            "li",
            { class: k.mobileCallItem },
            h(
              "a",
              { href: value("c.tel"), class: k.mobileCall },
              icon("phone", "size-5"),
              h("span", {}, text("c.s.call24")),
              h("span", { class: "whitespace-nowrap" }, text("c.phone")),
            ),
          ),
        ),
      ),
    ),
    h(
      "a",
      { href: value("c.tel"), class: k.callBar },
      icon("phone", "size-5"),
      h("span", { class: "text-lg" }, text("c.phone")),
      '<span aria-hidden="true">·</span>',
      h("span", {}, text("c.s.always")),
    ),
  );
}

function footer(): Node {
  const links = (id: string, heading: string, list: string) =>
    h(
      "nav",
      { "aria-labelledby": id },
      h("h2", { id, class: k.footerHeading }, text(heading)),
      h("ul", { class: k.footerList }, each(list, "f", h("li", {}, h("a", { href: value("f.href"), class: k.footerLink }, text("f.label"))))),
    );
  return h(
    "footer",
    { class: k.footer },
    h(
      "div",
      { class: k.footerGrid },
      h("div", {}, h("p", { class: k.footerBrand }, text("c.brand")), h("p", {}, text("c.s.footerAbout"))),
      links("footer-links", "c.s.quickLinks", "c.footerLinks"),
      links("footer-legal", "c.s.legal", "c.legalLinks"),
      h(
        "div",
        {},
        h("h2", { class: k.footerHeading }, text("c.s.contact")),
        h(
          "ul",
          { class: k.footerContactList },
          h("li", {}, h("a", { href: value("c.tel"), class: `${k.footerIconLink} whitespace-nowrap` }, icon("phone", "size-4 shrink-0"), text("c.phone"))),
          h("li", {}, h("a", { href: value("c.mailto"), class: `${k.footerIconLink} break-all` }, icon("mail", "size-4 shrink-0"), text("c.email"))),
          h("li", { class: "flex gap-2" }, icon("map-pin", "mt-1 size-4 shrink-0"), h("address", { class: "not-italic" }, text("c.address"))),
        ),
      ),
    ),
    h(
      "nav",
      { "aria-labelledby": "footer-languages", class: k.footerLanguages },
      h("h2", { id: "footer-languages", class: k.footerHeading }, text("c.s.languages")),
      h("ul", { class: k.footerLanguageList }, each("p.languages", "l", languageLink(k.footerLanguageLink))),
    ),
    h("div", { class: k.footerLegal }, h("p", {}, text("c.legalLine"))),
  );
}

/** The frame of every page around its body. */
function frame(body: Node[]): Node[] {
  return [
    "<!DOCTYPE html>",
    h(
      "html",
      { lang: value("c.code"), dir: value("c.dir") },
      head(),
      h(
        "body",
        { class: k.body },
        h("a", { href: "#main", class: k.skip }, text("c.s.skip")),
        header(),
        h("main", { id: "main", tabindex: "-1", class: k.main }, ...body),
        footer(),
      ),
    ),
  ];
}

// The dark heading band (PageHeader), with what each kind of page adds to it.
function pageHeader({ articleMeta = false, quickCall = false } = {}): Node {
  return h(
    "div",
    { class: k.pageHeader },
    h(
      "div",
      { class: k.pageHeaderInner },
      when(x("p.breadcrumbs"), [
        h(
          "nav",
          { "aria-label": value("c.s.breadcrumb"), class: k.crumbs },
          h(
            "ol",
            { class: k.crumbList },
            each(
              "p.breadcrumbs",
              "b",
              h(
                "li",
                { class: k.crumbItem },
                when(x("b.sep"), ['<span aria-hidden="true">/</span>']),
                when(
                  x("b.href"),
                  [h("a", { href: value("b.href"), class: k.crumbLink }, text("b.name"))],
                  [h("span", { "aria-current": "page" }, text("b.name"))],
                ),
              ),
            ),
          ),
        ),
      ]),
      ...(articleMeta
        ? [
            h(
              "p",
              { class: k.articleMeta },
              h("span", { class: k.articleCategory }, text("p.article.category")),
              h("span", {}, text("c.s.published"), " ", h("time", { datetime: value("p.article.date") }, text("p.article.dateText"))),
            ),
          ]
        : []),
      h("h1", { class: k.h1 }, text("p.heading")),
      when(x("p.subtitle"), [h("p", { class: k.subtitle }, text("p.subtitle"))]),
      ...(quickCall
        ? [
            h(
              "a",
              { href: value("c.tel"), class: k.quickCall, "data-quick-call": "" },
              icon("phone", "size-6 shrink-0"),
              h(
                "span",
                { class: k.quickCallText },
                h("span", { class: k.quickCallNumber }, text("c.phone")),
                h("span", { class: k.quickCallNote }, text("c.s.always"), " · ", text("c.s.arrival")),
              ),
            ),
          ]
        : []),
    ),
  );
}

/** The text with the call card beside it from 1024 px (CallCard.tsx). */
function withSideCard(...children: Node[]): Node {
  return h(
    "div",
    { class: k.withSide },
    h("div", { class: k.withSideMain }, ...children),
    h(
      "aside",
      { "aria-labelledby": "call-card-title", class: k.side, "data-side-call": "" },
      h(
        "div",
        { class: k.sideCard },
        h("h2", { id: "call-card-title", class: k.sideTitle }, text("c.s.callCardTitle")),
        callButton(`${k.callButtonLarge} mt-4 w-full`, "size-6", h("span", { class: "whitespace-nowrap" }, text("c.phone"))),
        h("p", { class: k.sideNote }, text("c.s.always"), " · ", text("c.s.arrival")),
        h("h3", { class: k.sideHours }, icon("clock", "size-5 text-sky-800"), text("c.s.hoursTitle")),
        h("ul", { class: k.sideHoursList }, h("li", { class: "font-semibold" }, text("c.s.hoursEmergency")), h("li", {}, text("c.s.hoursRegular"))),
      ),
    ),
  );
}

const prose = h("div", { class: k.prose }, content);

/** The closing band of service pages: call, or write (CallBand in pages/Home.tsx). */
const band = h(
  "section",
  { class: k.band, "aria-labelledby": "cta-title" },
  h(
    "div",
    { class: k.bandInner },
    h("div", {}, h("h2", { id: "cta-title", class: k.bandTitle }, text("c.s.bandTitle")), h("p", { class: k.bandText }, text("c.s.bandText"))),
    h(
      "div",
      { class: k.bandButtons },
      callButton(k.callButtonLarge, "size-6", text("c.s.bandCall")),
      linkButton(k.ghostButtonLarge, "c.hrefs.contact", "mail", "size-6", text("c.s.bandContact")),
    ),
  ),
);

function moreArticles(): Node {
  const neighbour = (rel: "older" | "newer") =>
    when(x(`p.article.${rel}`), [
      h(
        "a",
        { href: value(`p.article.${rel}.href`), class: rel === "older" ? k.older : k.newer, "data-neighbour": rel },
        icon(rel === "older" ? "arrow-left" : "arrow-right", k.neighbourIcon),
        h(
          "span",
          { class: "min-w-0" },
          h("span", { class: k.moreMeta }, text(`c.s.${rel}`)),
          h("span", { class: "block font-semibold text-sky-800" }, text(`p.article.${rel}.title`)),
        ),
      ),
    ]);
  return h(
    "div",
    { class: k.more, "data-more-articles": "" },
    h(
      "section",
      { "aria-labelledby": "related-title" },
      h("h2", { id: "related-title", class: k.moreTitle }, text("c.s.related")),
      h(
        "ul",
        { class: k.moreList },
        each(
          "p.article.related",
          "r",
          h(
            "li",
            {},
            h(
              "a",
              { href: value("r.href"), class: k.moreLink },
              h("span", { class: k.moreMeta }, text("r.category"), " · ", h("time", { datetime: value("r.date") }, text("r.dateText"))),
              h("span", { class: k.moreTitleLine }, text("r.title")),
            ),
          ),
        ),
      ),
    ),
    h("nav", { "aria-label": value("c.s.neighbours"), class: k.neighbours }, neighbour("older"), neighbour("newer")),
  );
}

function card(): Node {
  return h(
    "li",
    { class: k.card },
    h(
      "p",
      { class: k.cardMeta },
      h("span", { class: k.cardCategory }, text("card.category")),
      h("time", { datetime: value("card.date") }, text("card.dateText")),
    ),
    h("h2", { class: k.cardTitle }, text("card.title")),
    h("p", { class: k.cardExcerpt }, text("card.excerpt")),
    h(
      "ul",
      { class: k.cardKeywords, "aria-label": value("c.s.keywords") },
      each("card.keywords", "keyword", h("li", { class: k.cardKeyword }, text("keyword"))),
    ),
    h(
      "a",
      { href: value("card.href"), class: k.cardMore },
      text("c.s.readMore"),
      h("span", { class: "sr-only" }, text("c.s.readMorePrefix"), " ", text("card.title")),
      icon("arrow-right", "size-4"),
    ),
  );
}

function pagination(): Node {
  const kind = (name: string) => eq(x("pl.kind"), lit(name));
  return when(x("p.list.paginated"), [
    h(
      "nav",
      { "aria-label": value("c.s.paginationLabel"), class: k.pagination, "data-pagination": "" },
      h(
        "ul",
        { class: k.pageList },
        each(
          "p.list.pages",
          "pl",
          when(
            kind("gap"),
            [`<li class="${k.pageGap}" aria-hidden="true">…</li>`],
            [
              h(
                "li",
                {},
                when(
                  kind("current"),
                  [
                    h(
                      "a",
                      { href: value("pl.href"), "aria-current": "page", class: k.pageCurrent },
                      h("span", { class: "sr-only" }, text("pl.ariaLabel")),
                      h("span", { "aria-hidden": "true" }, text("pl.label")),
                    ),
                  ],
                  [
                    when(
                      kind("prev"),
                      [
                        h(
                          "a",
                          { href: value("pl.href"), rel: "prev", class: k.pageLink, "aria-label": value("pl.ariaLabel") },
                          icon("chevron-left", "size-5"),
                          h("span", { class: k.pageWord }, text("pl.label")),
                        ),
                      ],
                      [
                        when(
                          kind("next"),
                          [
                            h(
                              "a",
                              { href: value("pl.href"), rel: "next", class: k.pageLink, "aria-label": value("pl.ariaLabel") },
                              h("span", { class: k.pageWord }, text("pl.label")),
                              icon("chevron-right", "size-5"),
                            ),
                          ],
                          [h("a", { href: value("pl.href"), class: k.pageLink, "aria-label": value("pl.ariaLabel") }, text("pl.label"))],
                        ),
                      ],
                    ),
                  ],
                ),
              ),
            ],
          ),
        ),
      ),
    ),
  ]);
}

const bodies: Record<PageKind, () => Node[]> = {
  static: () => [raw("p.html")],
  legal: () => [pageHeader(), section(when(x("p.updated"), [h("p", { class: k.updated }, text("p.updated"))]), prose)],
  service: () => [
    pageHeader({ quickCall: true }),
    section(
      withSideCard(
        prose,
        h(
          "div",
          { class: k.serviceButtons },
          callButton(k.callButtonLarge, "size-6", text("c.s.callCta")),
          linkButton(k.outlineButtonLarge, "c.hrefs.services", "arrow-left", "size-6", text("c.s.allServices")),
        ),
      ),
    ),
    band,
  ],
  article: () => [
    pageHeader({ articleMeta: true, quickCall: true }),
    section(
      withSideCard(
        h("article", {}, prose),
        h(
          "aside",
          { class: k.articleCta },
          h("h2", { class: k.articleCtaTitle }, text("c.s.ctaTitle")),
          h("p", { class: k.articleCtaText }, text("c.s.ctaText")),
          callButton(`${k.callButton} mt-4`, "size-5", text("c.s.call")),
        ),
        moreArticles(),
        linkButton(`${k.outlineButton} mt-8`, "c.hrefs.blog", "arrow-left", "size-5", text("c.s.allArticles")),
      ),
    ),
  ],
  list: () => [
    pageHeader(),
    h(
      "section",
      { id: "posts", class: k.section },
      h(
        "div",
        { class: k.sectionInner },
        h(
          "nav",
          { "aria-label": value("c.s.filterLabel"), class: k.chips, "data-blog-filter": "" },
          h(
            "ul",
            { class: k.chipList },
            each(
              "p.list.chips",
              "chip",
              h(
                "li",
                {},
                h(
                  "a",
                  { href: value("chip.href"), class: choose(x("chip.current"), k.chipCurrent, k.chip), "aria-current": only(x("chip.current"), "page") },
                  text("chip.label"),
                ),
              ),
            ),
          ),
        ),
        when(
          x("p.list.empty"),
          [h("p", { class: k.empty }, text("p.list.empty"))],
          [h("ul", { class: k.cards, "data-blog-posts": "" }, each("p.list.cards", "card", card()))],
        ),
        pagination(),
        h(
          "p",
          { class: k.feed },
          h("a", { href: value("c.feed.href"), type: "application/atom+xml", class: k.feedLink }, icon("rss", "size-5"), text("c.s.feedLink")),
        ),
      ),
    ),
  ],
};

export const pageKinds = Object.keys(bodies) as PageKind[];

/** The whole document of one kind of page, as a template tree. */
export function pageTemplate(kind: PageKind): Node[] {
  return frame(bodies[kind]());
}
