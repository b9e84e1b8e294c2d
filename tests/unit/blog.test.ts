import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { XMLValidator } from "fast-xml-parser";
import { parseFeed } from "feedsmith";
import { brandFor } from "../../src/shared/business.ts";
import { describe, expect, test } from "vitest";
import { blogRoutes, listingRedirects } from "../../src/generator/blog-routes.ts";
import { build, summarize } from "../../src/generator/build.ts";
import { createFeed } from "../../src/generator/feed.ts";
import { isBuildFresh } from "../../src/generator/freshness.ts";
import { readMarkdown } from "../../src/generator/render-markdown.ts";
import { codeToLanguage } from "../../src/shared/languages.ts";
import { pageUrl } from "../../src/shared/urls.ts";
import { listingId, pageNumbers, postNeighbours, postsPerPage } from "../../src/shared/blog.ts";
import type { BlogCategory, BlogDocument } from "../../src/shared/content.ts";
import { todayIn } from "../../src/shared/dates.ts";
import type { Route } from "../../src/shared/routes.ts";
import { fixtureSite, useBuiltSite } from "../support/fixture-site.ts";
import { runSite } from "../support/servers.ts";

const categories: BlogCategory[] = ["cars", "locks", "doors", "security", "maintenance", "keys"];

/** A post of language `code`, dated `day` days after 2024-01-01. */
function post(slug: string, code: string, day: number, category: BlogCategory = "cars"): BlogDocument {
  const date = new Date(Date.UTC(2024, 0, 1 + day)).toISOString().slice(0, 10);
  return {
    kind: "blog",
    id: `blog/${slug}`,
    code,
    file: `content/blog/${slug}/${code}.md`,
    title: `Post ${slug}`,
    description: `The description of ${slug}, long enough for a search result.`,
    html: readMarkdown(`## ${slug}\n\nSee [the prices](route:prices) and [the top](#${slug}).`).html,
    links: [],
    images: [],
    excerpt: `Excerpt & summary of ${slug} <b>`,
    date,
    updated: date,
    category,
    keywords: ["one", "two"],
    draft: false,
    scheduled: false,
  };
}

function articles(posts: BlogDocument[]): Route[] {
  const byId = new Map<string, Route>();
  for (const document of posts) {
    const route = byId.get(document.id) ?? { id: document.id, path: `/${document.id}`, template: "article", codes: [], documents: {}, indexable: true };
    route.codes.push(document.code);
    route.documents[document.code] = document;
    byId.set(document.id, route);
  }
  return [...byId.values()];
}

