import { readFileSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  createCssBuilder,
  extractCandidates,
  extractElements,
  finishRules,
  finishSheet,
  stylesMissingElements,
  utilitiesStart,
} from "../../src/generator/build-css.ts";
import { keepMatchable } from "../../src/generator/cut-sheet.ts";
import { loadConfig } from "../../src/generator/load-config.ts";
import { validateConfig } from "../../src/generator/validate-config.ts";
import { messagingLinks, phoneToTel } from "../../src/shared/business.ts";
import { loadContent } from "../../src/generator/load-content.ts";
import { flatten, loadLocales } from "../../src/generator/load-locales.ts";
import { keepRangesTogether } from "../../src/shared/typography.ts";
import { createRedirects } from "../../src/generator/redirects.ts";
import { createMarkdownFinisher, readMarkdown } from "../../src/generator/render-markdown.ts";
import { dateWriter, pageTitle } from "../../src/generator/render-pages.tsx";
import { resolveRoutes } from "../../src/generator/resolve-routes.ts";
import { postsIn } from "../../src/shared/routes.ts";
import { langToDir, languages, preferredLanguage } from "../../src/shared/languages.ts";
import { rootRedirectScript } from "../../src/generator/root-pages.ts";
import vm from "node:vm";
import { resolvePath } from "../../src/shared/routing.ts";
import { switchLanguagePath, urlToFile } from "../../src/shared/urls.ts";
import { fixtureSite } from "../support/fixture-site.ts";
import fg from "fast-glob";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Icon, type IconName } from "../../src/templates/icons.tsx";
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from "yaml";
import { parseYamlSource } from "../../src/generator/yaml-source.ts";
import { useBuiltSite } from "../support/fixture-site.ts";
import { repoRoot } from "../support/servers.ts";

const configFile = path.join(repoRoot, "site.config.yml");

describe("load config", () => {
  test("reads the business facts and lets the build's environment override the origin and keys", async () => {
    const config = await loadConfig(configFile, {
      SITE_ORIGIN: "https://staging.example.gr",
      GA_MEASUREMENT_ID: "G-ABCDE12345",
      CONTACT_ENDPOINT: "/api/contact",
      CONTACT_FORWARD: "https://forms.example.gr/api/contact",
    });
    expect(config.address.number).toBe("38");
    expect(config.address.postalCode).toBe("21100");
    expect(config.origin).toBe("https://staging.example.gr");
    expect(config.analytics.measurementId).toBe("G-ABCDE12345");
    expect(config.contact.endpoint).toBe("/api/contact");
    expect(config.contact.forward).toBe("https://forms.example.gr/api/contact");
    expect(config.armoredDoorPackages.packages.map((item) => [item.price, item.oldPrice])).toEqual([
      [250, 285],
      [300, 330],
      [350, 380],
    ]);
  });

  test("a config that is not a mapping is refused", () => {
    expect(() => validateConfig("site.config.yml", "just text")).toThrow(/the config must be a YAML mapping/);
  });

  test("the phone becomes a dialable tel: link", () => {
    expect(phoneToTel("+30 690 000 0000")).toBe("tel:+306900000000");
  });
});

