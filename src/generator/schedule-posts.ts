import type { BlogDocument, ContentDocument } from "../shared/content.ts";
import { BuildError, ProblemList, type Problem } from "./errors.ts";
import { resolveRoutes } from "./resolve-routes.ts";

/** A post a build left out, and why. */
export interface HeldBackPost {
  id: string;
  code: string;
  file: string;
  /** Its date, for a post dated after the build's day. */
  date?: string;
  reason: "draft" | "scheduled";
  /** What site dev found still to fill in a draft it leaves out until then. */
  problems?: Problem[];
}

/**
 * The posts a build publishes. A post dated after `today` waits for a build made on or after its
 * date; `site dev` (`preview`) shows it anyway, marked as scheduled. Drafts were left out when the
 * content was read (they need not be complete), and are named here beside the scheduled posts.
 */
export function schedulePosts(
  documents: ContentDocument[],
  {
    today,
    preview,
    draftsLeftOut = [],
  }: { today: string; preview: boolean; draftsLeftOut?: { id: string; code: string; file: string; problems?: Problem[] }[] },
): { documents: ContentDocument[]; heldBack: HeldBackPost[]; scheduled: BlogDocument[] } {
  const heldBack: HeldBackPost[] = draftsLeftOut.map((draft) => ({ ...draft, reason: "draft" }));
  const published: ContentDocument[] = [];
  const scheduled: BlogDocument[] = [];
  for (const document of documents) {
    if (document.kind !== "blog" || document.date <= today) published.push(document);
    else if (preview) published.push({ ...document, scheduled: true });
    else {
      scheduled.push(document);
      heldBack.push({ id: document.id, code: document.code, file: document.file, date: document.date, reason: "scheduled" });
    }
  }
  return { documents: published, heldBack, scheduled };
}

/**
 * The links of the posts held back until their date, checked now as the build of that day will
 * check them, so that a mistake stops this build rather than that one (a static host's build on
 * the day, which no one watches): a page that does not exist, a draft, two posts with one slug,
 * a post dated after the one that links to it, and a title or description another page has. Their
 * photos are checked with the others'.
 */
export function checkScheduledPosts(published: readonly ContentDocument[], scheduled: readonly BlogDocument[], heldBack: HeldBackPost[]): void {
  if (!scheduled.length) return;
  const problems = new ProblemList();
  try {
    resolveRoutes([...published, ...scheduled], "content", unpublishedReasons(heldBack.filter((post) => post.reason === "draft")));
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    // Only the held-back posts' own findings: the published documents were checked with this build's table.
    const files = new Set(scheduled.map((post) => post.file));
    problems.push(...error.problems.filter((problem) => files.has(problem.file)));
  }
  // A title or description another page of its language has: the day's site check would refuse it.
  const taken = new Map<string, string>();
  for (const document of published)
    for (const kind of ["title", "description"] as const) taken.set(`${document.code} ${kind} ${document[kind]}`, document.file);
  for (const post of scheduled)
    for (const kind of ["title", "description"] as const) {
      const key = `${post.code} ${kind} ${post[kind]}`;
      const other = taken.get(key);
      if (other) problems.add(post.file, `duplicate ${kind} "${post[kind]}", also in ${other}; make each page's ${kind} its own`);
      else taken.set(key, post.file);
    }
  const dates = new Map(scheduled.map((post) => [`${post.code} ${post.id}`, post.date]));
  for (const post of scheduled)
    for (const link of post.links) {
      const date = dates.get(`${post.code} ${link.id}`);
      if (date && date > post.date)
        problems.add(
          post.file,
          `link to "route:${link.id}", which is dated ${date}, after this post (${post.date}); link to it once it is published`,
          link.line,
        );
    }
  problems.throwIfAny();
}

/** What `resolveRoutes` says of a link to a post that is held back: `"a draft"`, `"dated 2099-01-01"`. */
export function unpublishedReasons(heldBack: HeldBackPost[]): Map<string, string> {
  return new Map(heldBack.map((post) => [`${post.code} ${post.id}`, post.reason === "draft" ? "a draft" : `dated ${post.date}`]));
}

/** One line per post held back, for the build's summary: `Held back (dated later): content/blog/x/en.md (2099-01-01)`. */
export function describeHeldBack(heldBack: HeldBackPost[]): string[] {
  const scheduled = heldBack.filter((post) => post.reason === "scheduled");
  const drafts = heldBack.filter((post) => post.reason === "draft");
  return [
    ...(scheduled.length
      ? [`Held back ${scheduled.length} post${scheduled.length > 1 ? "s" : ""} dated after today, until a build on or after their date:`]
      : []),
    ...scheduled.map((post) => `  ${post.file} (${post.date})`),
    ...(drafts.length ? [`Left out ${drafts.length} draft${drafts.length > 1 ? "s" : ""} (draft: true; site dev shows them):`] : []),
    ...drafts.map((post) => `  ${post.file}`),
  ];
}