describe("pagination", () => {
  test("page numbers: the first, the last, the current page and its neighbours, with gaps", () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(6, 84)).toEqual([1, null, 5, 6, 7, null, 84]);
    expect(pageNumbers(3, 10)).toEqual([1, 2, 3, 4, null, 10]);
    expect(pageNumbers(84, 84)).toEqual([1, null, 83, 84]);
    // A gap of one number shows the number rather than an ellipsis.
    expect(pageNumbers(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
  });

  test("route ids of the pages of a list; the first page is the list itself", () => {
    expect(listingId(undefined, 1)).toBe("blog");
    expect(listingId(undefined, 2)).toBe("blog/page/2");
    expect(listingId("cars", 1)).toBe("blog/category/cars");
    expect(listingId("cars", 3)).toBe("blog/category/cars/page/3");
  });

  test(`lists are cut into pages of ${postsPerPage}, newest first, per language; an empty category has no page`, () => {
    // 30 English posts (25 cars, 5 keys), 3 Greek ones (all cars).
    const english = Array.from({ length: 30 }, (_, index) => post(`p${index}`, "en", index, index < 25 ? "cars" : "keys"));
    const greek = [0, 1, 2].map((index) => post(`p${index}`, "el", index));
    const routes = blogRoutes(articles([...english, ...greek]));
    const byId = new Map(routes.map((route) => [route.id, route]));
    expect(routes.map((route) => route.id)).toEqual([
      "blog",
      "blog/page/2",
      "blog/page/3",
      "blog/category/cars",
      "blog/category/cars/page/2",
      "blog/category/cars/page/3",
      "blog/category/keys",
    ]);
    // The blog exists in every language, even without a post; its pages only where posts fill them.
    expect(byId.get("blog")!.codes).toEqual(["el", "en", "de", "fr", "ru"]);
    expect(byId.get("blog")!.listing!.posts.de).toEqual([]);
    expect(byId.get("blog/page/2")!.codes).toEqual(["en"]);
    expect(byId.get("blog/category/keys")!.codes).toEqual(["en"]);
    expect(byId.get("blog/category/cars")!.codes).toEqual(["el", "en"]);
    const first = byId.get("blog")!.listing!;
    expect(first.posts.en!.map((each) => each.id)).toEqual(Array.from({ length: 12 }, (_, index) => `blog/p${29 - index}`));
    expect(byId.get("blog/page/3")!.listing!.posts.en!.map((each) => each.id)).toEqual(["blog/p5", "blog/p4", "blog/p3", "blog/p2", "blog/p1", "blog/p0"]);
    expect(first.pages).toEqual({ el: 1, en: 3, de: 1, fr: 1, ru: 1 });
    expect(byId.get("blog/category/cars/page/3")!.listing).toMatchObject({ category: "cars", page: 3, pages: { el: 1, en: 3, de: 0, fr: 0, ru: 0 } });
    // A page missing in a language sends there to the first page of its list.
    expect(byId.get("blog/category/cars/page/2")!.parent).toBe("blog/category/cars");
    expect(byId.get("blog/category/keys")!.parent).toBe("blog");
  });

  test("each list's /page/1 redirects to the list, in each language the list exists in", () => {
    const routes = blogRoutes(articles([post("a", "en", 1, "cars"), post("b", "en", 2, "keys"), post("a", "el", 1, "cars")]));
    const href = (code: string, id: string) => pageUrl(codeToLanguage(code)!, `/${id}`);
    const redirects = listingRedirects({ routes, href, has: () => true, get: (id) => routes.find((route) => route.id === id)! });
    expect(redirects["/en/blog/page/1"]).toBe("/en/blog");
    expect(redirects["/gr/blog/page/1"]).toBe("/gr/blog");
    expect(redirects["/en/blog/category/keys/page/1"]).toBe("/en/blog/category/keys");
    expect(redirects["/gr/blog/category/keys/page/1"]).toBeUndefined();
    expect(Object.keys(redirects)).toHaveLength(5 + 2 + 1);
  });

  test("related posts: the same category first, then the newest of the others; neighbours by date", () => {
    const posts = [post("d", "en", 4, "keys"), post("c", "en", 3, "cars"), post("b", "en", 2, "keys"), post("a", "en", 1, "doors")];
    const { related, older, newer } = postNeighbours(posts, 1);
    expect(related.map((each) => each.id)).toEqual(["blog/d", "blog/b", "blog/a"]);
    expect(postNeighbours(posts, 0).related.map((each) => each.id)).toEqual(["blog/b", "blog/c", "blog/a"]);
    expect([older?.id, newer?.id]).toEqual(["blog/b", "blog/d"]);
    expect(postNeighbours(posts, 0).newer).toBeUndefined();
    expect(postNeighbours(posts, 3).older).toBeUndefined();
  });
});