describe("load locales", () => {
  test("every language has exactly the English keys, and Greek is looked up as el", async () => {
    const locales = await loadLocales(path.join(repoRoot, "locales"));
    const english = [...flatten(locales.resources.en!).keys()].sort();
    for (const code of ["el", "de", "fr", "ru"]) expect([...flatten(locales.resources[code]!).keys()].sort()).toEqual(english);
    expect(locales.t("el")("nav.contact")).not.toBe(locales.t("en")("nav.contact"));
  });

  test("every string of every language is what i18next itself gives, with or without values", async () => {
    const locales = await loadLocales(path.join(repoRoot, "locales"));
    // i18next as the build sets it up, asked directly (the build's translator reads plain strings itself).
    const i18next = (createRequire(import.meta.url)("i18next") as typeof import("i18next")).createInstance();
    i18next.use({ type: "postProcessor", name: "ranges", process: (value: unknown) => (typeof value === "string" ? keepRangesTogether(value) : value) });
    void i18next.init({
      postProcess: ["ranges"],
      resources: Object.fromEntries(Object.entries(locales.resources).map(([code, messages]) => [code, { translation: messages }])),
      fallbackLng: "en",
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    const keys = [...flatten(locales.resources.en!).keys()];
    const withValues = keys.filter((key) => JSON.stringify(flatten(locales.resources.en!).get(key)).includes("{{"));
    expect(withValues.length).toBeGreaterThan(10);
    for (const { code } of languages) {
      const ours = locales.t(code);
      const theirs = i18next.getFixedT(code);
      for (const key of keys) expect(ours(key), `${code} ${key}`).toEqual(theirs(key));
      for (const key of withValues)
        expect(ours(key, { count: 3, name: "Ana", year: 2026 }), `${code} ${key}`).toEqual(theirs(key, { count: 3, name: "Ana", year: 2026 }));
      // Twice: what was worked out is given again.
      for (const key of keys) expect(ours(key), `${code} ${key}`).toEqual(theirs(key));
    }
  });

  test("with missingTranslations: warn, a missing key falls back to English and is named", async () => {
    const dir = await fixtureSite();
    try {
      const file = path.join(dir, "locales/de/translation.json");
      const data = JSON.parse(await readFile(file, "utf8"));
      delete data.nav.blog;
      await import("node:fs/promises").then((fs) => fs.writeFile(file, JSON.stringify(data)));
      const locales = await loadLocales(path.join(dir, "locales"), "warn", (f) => path.relative(dir, f));
      expect(locales.t("de")("nav.blog")).toBe("Blog");
      expect(locales.warnings).toEqual([
        { file: "locales/de/translation.json", message: 'missing key "nav.blog"; add it (the English text is "Blog"); English is shown meanwhile' },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("load content and resolve routes", () => {
  test("documents fill placeholders from the config and keep their route links", async () => {
    const config = await loadConfig(configFile, {});
    const { documents } = await loadContent(path.join(repoRoot, "content"), config);
    const terms = documents.find((document) => document.id === "terms" && document.code === "en")!;
    expect(terms.html).not.toContain("{{");
    expect(documents.filter((document) => document.kind === "blog").every((post) => /^\d{4}-\d{2}-\d{2}$/.test(post.date))).toBe(true);
    const immobilizer = documents.find((document) => document.id === "blog/immobilizer-second-key")!;
    expect(immobilizer.kind === "blog" && immobilizer.category).toBe("cars");
  });

  test("a post written in only some languages is published only there", async () => {
    const config = await loadConfig(configFile, {});
    const documents = (await loadContent(path.join(repoRoot, "content"), config)).documents
      .filter((document) => !(document.id === "blog/defender-benefits" && document.code !== "el"))
      .map((document) => ({ ...document, links: document.links.filter((link) => document.code === "el" || link.id !== "blog/defender-benefits") }));
    const routes = resolveRoutes(documents);
    expect(routes.get("blog/defender-benefits").codes).toEqual(["el"]);
    expect(postsIn(routes, "en").map((post) => post.id)).not.toContain("blog/defender-benefits");
    expect(postsIn(routes, "el").map((post) => post.id)).toContain("blog/defender-benefits");
  });

  test("a Greek page's links keep the /gr prefix", async () => {
    const config = await loadConfig(configFile, {});
    const routes = resolveRoutes((await loadContent(path.join(repoRoot, "content"), config)).documents);
    expect(routes.href("el", "blog/spare-key-importance")).toBe("/gr/blog/spare-key-importance");
    expect(routes.href("el", "home")).toBe("/gr");
  });
});

describe("Markdown", () => {
  // A document is rendered once when it is read; each page fills in its language's URLs and its photos.
  const markdown = [
    'Call us: [prices](route:prices "Our prices"), [gone](route:nothing), [out](https://x.example/?a=1&b=2).',
    "",
    "[![The van](van.jpg)](route:about) ![Elsewhere](https://x.example/i.png) 08:00–20:00 and `5–15`",
    "",
    "[x]: route:contact",
    "See [x][] and \u0001.",
  ].join("\n");
  const { html, links } = readMarkdown(markdown);
  const href = (id: string) => ({ prices: "/en/prices", about: "/en/about", contact: "/en/contact" })[id];

  test("a page's links are its language's URLs, its photos what the page draws, the rest as Markdown writes it", () => {
    const finished = createMarkdownFinisher(href)(html, (written, alt) => (written === "van.jpg" ? `<picture data-alt="${alt}"></picture>` : undefined));
    expect(finished).toBe(
      [
        '<p>Call us: <a href="/en/prices" title="Our prices">prices</a>, gone, <a href="https://x.example/?a=1&amp;b=2" rel="noopener">out</a>.</p>',
        '<p><a href="/en/about"><picture data-alt="The van"></picture></a> <img src="https://x.example/i.png" alt="Elsewhere"> 08:00\u2060–\u206020:00 and <code>5–15</code></p>',
        '<p>See <a href="/en/contact">x</a> and \ufffd.</p>',
        "",
      ].join("\n"),
    );
    // Without a photo by that name (the feeds): the image Markdown writes.
    expect(createMarkdownFinisher(href)(html)).toContain('<a href="/en/about"><img src="van.jpg" alt="The van"></a>');
  });

  test("the same reading finds every link and image with its line", () => {
    expect(links.map(({ kind, href, line }) => `${kind} ${href} ${line}`)).toEqual([
      "link route:prices 1",
      "link route:nothing 1",
      "link https://x.example/?a=1&b=2 1",
      "link route:about 3",
      "image van.jpg 3",
      "image https://x.example/i.png 3",
      "definition route:contact 5",
    ]);
  });
});

describe("icons", () => {
  test("an icon's shapes, written once as markup, are what React draws from lucide's shapes element by element", () => {
    const nodes = createRequire(import.meta.url)("lucide-static/icon-nodes.json") as Record<string, [string, Record<string, string>][]>;
    for (const [name, shapes] of Object.entries(nodes)) {
      const svg = renderToStaticMarkup(createElement(Icon, { name: name as IconName, className: "size-5" }));
      const drawn = renderToStaticMarkup(
        createElement("svg", null, ...shapes.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))),
      );
      expect(svg.slice(svg.indexOf(">") + 1), name).toBe(drawn.slice("<svg>".length));
    }
  });
});

describe("URLs and routing", () => {
  test("the language switcher keeps the rest of the path", () => {
    expect(switchLanguagePath("/gr/services/cars/opening", "de")).toBe("/de/services/cars/opening");
    expect(switchLanguagePath("/en", "ru")).toBe("/ru");
  });

  test("a page is written as x.html so /x works on every host without a slash redirect", () => {
    expect(urlToFile("/gr")).toBe("gr.html");
    expect(urlToFile("/en/services/cars/opening")).toBe("en/services/cars/opening.html");
  });

  test("right-to-left comes from the language code alone", () => {
    expect(langToDir("ar")).toBe("rtl");
    expect(langToDir("fa-IR")).toBe("rtl");
    expect(langToDir("el")).toBe("ltr");
  });

  // The language hint and the root page read the browser's preferences by the same rule.
  const preferenceCases: [string[], string | null, string | undefined][] = [
    [["de-AT", "en"], null, "/de"],
    [["it-IT", "fr-CH", "en"], null, "/fr"],
    [["EL"], null, "/gr"],
    [["it", "es"], null, undefined],
    [[], null, undefined],
    [["de-DE"], "ru", "/ru"],
    [["de-DE"], "xx", "/de"],
  ];

  test.each(preferenceCases)("preferred languages %j, stored %s: / opens %s", (preferences, stored, expected) => {
    const codes = ["el", "en", "de", "fr", "ru"];
    const urls: Record<string, string> = { el: "gr", en: "en", de: "de", fr: "fr", ru: "ru" };
    if (!stored || !codes.includes(stored))
      expect(preferredLanguage(preferences, codes)).toBe(expected && Object.keys(urls).find((code) => `/${urls[code]}` === expected));
    let opened: string | undefined;
    vm.runInNewContext(rootRedirectScript(), {
      localStorage: { getItem: (key: string) => (key === "lang" ? stored : null) },
      navigator: { languages: preferences, language: preferences[0] },
      location: { search: "", replace: (url: string) => (opened = url) },
    });
    // No redirect leaves / to its meta refresh, which opens /gr.
    expect(opened).toBe(expected);
  });

  test("the root page's script still runs where storage throws", () => {
    let opened: string | undefined;
    vm.runInNewContext(rootRedirectScript(), {
      get localStorage(): never {
        throw new Error("SecurityError");
      },
      navigator: { languages: ["ru-RU"] },
      location: { search: "?utm=1", replace: (url: string) => (opened = url) },
    });
    expect(opened).toBe("/ru?utm=1");
  });

  test.each([
    ["/", { kind: "file", file: "index.html", status: 200 }],
    ["/gr", { kind: "file", file: "gr.html", status: 200 }],
    ["/gr/prices/", { kind: "redirect", location: "/gr/prices", status: 301 }],
    ["/en/prices", { kind: "file", file: "en/prices.html", status: 200 }],
    ["/en/nothing-here", { kind: "not-found", file: "en/404.html", status: 404 }],
    ["/en/404", { kind: "not-found", file: "en/404.html", status: 404 }],
    ["/xx/prices", { kind: "redirect", location: "/gr", status: 302 }],
    ["/robots.txt", { kind: "file", file: "robots.txt", status: 200 }],
    ["/google1234.html", { kind: "file", file: "google1234.html", status: 200 }],
    ["/assets/site.0123456789.js", { kind: "file", file: "assets/site.0123456789.js", status: 200 }],
    ["/assets/gone.js", { kind: "not-found", file: "404.html", status: 404 }],
    ["/gr.html", { kind: "redirect", location: "/gr", status: 302 }],
    ["/index.html", { kind: "redirect", location: "/gr", status: 302 }],
    ["/en/prices.html", { kind: "not-found", file: "en/404.html", status: 404 }],
    ["/site.json", { kind: "redirect", location: "/gr", status: 302 }],
  ])("%s", (pathname, expected) => {
    const files = new Set([
      "index.html",
      "404.html",
      "gr.html",
      "en/prices.html",
      "en/404.html",
      "robots.txt",
      "google1234.html",
      "assets/site.0123456789.js",
      "site.json",
    ]);
    expect(resolvePath(pathname, files)).toEqual(expected);
  });
});

test("WhatsApp and Viber links appear only where their numbers are configured", async () => {
  const config = await loadConfig(configFile, {});
  expect(messagingLinks(config)).toEqual([]);
  expect(messagingLinks({ ...config, whatsapp: "+30 690 000 0000", viber: "+30 690 000 0001" })).toEqual([
    { name: "WhatsApp", href: "https://wa.me/306900000000" },
    { name: "Viber", href: "viber://chat?number=%2B306900000001" },
  ]);
});

test("every day of several years is written as Intl writes it in each language, the first of a month in French as 1er", () => {
  for (const language of languages) {
    const write = dateWriter(language);
    const intl = new Intl.DateTimeFormat(language.intl, { dateStyle: "long", timeZone: "UTC" });
    for (let day = Date.UTC(2019, 0, 1); day < Date.UTC(2031, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      const expected = intl
        .formatToParts(new Date(day))
        .map(({ type, value }) => (type === "day" && value === "1" && language.firstOfMonth ? language.firstOfMonth : value))
        .join("");
      expect(write(iso), `${language.code} ${iso}`).toBe(expected);
      expect(write(iso)).toBe(expected);
    }
  }
  expect(dateWriter(languages.find(({ code }) => code === "fr")!)("2024-02-01")).toBe("1er février 2024");
  expect(dateWriter(languages.find(({ code }) => code === "ru")!)("2024-02-15")).toBe("15 февраля 2024\u202fг.");
});

test("the title gets the brand when it fits in 60 characters", () => {
  expect(pageTitle("Prices", "Nafplio Locksmith")).toBe("Prices | Nafplio Locksmith");
  expect(pageTitle("A very long title that already fills most of the space", "Nafplio Locksmith")).toBe(
    "A very long title that already fills most of the space",
  );
});

test("YAML's values are read as `yaml` reads them, and its positions only when asked for", async () => {
  // Every front matter and config of the site and of the test fixtures.
  const files = await fg(["content/**/*.md", "site.config.yml", "tests/fixtures/**/*.md", "tests/fixtures/**/*.yml"], { cwd: repoRoot, absolute: true });
  const texts = await Promise.all(files.map(async (file) => ({ file, text: await readFile(file, "utf8") })));
  const edgeCases = [
    "date: 2024-02-05\nupdated: 2024-02-05T10:00:00Z\nyes: yes\noff: off\nnil: ~\nn: 0o17\nh: 0x1F\nf: 1e3\ninf: .inf\nneg: -12",
    "title: \"A: quoted, with \\\"escapes\\\" and \\u00e9\"\nplain: It's fine\nsingle: 'it''s'",
    "folded: >\n  one\n  two\n\n  three\nliteral: |-\n  a\n   b\nlist:\n  - a\n  - { b: 1, c: [x, y] }",
    "anchor: &a { x: 1 }\nalias: *a\n'<<': 2\nempty:\nkey with spaces: value # a comment",
  ];
  // (One difference, which no schema takes: a key written `null` is "null" to js-yaml, "" to `yaml`.)
  let compared = 0;
  for (const text of [...texts.map(({ text }) => /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? text), ...edgeCases]) {
    const document = parseDocument(text, { uniqueKeys: true });
    if (document.errors.length) continue;
    expect(parseYamlSource(text, "x.yml").value ?? null).toEqual(document.toJS());
    compared++;
  }
  expect(compared).toBeGreaterThan(100);
  // A key written twice, or bad indentation: `yaml`'s message and place.
  expect(() => parseYamlSource("title: a\ntitle: b", "x.md", 2)).toThrow(/^"title" is written twice \(first on line 2\); keep one$/);
  try {
    parseYamlSource("title: a\nlist: [1, 2", "x.md", 2);
    expect.unreachable();
  } catch (error) {
    expect((error as { problem: unknown }).problem).toMatchObject({ line: 3, column: 12, message: expect.stringMatching(/end with a \]/) });
  }
  // Positions where asked for, on their own line and column.
  const source = parseYamlSource('title: "Prices"\nimage:  van.jpg', "x.md", 2);
  expect(source.positionOf(["image"])).toEqual({ line: 3, column: 9 });
  expect(source.positionOf(["image"], { key: true })).toEqual({ line: 3, column: 1 });
  expect(source.positionOf(["missing"])).toEqual({ line: 2, column: 1 });
});

test("where each YAML node is written is the place `yaml` gives it, value and key, down to every nested node", () => {
  const texts = [
    ...fg
      .sync(["content/**/*.md", "site.config.yml", "locales/*.yml", "tests/fixtures/**/*.md", "tests/fixtures/**/*.yml"], { cwd: repoRoot, absolute: true })
      .map((file) => readFileSync(file, "utf8")),
    '# a comment\na: 1\nb:   "quoted: value"   # trailing\nc: \'single\'\nd: |\n  literal\n  block\ne: >-\n  folded\nf: [x, "y", {z: 1, w: [2, 3]}]',
    "l:\n  - one\n  -   two\n  - - nested\n    - seq\n  - key: value\n    other: 2\n  -\n    late: item\nm:\nn: ~\no: !!str 12\np: &anchor hello\nq: *anchor",
    'r:\n\n  # a comment between\n  s: deep\nt: plain scalar\n  on two lines\n"quoted key": 1\n? explicit\n: value\nu:\n- at indent 0\n- second\nv: &m { w: 1 }',
    'a: 1\r\nb:\r\n  c: 2\r\n  d: "x"\r\n',
  ].map((text) => /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? text);
  let compared = 0;
  for (const text of texts) {
    const lines = new LineCounter();
    const document = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
    if (document.errors.length) continue;
    const source = parseYamlSource(text, "x.yml", 2);
    const at = (offset: number) => {
      const { line, col } = lines.linePos(offset);
      return { line: line + 1, column: col };
    };
    const walk = (node: unknown, path: (string | number)[]) => {
      if (isMap(node))
        for (const pair of node.items) {
          if (!isScalar(pair.key)) continue;
          const key = String(pair.key.value);
          const value = pair.value as { range?: number[] } | null;
          expect(source.positionOf([...path, key], { key: true }), `${JSON.stringify([...path, key])} (key) in ${text}`).toEqual(at(pair.key.range![0]!));
          expect(source.positionOf([...path, key]), `${JSON.stringify([...path, key])} in ${text}`).toEqual(at(value?.range?.[0] ?? pair.key.range![0]!));
          expect(source.positionOf([...path, key, "not there"])).toEqual(at(pair.key.range![0]!));
          compared++;
          walk(pair.value, [...path, key]);
        }
      else if (isSeq(node))
        node.items.forEach((item, index) => {
          expect(source.positionOf([...path, index]), `${JSON.stringify([...path, index])} in ${text}`).toEqual(at((item as { range: number[] }).range[0]!));
          compared++;
          walk(item, [...path, index]);
        });
    };
    walk(document.contents, []);
  }
  expect(compared).toBeGreaterThan(700);
});

test("CSS candidates are read from class attributes", () => {
  expect(extractCandidates('<a class="px-4 js:hidden [&amp;_h2]:mt-10"></a><b class="px-4"></b>')).toEqual(["[&_h2]:mt-10", "js:hidden", "px-4"]);
});

test("pages with the same classes and elements get the same stylesheet, whatever their order; an island's classes are added", async () => {
  const entry = path.join(repoRoot, "src/templates/styles.css");
  const builder = await createCssBuilder(entry);
  const page = '<main class="px-4 text-lg"><p class="font-bold">A</p><p class="px-4">B</p></main>';
  const sameClasses = '<main class="font-bold"><p class="px-4">B</p><p class="text-lg px-4">A</p></main>';
  const css = await builder.cssFor(page);
  expect(css).toContain("font-weight:var(--font-weight-bold)");
  expect(css).not.toContain("rotate-45");
  expect(await builder.cssFor(sameClasses)).toBe(css);
  // Asked again (the page's classes known by its markup), and by a builder that has seen nothing.
  expect(await builder.cssFor(page)).toBe(css);
  expect(await (await createCssBuilder(entry)).cssFor(sameClasses)).toBe(css);
  const withIsland = await builder.cssFor(page, { candidates: ["rotate-45"], elements: ["button"] });
  expect(withIsland).toContain(".rotate-45");
  expect(await (await createCssBuilder(entry)).cssFor(page, { candidates: ["rotate-45"], elements: ["button"] })).toBe(withIsland);
});

test("a page's CSS leaves out base rules for elements it does not have, and keeps every utility", () => {
  const css =
    "sub,sup{font-size:75%}table{border-collapse:collapse}p,code{margin:0}::-webkit-date-and-time-value{min-height:1lh}.px-4{padding-inline:1rem}.list>li{margin:0}";
  const elements = extractElements('<p class="px-4">Text</p><ul class="list"><li>one</li></ul>');
  expect([...elements].sort()).toEqual(["li", "p", "ul"]);
  expect(keepMatchable(css, elements)).toBe("p,code{margin:0}.px-4{padding-inline:1rem}.list>li{margin:0}");
  // A date field's pseudo-elements stay where the page has a field.
  expect(keepMatchable(css, new Set(["input"]))).toContain("::-webkit-date-and-time-value");
  // Utilities that style elements inside (written for Markdown): pruned too where the page lacks one.
  const elementsOf = new Set(["p", "li"]);
  expect(stylesMissingElements(["md:[&>li]:mt-1", "px-4", "[&::-webkit-details-marker]:hidden"], elementsOf)).toBe(false);
  expect(stylesMissingElements(["px-4", "[&_h3]:mt-6"], elementsOf)).toBe(true);
});

test("a stylesheet comes out as Tailwind's own Node API makes it, and a page's leaves out rules for elements it lacks", async () => {
  const { compile } = await import("tailwindcss");
  const { optimize } = await import("@tailwindcss/node");
  const entry = path.join(repoRoot, "src/templates/styles.css");
  const resolve = createRequire(entry).resolve;
  const loadStylesheet = async (id: string) => {
    const file = resolve(id);
    return { path: file, base: path.dirname(file), content: await readFile(file, "utf8") };
  };
  const source = await readFile(entry, "utf8");
  const candidates = ["px-4", "md:max-lg:inline", "js:hidden", "shadow-sm", "ring-black/10", "[&_h3]:mt-6", "group-aria-expanded:block", "hover:underline"];
  const built = (await compile(source, { base: path.dirname(entry), loadStylesheet })).build(candidates);
  const { head, utilities } = finishSheet(built);
  const tailwinds = optimize(built, { minify: true }).code;
  // Nothing left out: the same bytes as Tailwind's optimize.
  const everything = { has: () => true } as unknown as Set<string>;
  expect(finishRules(head) + finishRules(utilities)).toBe(tailwinds);
  expect(keepMatchable(finishRules(head), everything) + keepMatchable(finishRules(utilities), everything)).toBe(tailwinds);
  expect(utilitiesStart(head)).toBe(-1);
  expect(utilities.startsWith("@layer utilities{")).toBe(true);
  expect(head).toContain("@layer base{");
  // A page without tables or h3: neither the base rule nor the utility for h3 inside.
  const page = keepMatchable(finishRules(head), new Set(["p"])) + keepMatchable(finishRules(utilities), new Set(["p"]));
  expect(page).not.toMatch(/(^|[},])table[,{]/);
  expect(page).not.toContain("h3{");
  expect(page).toContain(".px-4{");
  expect(tailwinds).toContain(".\\[\\&_h3\\]\\:mt-6 h3{");
  // A brace or an "@layer utilities{" inside a string or a comment does not split the sheet.
  const tricky = '/*! x { */a{content:"@layer utilities{"}@layer utilities{.p{margin:0}}';
  expect(utilitiesStart(tricky)).toBe(tricky.lastIndexOf("@layer utilities{"));
});

describe("the built site", () => {
  const site = useBuiltSite();

  test("a range of numbers never breaks at its dash in the page, and titles, descriptions and structured data stay plain", async () => {
    const home = await readFile(path.join(site.out, "en.html"), "utf8");
    const article = await readFile(path.join(site.out, "ru/services/doors/opening.html"), "utf8");
    // An interface string (the hero's hours) and a Markdown document.
    expect(home).toContain("08:00\u2060–\u206020:00");
    expect(article).toMatch(/5\u2060–\u206015/);
    // A document's summary, plain in its front matter, on the page that lists it and in its own header.
    const services = await readFile(path.join(site.out, "ru/services.html"), "utf8");
    const service = await readFile(path.join(site.out, "ru/services/cars/opening.html"), "utf8");
    for (const html of [services, service]) expect(html.slice(html.indexOf("</head>"))).not.toMatch(/\d–\d/);
    for (const html of [home, article, services, service]) {
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).not.toContain("\u2060");
    }
  });

  test("has every route in all five languages", () => {
    // 8 pages, 10 services, 7 articles, 6 category pages (7 posts: one page each), the 404 page.
    expect(site.result.pages).toHaveLength(5 * (8 + 10 + 7 + 6 + 1));
  });

  test("a page carries lang, dir, canonical, every hreflang and x-default", async () => {
    const html = await readFile(path.join(site.out, "de/services/cars/opening.html"), "utf8");
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain('<link rel="canonical" href="https://nafplio-locksmith.example/de/services/cars/opening"/>');
    for (const code of ["el", "en", "de", "fr", "ru"])
      expect(html).toMatch(new RegExp(`hrefLang="${code}" href="https://nafplio-locksmith.example/\\w\\w/services/cars/opening"`));
    expect(html).toContain('hrefLang="x-default" href="https://nafplio-locksmith.example/gr/services/cars/opening"');
    expect(html).toContain('<meta property="og:locale" content="de_DE"/>');
  });

  test("the blog's dates are written as each language writes them, the first of a month in French as 1er", async () => {
    const written = {
      gr: ["1 Φεβρουαρίου 2024", "15 Φεβρουαρίου 2024"],
      en: ["1 February 2024", "15 February 2024"],
      de: ["1. Februar 2024", "15. Februar 2024"],
      fr: ["1er février 2024", "15 février 2024"],
      // A narrow no-break space keeps the year with its "г.".
      ru: ["1 февраля 2024\u202fг.", "15 февраля 2024\u202fг."],
    };
    for (const [url, [first, fifteenth]] of Object.entries(written)) {
      const list = await readFile(path.join(site.out, `${url}/blog.html`), "utf8");
      expect(list).toContain(`<time dateTime="2024-02-01">${first}</time>`);
      expect(list).toContain(`<time dateTime="2024-02-15">${fifteenth}</time>`);
    }
  });

  test("Greek pages declare el, not gr", async () => {
    expect(await readFile(path.join(site.out, "gr.html"), "utf8")).toContain('<html lang="el" dir="ltr">');
  });

  test("the sitemap lists every page with its alternates; robots.txt points to it", async () => {
    const sitemap = await readFile(path.join(site.out, "sitemap.xml"), "utf8");
    expect(sitemap.match(/<url>/g)).toHaveLength(5 * 31);
    expect(sitemap).toContain(
      '<loc>https://nafplio-locksmith.example/fr/blog/defender-benefits</loc><lastmod>2024-02-15</lastmod><xhtml:link rel="alternate" hreflang="el"',
    );
    expect(await readFile(path.join(site.out, "robots.txt"), "utf8")).toContain("Sitemap: https://nafplio-locksmith.example/sitemap.xml");
  });

  test("_redirects: not-found rules per language, real pages and files pass through, the rest goes to /gr", () => {
    const rules = createRedirects(site.result.files)
      .split("\n")
      .filter((line) => line && !line.startsWith("#"));
    const notFound = rules.indexOf("/gr/* /gr/404 404");
    expect(rules.slice(notFound, notFound + 5)).toEqual([
      "/gr/* /gr/404 404",
      "/en/* /en/404 404",
      "/de/* /de/404 404",
      "/fr/* /fr/404 404",
      "/ru/* /ru/404 404",
    ]);
    // Netlify takes the first rule that matches: the 404 rules come before the pass-through ones.
    expect(notFound).toBeLessThan(rules.indexOf("/gr/* /gr/:splat 200"));
    expect(rules).toEqual(
      expect.arrayContaining(["/ / 200", "/en /en 200", "/en/* /en/:splat 200", "/assets/* /assets/:splat 200", "/robots.txt /robots.txt 200"]),
    );
    // Files for the hosts and servers, and the pages' .html names, are not passed through.
    expect(rules.filter((rule) => /site\.json|nginx\.conf|\.html/.test(rule))).toEqual([]);
    expect(rules.at(-1)).toBe("/* /gr 302");
    // With the endpoint forwarded elsewhere (Netlify), that rule comes first, forced.
    const forwarded = createRedirects(site.result.files, {}, { endpoint: "/api/contact", forward: "https://forms.example.gr/api/contact" })
      .split("\n")
      .filter((line) => line && !line.startsWith("#"));
    expect(forwarded).toEqual(["/api/contact https://forms.example.gr/api/contact 200!", ...rules]);
  });

  test("contact.forward takes a full https URL or nothing", async () => {
    const config = (forward: string) => validateConfig("site.config.yml", readFileSync(configFile, "utf8").replace('  forward: ""', `  forward: ${forward}`));
    expect(config('"https://forms.example.gr/send-mail.php"').contact.forward).toBe("https://forms.example.gr/send-mail.php");
    expect(config('""').contact.forward).toBe("");
    expect(() => config("http://forms.example.gr/send-mail.php")).toThrow(/contact\.forward.*the endpoint's full https URL/s);
  });

  test("nginx.conf repeats the security headers, with always, in every location", async () => {
    const conf = await readFile(path.join(site.out, "nginx.conf"), "utf8");
    const locations = conf.split(/^location /m).slice(1);
    expect(locations.length).toBeGreaterThan(8);
    for (const block of locations) expect(block, block.split("\n")[0]).toMatch(/add_header Content-Security-Policy ".*" always;/);
    expect(conf).toMatch(/location \^~ \/assets\/ \{[^}]*Cache-Control "public, max-age=31536000, immutable" always;/);
  });

  test("text files are precompressed with brotli (gzip is made on the fly for the rare client without it)", async () => {
    const files = await import("node:fs/promises").then((fs) => fs.readdir(path.join(site.out, "en")));
    expect(files).toContain("prices.html.br");
    expect(files).not.toContain("prices.html.gz");
    expect(await readFile(path.join(site.out, "nginx.conf"), "utf8")).toMatch(/^gzip on;$/m);
  });

  test("blog dates are written in the page's language", async () => {
    expect(await readFile(path.join(site.out, "de/blog.html"), "utf8")).toContain("15. Februar 2024");
    expect(await readFile(path.join(site.out, "en/blog.html"), "utf8")).toContain("15 February 2024");
    expect(await readFile(path.join(site.out, "gr/blog.html"), "utf8")).toContain("15 Φεβρουαρίου 2024");
  });
});
