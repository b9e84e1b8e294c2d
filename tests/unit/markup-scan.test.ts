import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { scanMarkup } from "../../src/generator/markup-scan.ts";
import { useBuiltSite } from "../support/fixture-site.ts";

/** The links and sources as the site check used to find them: one regular expression over the whole page. */
const byExpression = (html: string) =>
  [...html.matchAll(/<(a|link|script|img|source)\b[^>]*>/gi)].map((match) => ({ name: match[1]!.toLowerCase(), tag: match[0] }));

/** The elements as the stylesheet's reader used to find them: every `<` followed by a lower-case name. */
const elementsByExpression = (html: string) => new Set([...html.matchAll(/<([a-z][a-z0-9]*)(?=[>/ \n\t\r\f])/g)].map((match) => match[1]!));

/** The class attributes' values, each once, in the order they first come. */
const classValuesByExpression = (html: string) => new Set([...html.matchAll(/ class="([^"]*)"/g)].map((match) => match[1]!));

function expectAsExpressions(html: string) {
  const scan = scanMarkup(html);
  expect(scan.links).toEqual(byExpression(html));
  expect([...scan.elements]).toEqual([...elementsByExpression(html)]);
  expect([...scan.classValues]).toEqual([...classValuesByExpression(html)]);
}

describe("a page's markup, read once", () => {
  test("finds the links, sources, elements and classes the regular expressions find, however the markup is written", () => {
    const written = [
      '<a href="/en/prices" class="px-4">Prices</a><img src="/a.png" alt="A"><link rel="canonical" href="/en">',
      // Written by hand in a document's own HTML: any case, and tags that only begin like a link.
      '<A HREF="/en/x">X</A><Img SRC="/b.png"><iMG src="/c.png"><liNk href="/d"><SCRIPT src="/e.js"></SCRIPT><Source srcset="/f.avif">',
      '<a-x href="/custom">x</a-x><a_b href="/no"><img2 src="/no"><abbr title="a">a</abbr><span><sourcex src="/no"></span>',
      // A tag inside another's attribute, which the expression reads as part of the first.
      '<a href="x<img src=/inside.png>">x</a><div title="<a href=/in-title>">d</div><p>1 < 2 and a<b</p>',
      '<script>if (a<b && c>d) run("<a href=/in-script>")</script><!-- <a href="/in-comment"> --><a\nhref="/newline"\n>n</a>',
      '<source\tsrcset="/g.avif 1x, /h.avif 2x"><img src="/i.png" class="w-full" alt=""><a class="px-4 text-lg" href="/j">',
      // A tag that never ends.
      '<p class="x">text</p><a href="/never-closed"',
      "",
      "<",
      "<a",
      "plain text, no markup",
    ];
    for (const html of written) expectAsExpressions(html);
  });

  const site = useBuiltSite();

  test("finds on every page of the real site what the regular expressions find", () => {
    const pages = site.result.files.filter((name) => name.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(150);
    for (const page of pages) expectAsExpressions(readFileSync(path.join(site.out, page), "utf8"));
  });
});