describe("the feed", () => {
  const posts = Array.from({ length: 25 }, (_, index) => post(`p${index}`, "en", 24 - index));
  const feed = createFeed({
    code: "en",
    title: "Nafplio Locksmith – blog",
    subtitle: "Practical advice",
    feedUrl: "https://x.example/en/blog/feed.xml",
    blogUrl: "https://x.example/en/blog",
    homeUrl: "https://x.example/en",
    author: "Nafplio Locksmith",
    posts,
    postUrl: (each) => `https://x.example/en/${each.id}`,
    postHtml: (each) => `<p>${each.excerpt.replace(/&/g, "&amp;").replace(/</g, "&lt;")} <a href="https://x.example/en/prices">prices</a></p>`,
    categoryName: () => "Cars",
    today: "2030-01-01",
  });

  test("is well-formed XML and reads back as Atom with the newest 20 posts, in its language", () => {
    expect(XMLValidator.validate(feed)).toBe(true);
    const { format, feed: parsed } = parseFeed(feed) as { format: string; feed: AtomFeed };
    expect(format).toBe("atom");
    expect(parsed.xml?.lang).toBe("en");
    expect(parsed.id).toBe("https://x.example/en/blog");
    expect(parsed.title?.value ?? parsed.title).toBe("Nafplio Locksmith – blog");
    expect(parsed.updated).toBe("2024-01-25T00:00:00Z");
    expect(parsed.links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rel: "self", href: "https://x.example/en/blog/feed.xml", type: "application/atom+xml" }),
        expect.objectContaining({ rel: "alternate", href: "https://x.example/en/blog", type: "text/html" }),
      ]),
    );
    expect(parsed.entries).toHaveLength(20);
    const entry = parsed.entries![0]!;
    expect(entry.id).toBe("https://x.example/en/blog/p0");
    expect(entry.title?.value ?? entry.title).toBe("Post p0");
    expect(entry.summary?.value ?? entry.summary).toBe("Excerpt & summary of p0 <b>");
    expect(entry.content?.value).toBe('<p>Excerpt &amp; summary of p0 &lt;b> <a href="https://x.example/en/prices">prices</a></p>');
    expect(entry.categories).toEqual([{ term: "cars", label: "Cars" }]);
  });

  test("keeps the Atom rules: unique entry ids, absolute links, RFC 3339 dates, an author", () => {
    const { feed: parsed } = parseFeed(feed) as { feed: AtomFeed };
    const ids = parsed.entries!.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
    for (const entry of parsed.entries!) {
      expect(entry.id).toMatch(/^https:\/\//);
      expect(entry.updated).toMatch(rfc3339);
      expect(entry.published).toMatch(rfc3339);
      expect(entry.links!.every((link) => /^https:\/\//.test(link.href))).toBe(true);
    }
    expect(parsed.authors?.[0]?.name).toBe("Nafplio Locksmith");
  });

  test("without posts, it is still a valid feed, updated on the build's day", () => {
    const empty = createFeed({ ...feedInput(), posts: [] });
    expect(XMLValidator.validate(empty)).toBe(true);
    expect((parseFeed(empty) as { feed: AtomFeed }).feed.updated).toBe("2030-01-01T00:00:00Z");
  });

  function feedInput() {
    return {
      code: "de",
      title: "t",
      subtitle: "s",
      feedUrl: "https://x.example/de/blog/feed.xml",
      blogUrl: "https://x.example/de/blog",
      homeUrl: "https://x.example/de",
      author: "a",
      posts,
      postUrl: () => "",
      postHtml: () => "",
      categoryName: () => "",
      today: "2030-01-01",
    };
  }
});

interface AtomText {
  value?: string;
}
interface AtomFeed {
  id?: string;
  title?: AtomText;
  updated?: string;
  xml?: { lang?: string };
  links?: { href: string; rel?: string; type?: string }[];
  authors?: { name?: string }[];
  entries?: {
    id?: string;
    title?: AtomText;
    summary?: AtomText;
    content?: AtomText;
    updated?: string;
    published?: string;
    links?: { href: string }[];
    categories?: { term: string; label?: string }[];
  }[];
}

describe("the real site's blog", () => {
  const site = useBuiltSite();

  test("every language has its feed, linked from every page of that language, read back with a feed parser", async () => {
    for (const [url, code] of [
      ["gr", "el"],
      ["en", "en"],
      ["de", "de"],
      ["fr", "fr"],
      ["ru", "ru"],
    ]) {
      const xml = await readFile(path.join(site.out, url!, "blog/feed.xml"), "utf8");
      expect(XMLValidator.validate(xml)).toBe(true);
      const { feed } = parseFeed(xml) as { feed: AtomFeed };
      expect(feed.xml?.lang).toBe(code);
      expect(feed.entries).toHaveLength(7);
      // Full text, with every link absolute.
      for (const entry of feed.entries!) expect(entry.content?.value).not.toMatch(/\s(href|src)="\//);
      for (const page of site.result.pages.filter((each) => each.language.code === code)) {
        const html = await readFile(path.join(site.out, page.file), "utf8");
        expect(html, page.url).toContain(
          `<link rel="alternate" type="application/atom+xml" title="${brandFor(site.result.config, code!)}${code === "ru" ? "\u00a0— блог" : ` – ${code === "de" ? "Blog" : "blog"}`}" href="/${url}/blog/feed.xml"/>`,
        );
      }
    }
  });

  test("category pages have their own title and description in every language, within the lengths search results show", () => {
    const categoryPages = site.result.pages.filter((page) => page.route.listing?.category);
    expect(categoryPages).toHaveLength(5 * categories.length);
    for (const page of categoryPages) {
      expect(page.title.length, page.url).toBeLessThanOrEqual(70);
      expect(page.description.length, page.url).toBeGreaterThanOrEqual(70);
      expect(page.description.length, page.url).toBeLessThanOrEqual(160);
    }
  });
});

describe("drafts and posts dated later", () => {
  test("site build leaves them out and says which; a build on the day publishes the dated post", async () => {
    const dir = await fixtureSite("blog-schedule");
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const result = await build({ root: dir, outDir: path.join(dir, "dist"), today: "2025-06-01", env: {}, warn: () => {} });
      const urls = result.pages.map((page) => page.url);
      expect(urls).toContain("/en/blog/garage-door-locks");
      expect(urls).not.toContain("/en/blog/summer-car-heat");
      expect(urls).not.toContain("/en/blog/key-safe-draft");
      expect(summarize(result).split("\n").slice(1)).toEqual([
        "Held back 2 posts dated after today, until a build on or after their date:",
        "  content/blog/summer-car-heat/el.md (2099-06-01)",
        "  content/blog/summer-car-heat/en.md (2099-06-01)",
        "Left out 1 draft (draft: true; site dev shows them):",
        "  content/blog/key-safe-draft/en.md",
      ]);
      const dist = (file: string) => readFile(path.join(dir, "dist", file), "utf8");
      expect(await dist("en/blog/feed.xml")).not.toMatch(/summer-car-heat|key-safe-draft/);
      expect(await dist("sitemap.xml")).not.toMatch(/summer-car-heat|key-safe-draft/);
      expect(await dist("en/blog/category/doors.html")).toContain('href="/en/blog/garage-door-locks"');
      expect(JSON.parse(await dist("site.json")).heldBackUntil).toBe("2099-06-01");
      // `--if-needed` rebuilds on the day a held-back post is due.
      expect(await isBuildFresh(dir, "dist", {}, "2025-06-02")).toBe(true);
      expect(await isBuildFresh(dir, "dist", {}, "2099-06-01")).toBe(false);

      const onTheDay = await build({ root: dir, outDir: path.join(dir, "dist"), today: "2099-06-01", env: {}, warn: () => {} });
      expect(onTheDay.pages.map((page) => page.url)).toContain("/gr/blog/summer-car-heat");
      expect(onTheDay.heldBack.map((held) => held.reason)).toEqual(["draft"]);
    } finally {
      process.chdir(cwd);
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("site dev's build shows them, marked, and is never taken for a build to serve", async () => {
    const dir = await fixtureSite("blog-schedule");
    try {
      const result = await build({ root: dir, outDir: path.join(dir, "dist"), today: "2025-06-01", preview: true, env: {}, warn: () => {} });
      expect(result.heldBack).toEqual([]);
      const article = await readFile(path.join(dir, "dist/en/blog/key-safe-draft.html"), "utf8");
      expect(article).toContain("Draft – site build leaves it out");
      const list = await readFile(path.join(dir, "dist/en/blog.html"), "utf8");
      expect(list).toContain("Scheduled for 1 June 2099");
      expect(JSON.parse(await readFile(path.join(dir, "dist/site.json"), "utf8")).inputs).toBeUndefined();
      expect(await isBuildFresh(dir, "dist", {})).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("the build's day is Nafplio's: 23:30 UTC on the last day of February is already March there", () => {
    expect(todayIn("Europe/Athens", new Date("2025-02-28T23:30:00Z"))).toBe("2025-03-01");
    expect(todayIn("Europe/Athens", new Date("2025-02-28T21:30:00Z"))).toBe("2025-02-28");
    // Every half hour of two years, summer times and their changes included, as the time zone data says.
    const athens = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Athens", year: "numeric", month: "2-digit", day: "2-digit" });
    for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2027, 0, 1); time += 1_800_000)
      expect(todayIn("Europe/Athens", new Date(time)), new Date(time).toISOString()).toBe(athens.format(time));
  });
});

describe("site new post", () => {
  test("writes complete front matter as a draft in each language asked for, prints the files and URLs; the site still builds", async () => {
    const dir = await fixtureSite();
    try {
      const made = await runSite(["new", "post", "winter-car-lockout", "--lang", "gr,en", "--category", "cars", "--root", dir]);
      expect(made.code).toBe(0);
      expect(made.stdout).toContain(path.join(path.relative(process.cwd(), dir), "content/blog/winter-car-lockout/el.md"));
      expect(made.stdout).toContain("https://nafplio-locksmith.example/gr/blog/winter-car-lockout");
      expect(made.stdout).toContain("https://nafplio-locksmith.example/en/blog/winter-car-lockout");
      const text = await readFile(path.join(dir, "content/blog/winter-car-lockout/en.md"), "utf8");
      expect(text).toContain(`date: ${todayIn("Europe/Athens")}`);
      expect(text).toContain("category: cars");
      expect(text).toContain("draft: true");
      expect(text.match(/# TO FILL/g)).toHaveLength(4);
      expect(text).toContain('description: "" # TO FILL: 50 to 155 characters for search results, naming the town');
      // A draft is not read by site build, so the half-written post does not stop it: its English
      // title half typed (a quote not yet closed) included.
      await writeFile(path.join(dir, "content/blog/winter-car-lockout/en.md"), text.replace(/^title: .*$/m, 'title: "Locked out in the snow'));
      const built = await runSite(["build", "--root", dir, "--out", path.join(dir, "dist")]);
      expect(built.code).toBe(0);
      expect(built.stdout).toContain("Left out 2 drafts");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("refuses a slug that exists, that is not URL-safe or that the blog's own pages use, and an unknown category", async () => {
    const root = await fixtureSite();
    try {
      for (const [args, message] of [
        [["defender-benefits"], 'error: the slug "defender-benefits" is taken: content/blog/defender-benefits exists; choose another slug\n'],
        [["Winter_Lockout"], 'error: "Winter_Lockout" cannot be a slug: use lower-case letters a-z, digits and single hyphens, e.g. car-lockout-in-winter\n'],
        [["page"], 'error: "page" is kept for the blog\'s own pages (/blog/page/2, /blog/category/cars); choose another slug\n'],
        [["x", "--category", "boats"], 'error: unknown category "boats"; use one of cars, locks, doors, security, maintenance, keys\n'],
        [["x", "--lang", "es"], 'error: unknown language "es"; use some of el, en, de, fr, ru\n'],
      ] as const) {
        const result = await runSite(["new", "post", ...args, "--root", root]);
        expect([result.code, result.stderr]).toEqual([1, message]);
      }
      const listing = await runSite(["new"]);
      expect(listing.stdout).toContain("post    a blog post");
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
