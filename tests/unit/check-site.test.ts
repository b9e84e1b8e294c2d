import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { build } from "../../src/generator/build.ts";
import { checkSite } from "../../src/generator/check-site.ts";
import { BuildError } from "../../src/generator/errors.ts";
import { fixtureSite } from "../support/fixture-site.ts";
import { useBuiltSite } from "../support/fixture-site.ts";

async function buildError(scenario: string): Promise<string> {
  const dir = await fixtureSite(scenario);
  try {
    await build({ root: dir, env: {}, warn: () => {} });
  } catch (error) {
    if (error instanceof BuildError) return error.message;
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  throw new Error(`${scenario} built without an error`);
}

describe("the site check stops the build", () => {
  test("on a link to a page or an asset the site does not have, and an image without alt text", async () => {
    expect(await buildError("broken-link")).toMatchInlineSnapshot(`
      "content/pages/terms/en.md: link to /en/price-list, which the site does not have (its page dist/en/terms.html); link to an existing page by its id: [text](route:ID)
      content/pages/terms/en.md: image /images/shop.jpg, which the site does not have (its page dist/en/terms.html); put the photo beside the document and write its file name: ![what it shows](shop.jpg)
      content/pages/terms/en.md: image /images/shop.jpg has no alt text (its page dist/en/terms.html); describe it: ![what it shows](...)

      Build failed: 3 problems."
    `);
  });

  test("on a duplicate title or meta description within a language", async () => {
    expect(await buildError("duplicate-title")).toMatchInlineSnapshot(`
      "content/services/doors/repair/en.md: duplicate title "Door opening | Nafplio Locksmith", also on /en/services/doors/opening (its page dist/en/services/doors/repair.html); make each page's title its own

      Build failed: 1 problem."
    `);
  });
});

describe("the site check, on tampered output", () => {
  const site = useBuiltSite();

  /** Runs the check with one page's HTML (or the sitemap) changed. */
  function check(file: string, edit: (html: string) => string, sitemapEdit: (xml: string) => string = (xml) => xml): string {
    const read = (name: string) => readFileSync(path.join(site.out, name), "utf8");
    const html = new Map(site.result.files.filter((name) => name.endsWith(".html")).map((name) => [name, read(name)]));
    if (file) html.set(file, edit(html.get(file)!));
    const sitemap = sitemapEdit(read("sitemap.xml"));
    const assets = new Set(site.result.files.filter((name) => !name.endsWith(".html")).map((name) => `/${name}`));
    try {
      checkSite({ origin: site.result.config.origin, pages: site.result.pages, html, assets, sitemap });
    } catch (error) {
      return (error as BuildError).message;
    }
    return "no problem";
  }

  test("the untouched site passes", () => {
    expect(check("", (html) => html)).toBe("no problem");
  });

  test("a canonical that is not the page itself", () => {
    expect(
      check("en/prices.html", (html) =>
        html.replace('rel="canonical" href="https://nafplio-locksmith.example/en/prices"', 'rel="canonical" href="https://nafplio-locksmith.example/en"'),
      ),
    ).toMatchInlineSnapshot(`
      "dist/en/prices.html: canonical is https://nafplio-locksmith.example/en, not the page itself (https://nafplio-locksmith.example/en/prices)

      Build failed: 1 problem."
    `);
  });

  test("an hreflang set that is incomplete, lacks x-default or is not reciprocal", () => {
    expect(
      check("de/about.html", (html) =>
        html
          .replace(/<link rel="alternate" hrefLang="fr"[^>]*>/, "")
          .replace(/<link rel="alternate" hrefLang="x-default"[^>]*>/, "")
          .replace('hrefLang="ru" href="https://nafplio-locksmith.example/ru/about"', 'hrefLang="ru" href="https://nafplio-locksmith.example/ru/prices"'),
      ),
    ).toMatchInlineSnapshot(`
      "dist/de/about.html: hreflang set lacks fr, though the page exists in fr
      dist/de/about.html: hreflang set lacks x-default
      dist/de/about.html: hreflang ru points to https://nafplio-locksmith.example/ru/prices, which does not point back
      dist/fr/about.html: hreflang de points to https://nafplio-locksmith.example/de/about, which does not point back
      dist/ru/about.html: hreflang de points to https://nafplio-locksmith.example/de/about, which does not point back

      Build failed: 5 problems."
    `);
  });

  test("a sitemap that disagrees with the pages", () => {
    expect(
      check(
        "",
        (html) => html,
        (xml) => xml.replace("<loc>https://nafplio-locksmith.example/fr/terms</loc>", "<loc>https://nafplio-locksmith.example/fr/conditions</loc>"),
      ),
    ).toMatchInlineSnapshot(`
      "dist/sitemap.xml: lacks https://nafplio-locksmith.example/fr/terms
      dist/sitemap.xml: lists https://nafplio-locksmith.example/fr/conditions, which is not a page of the site

      Build failed: 2 problems."
    `);
  });

  test("a page whose lang attribute differs from its language", () => {
    expect(check("ru/blog.html", (html) => html.replace('<html lang="ru"', '<html lang="en"'))).toMatchInlineSnapshot(`
      "dist/ru/blog.html: <html lang="en"> but the page is in ru

      Build failed: 1 problem."
    `);
  });
});
