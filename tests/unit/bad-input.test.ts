import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { build } from "../../src/generator/build.ts";
import { BuildError } from "../../src/generator/errors.ts";
import { fixtureSite } from "../support/fixture-site.ts";
import { repoRoot, runSite } from "../support/servers.ts";

/** Builds a fixture and returns the error text, relative to the fixture folder. */
async function buildError(scenario: string, prepare?: (dir: string) => Promise<void>): Promise<string> {
  const dir = await fixtureSite(scenario);
  await prepare?.(dir);
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    await build({ root: dir, warn: () => {} });
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    return error.message;
  } finally {
    process.chdir(cwd);
    await rm(dir, { recursive: true, force: true });
  }
  throw new Error(`the ${scenario} fixture built without an error`);
}

/** The error text of the real site built with one of its files (`relative`) edited. */
function errorWithEdit(relative: string, edit: (text: string) => string): Promise<string> {
  return buildError("", async (dir) => {
    const file = path.join(dir, relative);
    await writeFile(file, edit(await readFile(file, "utf8")));
  });
}

/** The 1-based line of the project's own `relative` that starts with `start`. */
async function lineStarting(relative: string, start: string): Promise<number> {
  return (await readFile(path.join(repoRoot, relative), "utf8")).split("\n").findIndex((text) => text.startsWith(start)) + 1;
}

