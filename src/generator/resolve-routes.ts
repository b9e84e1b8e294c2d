import { reservedSlugs } from "../shared/blog.ts";
import { codeToLanguage, languages } from "../shared/languages.ts";
import { pageUrl } from "../shared/urls.ts";
import { blogRoutes } from "./blog-routes.ts";
import { ProblemList } from "./errors.ts";
import type { ContentDocument } from "../shared/content.ts";
import type { Route, RouteTable, TemplateName } from "../shared/routes.ts";

const allCodes = languages.map((language) => language.code);

const staticRoutes: { id: string; path: string; template: TemplateName }[] = [
  { id: "home", path: "", template: "home" },
  { id: "services", path: "/services", template: "services" },
  { id: "prices", path: "/prices", template: "prices" },
  { id: "about", path: "/about", template: "about" },
  { id: "contact", path: "/contact", template: "contact" },
];

/** Pages every language must have, because every page's footer links to them. */
export const requiredPages = ["privacy-policy", "terms"];

/**
 * Builds the route table from the fixed pages and the documents found under content/.
 * A document is published in the languages it was written in, and nowhere else.
 * `unpublished` names, by `<code> <id>`, the posts this build leaves out (drafts, posts dated
 * later), so a link to one says why it cannot be followed.
 */
export function resolveRoutes(documents: ContentDocument[], contentDir = "content", unpublished: ReadonlyMap<string, string> = new Map()): RouteTable {
  const problems = new ProblemList();
  const grouped = new Map<string, Record<string, ContentDocument>>();
  for (const document of documents) {
    const group = grouped.get(document.id) ?? {};
    const other = group[document.code];
    if (other) {
      problems.add(
        document.file,
        `the slug "${document.id.split("/").pop()}" is taken in ${document.code} by ${other.file} too; rename one of the two folders`,
      );
      continue;
    }
    if (document.kind === "blog" && (reservedSlugs as readonly string[]).includes(document.id.slice("blog/".length)))
      problems.add(
        document.file,
        `the slug "${document.id.slice("blog/".length)}" is kept for the blog's own pages (/blog/page/2, /blog/category/cars); rename the folder`,
      );
    group[document.code] = document;
    grouped.set(document.id, group);
  }
  const orderedCodes = (group: Record<string, ContentDocument>) => allCodes.filter((code) => code in group);

  const routes: Route[] = staticRoutes.map((row) => ({ ...row, codes: allCodes, documents: {}, indexable: true }));
  for (const id of requiredPages) {
    const group = grouped.get(id) ?? {};
    for (const code of allCodes)
      if (!group[code]) problems.add(`${contentDir}/pages/${id}/${code}.md`, `missing; every language needs this page because every footer links to it`);
    routes.push({ id, path: `/${id}`, template: "legal", codes: allCodes, documents: group, indexable: true });
  }
  for (const [id, group] of grouped) {
    const first = Object.values(group)[0]!;
    if (first.kind === "page") {
      if (!requiredPages.includes(id)) routes.push({ id, path: `/${id}`, template: "legal", codes: orderedCodes(group), documents: group, indexable: true });
      continue;
    }
    const template = first.kind === "service" ? "service" : "article";
    routes.push({ id, path: `/${id}`, template, codes: orderedCodes(group), documents: group, indexable: true });
  }
  const lists = blogRoutes(routes.filter((route) => route.template === "article"));
  routes.splice(routes.findIndex((route) => route.id === "about") + 1, 0, ...lists.slice(0, 1));
  routes.push(...lists.slice(1));
  routes.push({ id: "not-found", path: "/404", template: "not-found", codes: allCodes, documents: {}, indexable: false });

  const byId = new Map(routes.map((route) => [route.id, route]));
  const has = (code: string, id: string) => byId.get(id)?.codes.includes(code) ?? false;
  const table: RouteTable = {
    routes,
    has,
    get(id) {
      const route = byId.get(id);
      if (!route) throw new Error(`unknown route id "${id}"`);
      return route;
    },
    href(code, id) {
      const route = byId.get(id);
      const language = codeToLanguage(code);
      if (!route || !language) throw new Error(`no route "${id}" in language "${code}"`);
      return pageUrl(language, route.path);
    },
  };
  checkLinks(documents, table, unpublished, problems);
  return table;
}

/** Every `route:ID` link of the documents leads to a page published in the document's language. */
export function checkLinks(
  documents: Iterable<ContentDocument>,
  table: RouteTable,
  unpublished: ReadonlyMap<string, string>,
  problems = new ProblemList(),
): void {
  const ids = () => table.routes.map((route) => route.id);
  for (const document of documents) {
    for (const link of document.links) {
      const why = unpublished.get(`${document.code} ${link.id}`);
      const [page, part] = link.id.split(/[#?]/, 2) as [string, string | undefined];
      if (part !== undefined && known(table, page))
        problems.add(
          document.file,
          `link to "route:${link.id}": a route id names a whole page, not a part of it or a query; link the page: route:${page}`,
          link.line,
        );
      else if (why && !table.has(document.code, link.id))
        problems.add(document.file, `link to "route:${link.id}", which is ${why} and not published by this build; link to it once it is`, link.line);
      else if (!known(table, link.id))
        problems.add(document.file, `link to unknown page "route:${link.id}"; use a route id such as ${suggest(link.id, ids())}`, link.line);
      else if (!table.has(document.code, link.id))
        problems.add(document.file, `link to "route:${link.id}", which has no ${document.code} version; write it or link elsewhere`, link.line);
    }
  }
  problems.throwIfAny();
}

function known(table: RouteTable, id: string): boolean {
  try {
    table.get(id);
    return true;
  } catch {
    return false;
  }
}

function suggest(id: string, ids: string[]): string {
  const tail = id.split("/").pop() ?? id;
  const near = ids.find((candidate) => candidate.endsWith(tail) || candidate.includes(tail));
  return `"${near ?? "contact"}"`;
}