describe("bad input stops the build with path:line, the problem and the fix", () => {
  test("malformed front matter", async () => {
    expect(await buildError("malformed-front-matter")).toMatchInlineSnapshot(`
      "content/blog/car-lockout-nafplio/de.md:2:44: front matter is not valid YAML: Missing closing "quote: end the value with the same quote it starts with

      Build failed: 1 problem."
    `);
  });

  test("an unknown blog category", async () => {
    expect(await buildError("unknown-category")).toMatchInlineSnapshot(`
      "content/blog/lock-change-moving/en.md:6:11: unknown category "car"; use one of cars, locks, doors, security, maintenance, keys

      Build failed: 1 problem."
    `);
  });

  test("a missing required field", async () => {
    expect(await buildError("missing-field")).toMatchInlineSnapshot(`
      "content/services/cars/opening/en.md:2:1: missing required field "title" in the front matter; add title: "..."

      Build failed: 1 problem."
    `);
  });

  test("a locale file that is not valid JSON", async () => {
    expect(await buildError("locale-invalid-json")).toMatchInlineSnapshot(`
      "locales/fr/translation.json:9: not valid JSON: Expected double-quoted property name in JSON at position 102; check for a missing comma or quote, or a trailing comma

      Build failed: 1 problem."
    `);
  });

  test("invalid config values", async () => {
    expect(await buildError("invalid-config")).toMatchInlineSnapshot(`
      "site.config.yml:3:8: phone: "call me" is not valid; write it in international form, + and the country code first, e.g. "+30 27520 12345"
      site.config.yml:4:8: email: "info@example" is not valid; e.g. info@example.com
      site.config.yml:8:15: address.postalCode: "2110" is not valid; five digits, e.g. 21100
      site.config.yml:15:10: hours.opens: "8am" is not valid; use 24-hour HH:MM, e.g. "08:00"
      site.config.yml:22:9: origin: "https://nafplio-locksmith.example/" is not valid; scheme and host without a trailing slash, e.g. "https://www.example.gr"
      site.config.yml:29:22: missingTranslations: "maybe" is not allowed; use "error" or "warn"

      Build failed: 6 problems."
    `);
  });

  test("a link to a route that does not exist", async () => {
    expect(await buildError("unknown-route-link")).toMatchInlineSnapshot(`
      "content/pages/terms/en.md:9: link to unknown page "route:services/boats/opening"; use a route id such as "services/armored-doors/opening"

      Build failed: 1 problem."
    `);
  });

  test("problems in several files are collected and reported together", async () => {
    expect(await buildError("many-problems")).toMatchInlineSnapshot(`
      "locales/de/translation.json:2: not valid JSON: Expected ',' or '}' after property value in JSON at position 28; check for a missing comma or quote, or a trailing comma
      content/blog/defender-benefits/en.md:3:14: "description" is 6 characters; write at least 50
      content/blog/defender-benefits/en.md:5:7: invalid "date"; write the date as YYYY-MM-DD, e.g. date: 2024-01-15
      content/blog/defender-benefits/en.md:6:11: unknown category "safety"; use one of cars, locks, doors, security, maintenance, keys
      content/blog/defender-benefits/en.md:10:6: unknown placeholder {{phonenumber}}; use one of {{brand}}, {{town}}, {{phone}}, {{tel}}, {{email}}, {{address}}, {{legalName}}, {{opens}}, {{closes}}, {{messagesRetention}}, {{analyticsRetention}}, {{host}}, {{hostCountry}}, {{mailProvider}}, {{mailProviderCountry}}, {{serverLogFields}}

      Build failed: 5 problems."
    `);
  });

  test("a locale that lacks a key, has an empty string or a stray key", async () => {
    let written = "";
    const message = await buildError("", async (dir) => {
      const file = path.join(dir, "locales/ru/translation.json");
      const data = JSON.parse(await readFile(file, "utf8")) as { nav: Record<string, string> };
      delete data.nav.prices;
      data.nav.blog = " ";
      // The stray key goes first, so its line does not move when the real strings change.
      written = JSON.stringify({ shop: "Магазин", ...data }, null, 2);
      await writeFile(file, written);
    });
    const lines = written.split("\n");
    const blogLine = lines.findIndex((line, index) => line.includes('"blog": " "') && lines.slice(0, index).some((before) => before.includes('"nav":'))) + 1;
    const blogColumn = lines[blogLine - 1]!.indexOf('" "') + 1;
    expect(message).toBe(
      [
        'locales/ru/translation.json: missing key "nav.prices"; add it (the English text is "Prices")',
        'locales/ru/translation.json:2:3: stray key "shop": it is not in locales/en/translation.json; remove or rename it',
        `locales/ru/translation.json:${blogLine}:${blogColumn}: empty string for "nav.blog"; translate it`,
        "",
        "Build failed: 3 problems.",
      ].join("\n"),
    );
  });

  test("a bad value deep in the config is reported at its own line and column", async () => {
    // The third package's price, and a key that is not the config's.
    const message = await errorWithEdit("site.config.yml", (text) =>
      text.replace("price: 350", 'price: "a lot"').replace("sinceYear: 2019", "sinceYear: 2019\nfoundedYear: 2023"),
    );
    const lines = (await readFile(path.join(repoRoot, "site.config.yml"), "utf8")).split("\n");
    const priceLine = lines.findIndex((line) => line.includes("price: 350")) + 2;
    const keyLine = lines.findIndex((line) => line.includes("sinceYear: 2019")) + 2;
    expect(message).toBe(
      [
        `site.config.yml:${keyLine}:1: unknown key "foundedYear"; the keys here are brand, legalName, registryNumber, vatNumber, phone, whatsapp, viber, email, address, geo, hours, foundingYear, sinceYear, spokenLanguages, paymentAccepted, priceRange, origin, analytics, recaptcha, contact, retention, processors, identityChecks, armoredDoorPackages, photos, missingTranslations`,
        `site.config.yml:${priceLine}:14: armoredDoorPackages.packages[2].price: must be a number from 1 to 100000; the price in euro, VAT included`,
        "",
        "Build failed: 2 problems.",
      ].join("\n"),
    );
  });

  test("an environment override that is not valid names the variable", async () => {
    const dir = await fixtureSite();
    try {
      await expect(build({ root: dir, outDir: path.join(dir, "dist"), env: { SITE_ORIGIN: "nafplio.gr" }, warn: () => {} })).rejects.toThrow(
        'SITE_ORIGIN (environment): origin: "nafplio.gr" is not valid; scheme and host without a trailing slash, e.g. "https://www.example.gr"',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("a reference-style link to an unknown page, and an autolink, are reported at their lines", async () => {
    const message = await errorWithEdit("content/pages/terms/en.md", (text) => `${text}\nSee [the old page][old] or <route:nothing>.\n\n[old]: route:nosuch\n`);
    const lines = (await readFile(path.join(repoRoot, "content/pages/terms/en.md"), "utf8")).split("\n").length;
    expect(message).toBe(
      [
        `content/pages/terms/en.md:${lines + 1}: link to unknown page "route:nothing"; use a route id such as "contact"`,
        `content/pages/terms/en.md:${lines + 3}: link to unknown page "route:nosuch"; use a route id such as "contact"`,
        "",
        "Build failed: 2 problems.",
      ].join("\n"),
    );
  });

  test("a conditional part with an unknown fact, or never closed, is reported where it is written", async () => {
    const message = await errorWithEdit("content/pages/terms/en.md", (text) => `${text}\n{{#recaptha}}\nA.\n{{/recaptha}}\n\n{{#analytics}}\nB.\n`);
    const lines = (await readFile(path.join(repoRoot, "content/pages/terms/en.md"), "utf8")).split("\n").length;
    expect(message).toBe(
      [
        `content/pages/terms/en.md:${lines + 1}:1: unknown condition {{#recaptha}}; use one of {{#identityChecks}}, {{#recaptcha}}, {{#analytics}}, {{#google}}, each closed by {{/name}}`,
        `content/pages/terms/en.md:${lines + 3}:1: unknown condition {{/recaptha}}; use one of {{#identityChecks}}, {{#recaptcha}}, {{#analytics}}, {{#google}}, each closed by {{/name}}`,
        `content/pages/terms/en.md:${lines + 5}:1: {{#analytics}} is never closed; end the part with {{/analytics}}`,
        "",
        "Build failed: 3 problems.",
      ].join("\n"),
    );
  });

  test("a date that is not a day of the calendar", async () => {
    const message = await errorWithEdit("content/blog/defender-benefits/en.md", (text) => text.replace(/^date: .*$/m, "date: 2024-02-30"));
    expect(message).toMatch(
      /^content\/blog\/defender-benefits\/en\.md:\d+:7: invalid "date"; write the date as YYYY-MM-DD, e\.g\. date: 2024-01-15\n\nBuild failed: 1 problem\.$/,
    );
  });

  test("a post updated before it was published", async () => {
    const post = "content/blog/car-lockout-nafplio/en.md";
    const message = await errorWithEdit(post, (text) => text.replace("\ndate: 2024-01-15\n", "\ndate: 2024-01-15\nupdated: 2023-12-01\n"));
    expect(message).toBe(
      [
        `${post}:6:10: "updated" (2023-12-01) is before "date" (2024-01-15): a post is updated after it is published; correct one of them`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
  });

  test("a draft flag that is not true or false", async () => {
    const message = await errorWithEdit("content/blog/defender-benefits/en.md", (text) => text.replace(/^date: (.*)$/m, 'date: $1\ndraft: "yes"'));
    const line = (await lineStarting("content/blog/defender-benefits/en.md", "date:")) + 1;
    expect(message).toBe(
      [
        `content/blog/defender-benefits/en.md:${line}:8: "draft" is "yes"; write draft: true (site dev shows it, site build leaves it out) or draft: false`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
  });

  test("a field the front matter does not know, each at its own line, with the field meant", async () => {
    // `drafts: true` would otherwise publish the post as if it had no draft flag.
    const message = await errorWithEdit("content/blog/defender-benefits/en.md", (text) =>
      text.replace(/^date: (.*)$/m, "date: $1\ndrafts: true\nauthor: Nikos"),
    );
    const line = (await lineStarting("content/blog/defender-benefits/en.md", "date:")) + 1;
    const fields = "title, description, image, imageAlt, excerpt, date, updated, category, draft, keywords";
    expect(message).toBe(
      [
        `content/blog/defender-benefits/en.md:${line}:1: unknown field "drafts"; did you mean "draft"? The fields here are ${fields}`,
        `content/blog/defender-benefits/en.md:${line + 1}:1: unknown field "author"; the fields here are ${fields}`,
        "",
        "Build failed: 2 problems.",
      ].join("\n"),
    );
  });

  test("a number without its country code, which a visitor calling from abroad could not dial", async () => {
    const message = await errorWithEdit("site.config.yml", (text) => text.replace(/^phone: .*$/m, 'phone: "27520 12345"'));
    const line = await lineStarting("site.config.yml", "phone:");
    expect(message).toBe(
      [
        `site.config.yml:${line}:8: phone: "27520 12345" is not valid; write it in international form, + and the country code first, e.g. "+30 27520 12345"`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
  });

  test("a brand written per language must name every language", async () => {
    const message = await errorWithEdit("site.config.yml", (text) => text.replace(/^ {2}ru: Слесарь Нафплион\n/m, "  es: Cerrajero Nauplia\n"));
    const line = await lineStarting("site.config.yml", "brand:");
    expect(message).toBe(
      [
        `site.config.yml:${line}:1: brand.ru: is required; add ru: ... under brand: in site.config.yml; write the brand in every language of the site, or one name for all`,
        `site.config.yml:${line + 5}:3: brand: unknown key "es"; the keys here are el, en, de, fr, ru`,
        "",
        "Build failed: 2 problems.",
      ].join("\n"),
    );
  });

  test("two posts with the same slug in one language, and a slug the blog's own pages use", async () => {
    const message = await buildError("", async (dir) => {
      await mkdir(path.join(dir, "content/blog/2023/defender-benefits"), { recursive: true });
      await mkdir(path.join(dir, "content/blog/page"), { recursive: true });
      const post = await readFile(path.join(dir, "content/blog/defender-benefits/en.md"), "utf8");
      await writeFile(path.join(dir, "content/blog/2023/defender-benefits/en.md"), post);
      await writeFile(path.join(dir, "content/blog/page/en.md"), post);
    });
    expect(message).toMatchInlineSnapshot(`
      "content/blog/defender-benefits/en.md: the slug "defender-benefits" is taken in en by content/blog/2023/defender-benefits/en.md too; rename one of the two folders
      content/blog/page/en.md: the slug "page" is kept for the blog's own pages (/blog/page/2, /blog/category/cars); rename the folder

      Build failed: 2 problems."
    `);
  });

  test("a link to a post that this build does not publish", async () => {
    const message = await buildError("blog-schedule", async (dir) => {
      const file = path.join(dir, "content/pages/terms/en.md");
      await writeFile(file, `${await readFile(file, "utf8")}\nSee [key safes](route:blog/key-safe-draft) and [summer](route:blog/summer-car-heat).\n`);
    });
    const line = (await readFile(path.join(repoRoot, "content/pages/terms/en.md"), "utf8")).split("\n").length + 1;
    expect(message).toBe(
      [
        `content/pages/terms/en.md:${line}: link to "route:blog/key-safe-draft", which is a draft and not published by this build; link to it once it is`,
        `content/pages/terms/en.md:${line}: link to "route:blog/summer-car-heat", which is dated 2099-06-01 and not published by this build; link to it once it is`,
        "",
        "Build failed: 2 problems.",
      ].join("\n"),
    );
  });

  test("a post held back until its date is checked now, as the build of that day will check it", async () => {
    // Found only on the day, the mistakes would stop the build no one watches (a host's daily build).
    const message = await buildError("blog-schedule", async (dir) => {
      const file = path.join(dir, "content/blog/summer-car-heat/en.md");
      const text = await readFile(file, "utf8");
      await writeFile(file, `${text}\nSee [contact](route:kontakt), [key safes](route:blog/key-safe-draft) and [later](route:blog/autumn-keys).\n`);
      await mkdir(path.join(dir, "content/blog/autumn-keys"), { recursive: true });
      await writeFile(
        path.join(dir, "content/blog/autumn-keys/en.md"),
        text
          .replace(/^date: .*$/m, "date: 2099-09-01")
          .replace(/^title: .*$/m, 'title: "Car keys in the autumn"')
          .replace(
            /^description: .*$/m,
            'description: "What the first cold nights of the autumn do to a car key, and how to keep a spare key working in Nafplio."',
          ),
      );
    });
    const line = (await readFile(path.join(repoRoot, "tests/fixtures/blog-schedule/content/blog/summer-car-heat/en.md"), "utf8")).split("\n").length + 1;
    expect(message).toBe(
      [
        `content/blog/summer-car-heat/en.md:${line}: link to unknown page "route:kontakt"; use a route id such as "contact"`,
        `content/blog/summer-car-heat/en.md:${line}: link to "route:blog/key-safe-draft", which is a draft and not published by this build; link to it once it is`,
        `content/blog/summer-car-heat/en.md:${line}: link to "route:blog/autumn-keys", which is dated 2099-09-01, after this post (2099-06-01); link to it once it is published`,
        "",
        "Build failed: 3 problems.",
      ].join("\n"),
    );
    // Its photos too.
    const photo = await buildError("blog-schedule", async (dir) => {
      const file = path.join(dir, "content/blog/summer-car-heat/en.md");
      await writeFile(file, (await readFile(file, "utf8")).replace(/^date: .*$/m, 'date: 2099-06-01\nimage: shade.jpg\nimageAlt: "A car in the shade"'));
    });
    expect(photo).toMatch(/^content\/blog\/summer-car-heat\/en\.md:6:8: image shade\.jpg .*\n\nBuild failed: 1 problem\.$/);
    // And a title another page of its language has, which that day's site check would refuse.
    const title = (await readFile(path.join(repoRoot, "content/blog/car-lockout-nafplio/en.md"), "utf8")).match(/^title: "(.*)"$/m)![1]!;
    const duplicate = await buildError("blog-schedule", async (dir) => {
      const file = path.join(dir, "content/blog/summer-car-heat/en.md");
      await writeFile(file, (await readFile(file, "utf8")).replace(/^title: .*$/m, `title: "${title}"`));
    });
    expect(duplicate).toBe(
      [
        `content/blog/summer-car-heat/en.md: duplicate title "${title}", also in content/blog/car-lockout-nafplio/en.md; make each page's title its own`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
  });

  test("a document in an unknown language", async () => {
    const message = await buildError("", async (dir) => {
      await mkdir(path.join(dir, "content/blog/defender-benefits"), { recursive: true });
      await writeFile(path.join(dir, "content/blog/defender-benefits/es.md"), "---\ntitle: x\n---\n");
    });
    expect(message).toMatchInlineSnapshot(`
      "content/blog/defender-benefits/es.md: unknown language "es" in the file name; name the file after one of el, en, de, fr, ru

      Build failed: 1 problem."
    `);
  });
});

describe("what an owner writes that would not read as meant stops the build, at its line", () => {
  const post = "content/blog/car-lockout-nafplio/en.md";
  /** The post's lines with `added` after them: the problems' text, and the first added line's number. */
  async function withLines(added: string[]): Promise<{ message: string; at: number }> {
    const at = (await readFile(path.join(repoRoot, post), "utf8")).split("\n").length + 1;
    return { message: await errorWithEdit(post, (text) => `${text}\n${added.join("\n")}\n`), at };
  }

  test("a link or photo Markdown could not read, and placeholders a brace short", async () => {
    const { message, at } = await withLines([
      "See ![Our van at the harbour](Van Photo.JPG) here.",
      "",
      "[call us](route:contact",
      "",
      "[call us] (route:contact) now.",
      "",
      "Call {{phone or {tel}.",
    ]);
    expect(message).toBe(
      [
        `${post}:${at}: "![Our van at the harbour](Van Photo.JPG) here." would show as written: an address has no spaces; rename the file without them (van-photo.jpg), or write the address in angle brackets: (<Van Photo.JPG>)`,
        `${post}:${at + 2}: "[call us](route:contact" would show as written: close the link with )`,
        `${post}:${at + 4}: "[call us] (route:contact) now." would show as written: remove the space between ] and (`,
        `${post}:${at + 6}:6: {{ opens a placeholder that is not closed; write it whole, as {{phone}}`,
        `${post}:${at + 6}:17: {tel} has one brace on each side; a placeholder has two: {{tel}}`,
        "",
        "Build failed: 5 problems.",
      ].join("\n"),
    );
  });

  test("relative links, remote photos, scripts and embeds the site's security policy blocks, and a second main heading", async () => {
    const { message, at } = await withLines([
      "[prices](prices) and [our other post](../lock-change-moving/en.md) and [back](../blog)",
      "",
      "![The door](https://example.com/door.jpg)",
      "",
      "<script>alert(1)</script>",
      "",
      '<iframe src="https://www.google.com/maps/embed"></iframe>',
      "",
      '<p onclick="go()">Tap</p>',
      "",
      "Or [run](javascript:go()).",
      "",
      "<style>body{display:none}</style>",
      "",
      "# Another title",
      "",
      '<img src="https://example.com/van.jpg" alt="Our van">',
    ]);
    expect(message).toBe(
      [
        `${post}:${at}: link to "prices" is relative, so it would lead elsewhere from each page's address; link a page by its id (route:prices, if that is the page), or another site by its full address`,
        `${post}:${at}: link to "../lock-change-moving/en.md" is relative, so it would lead elsewhere from each page's address; link a page by its id (route:blog/lock-change-moving, if that is the page), or another site by its full address`,
        `${post}:${at}: link to "../blog" is relative, so it would lead elsewhere from each page's address; link a page by its id (route:blog, if that is the page), or another site by its full address`,
        `${post}:${at + 2}: image https://example.com/door.jpg is on another site, and the site's security policy lets browsers show only its own; save the photo beside the document and write its file name: ![The door](photo.jpg)`,
        `${post}:${at + 4}: <script> is blocked by the site's security policy (or would break the page); remove it`,
        `${post}:${at + 6}: <iframe> is blocked by the site's security policy and would show as an empty box; link to what it shows instead: [Our shop on the map](https://...)`,
        `${post}:${at + 8}: "<p onclick="go()">Tap</p>": event attributes (onclick=...) are blocked by the site's security policy; remove them`,
        `${post}:${at + 10}: link to "javascript:go()", which the site's security policy blocks; link to a page (route:ID) or an address (https://...)`,
        `${post}:${at + 12}: <style> in a document would restyle the whole page; remove it`,
        `${post}:${at + 14}: "# Another title" is a main heading, and the page has one already: its title; make it a section heading: ## Another title`,
        `${post}:${at + 16}: "<img src="https://example.com/van.jpg" alt="Our van">" shows a file from another site, and the site's security policy lets browsers show only its own; save the photo beside the document and write it as ![what it shows](photo.jpg)`,
        "",
        "Build failed: 11 problems.",
      ].join("\n"),
    );
  });

  test("a route link to a part of a page", async () => {
    const { message, at } = await withLines(["See [our hours](route:contact#hours)."]);
    expect(message).toBe(
      [
        `${post}:${at}: link to "route:contact#hours": a route id names a whole page, not a part of it or a query; link the page: route:contact`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
  });

  test("a heading that skips a level", async () => {
    const { message, at } = await withLines(["#### Small print", "", "## Back to a section", "", "### A part of it"]);
    expect(message).toBe(
      [
        `${post}:${at}: "#### Small print" skips a heading level (the outline a screen reader lists would have a gap); make it ### or put a ### heading before it`,
        "",
        "Build failed: 1 problem.",
      ].join("\n"),
    );
  });

  test("a file that is not UTF-8, a front matter never closed, a document with no text, quotes nested past reading, files not named .md", async () => {
    const folder = "content/blog/car-lockout-nafplio";
    const french = await readFile(path.join(repoRoot, folder, "fr.md"), "utf8");
    const firstAccent = french.search(/[^\x00-\x7f]/);
    const message = await buildError("", async (dir) => {
      const file = (code: string) => path.join(dir, folder, `${code}.md`);
      // As an old Windows editor saves it.
      await writeFile(file("fr"), Buffer.from(french, "latin1"));
      const german = await readFile(file("de"), "utf8");
      await writeFile(file("de"), german.replace(/\n---\n/, "\n\n"));
      const russian = await readFile(file("ru"), "utf8");
      await writeFile(file("ru"), russian.slice(0, russian.indexOf("\n---\n", 4) + 5));
      const greek = await readFile(file("el"), "utf8");
      await writeFile(file("el"), `${greek}\n${"> ".repeat(5000)}deep\n`);
      // A byte order mark is read past, as an editor does.
      await writeFile(file("en"), `\ufeff${await readFile(file("en"), "utf8")}`);
      await writeFile(path.join(dir, folder, "en.md.txt"), "as Notepad saves it");
      await writeFile(path.join(dir, "content/blog/lock-change-moving/de.docx"), "a word processor's file");
    });
    const greekLines = (await readFile(path.join(repoRoot, folder, "el.md"), "utf8")).split("\n").length;
    const germanBody =
      (await readFile(path.join(repoRoot, folder, "de.md"), "utf8")).split("\n").findIndex((line, index) => index > 8 && line.trim() !== "") + 1;
    expect(message).toBe(
      [
        `${folder}/en.md.txt: is not read: a document is a text file named en.md; rename it to en.md`,
        `content/blog/lock-change-moving/de.docx: is not read: a document is plain text in Markdown, not a word processor's file; copy its text into a file named de.md (see README, "A blog post")`,
        `${folder}/de.md:1:1: the front matter opened on line 1 is never closed; add a line with --- after its last field (before line ${germanBody})`,
        `${folder}/el.md:${greekLines + 1}: has lists or quotes nested too deep to read (hundreds of levels); keep them a few levels deep`,
        `${folder}/fr.md:${french.slice(0, firstAccent).split("\n").length}:${firstAccent - french.lastIndexOf("\n", firstAccent - 1)}: is not saved as UTF-8 (the characters shown as \ufffd here could not be read); save it as UTF-8 (in Notepad: Save as, Encoding: UTF-8) and build again`,
        `${folder}/ru.md:9: has no text after its front matter; write the page's text below the closing ---`,
        "",
        "Build failed: 6 problems.",
      ].join("\n"),
    );
  });
});

test("front matter the YAML reader refuses is explained in the writer's words: a tab, a field twice, a colon unquoted", async () => {
  const folder = "content/blog/car-lockout-nafplio";
  const message = await buildError("", async (dir) => {
    const edit = async (code: string, change: (text: string) => string) =>
      writeFile(path.join(dir, folder, `${code}.md`), change(await readFile(path.join(dir, folder, `${code}.md`), "utf8")));
    await edit("en", (text) => text.replace("\ndescription:", "\n\tdescription:"));
    await edit("de", (text) => text.replace("\ncategory:", '\ntitle: "Noch ein Titel"\ncategory:'));
    await edit("fr", (text) => text.replace(/\ntitle: "[^"]*"/, "\ntitle: Horaires: 08:00-20:00"));
  });
  expect(message).toBe(
    [
      `${folder}/de.md:6:1: front matter is not valid YAML: "title" is written twice (first on line 2); keep one`,
      `${folder}/en.md:3:1: front matter is not valid YAML: Tabs are not allowed as indentation: indent with spaces, or start the field at the line's beginning`,
      `${folder}/fr.md:2:8: front matter is not valid YAML: Nested mappings are not allowed in compact mappings: a value with a colon in it must be in quotes, e.g. title: "Opening hours: 08:00-20:00"`,
      "",
      "Build failed: 3 problems.",
    ].join("\n"),
  );
});

test("a post's folder named as an address cannot be, and a photo written with other capitals than its file's", async () => {
  const post = "content/blog/car-lockout-nafplio/en.md";
  const folders = await buildError("", async (dir) => {
    for (const name of ["Winter Lockout", "κλειδαριές"]) {
      await mkdir(path.join(dir, "content/blog", name));
      await writeFile(path.join(dir, "content/blog", name, "en.md"), await readFile(path.join(dir, post), "utf8"));
    }
  });
  expect(folders).toBe(
    [
      `content/blog/Winter Lockout/en.md: the folder name "Winter Lockout" is part of the page's address, which uses only a-z, 0-9 and single hyphens; rename the folder to winter-lockout`,
      `content/blog/κλειδαριές/en.md: the folder name "κλειδαριές" is part of the page's address, which uses only a-z, 0-9 and single hyphens; rename the folder, in Latin letters (winter-lockout)`,
      "",
      "Build failed: 2 problems.",
    ].join("\n"),
  );
  const lines = (await readFile(path.join(repoRoot, post), "utf8")).split("\n").length;
  const capitals = await buildError("", async (dir) => {
    await writeFile(path.join(dir, post), `${await readFile(path.join(dir, post), "utf8")}\n![Our van](Van.JPG)\n`);
    await writeFile(path.join(dir, "content/blog/car-lockout-nafplio/van.jpg"), await readFile(path.join(repoRoot, "content/photos/van.jpg")));
  });
  expect(capitals).toBe(
    [
      `${post}:${lines + 1}: image Van.JPG not found: there is no file content/blog/car-lockout-nafplio/Van.JPG, but there is van.jpg (capitals count); write the name as the file has it, or rename the file`,
      "",
      "Build failed: 1 problem.",
    ].join("\n"),
  );
});

test("a failed build exits 1 and leaves the previous output untouched", async () => {
  const dir = await fixtureSite();
  try {
    const first = await runSite(["build", "--root", dir, "--out", path.join(dir, "dist")]);
    expect(first.code).toBe(0);
    const before = await readFile(path.join(dir, "dist/en/prices.html"), "utf8");
    await writeFile(path.join(dir, "content/blog/defender-benefits/en.md"), "---\ntitle: [unclosed\n---\n");
    const second = await runSite(["build", "--root", dir, "--out", path.join(dir, "dist")]);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/^content\/blog\/defender-benefits\/en.md:2:\d+: front matter is not valid YAML/);
    expect(second.stderr).toMatch(/Build failed: 1 problem\.\n$/);
    expect(await readFile(path.join(dir, "dist/en/prices.html"), "utf8")).toBe(before);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
