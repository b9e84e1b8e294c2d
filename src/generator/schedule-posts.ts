import type { ContentDocument } from "../shared/content.ts";

/** A post a build left out, and why. */
export interface HeldBackPost {
  id: string;
  code: string;
  file: string;
  /** Its date, for a post dated after the build's day. */
  date?: string;
  reason: "draft" | "scheduled";
}

/**
 * The posts a build publishes. A post dated after `today` waits for a build made on or after its
 * date; `site dev` (`preview`) shows it anyway, marked as scheduled. Drafts were left out when the
 * content was read (they need not be complete), and are named here beside the scheduled posts.
 */
export function schedulePosts(
  documents: ContentDocument[],
  { today, preview, draftsLeftOut = [] }: { today: string; preview: boolean; draftsLeftOut?: { id: string; code: string; file: string }[] },
): { documents: ContentDocument[]; heldBack: HeldBackPost[] } {
  const heldBack: HeldBackPost[] = draftsLeftOut.map((draft) => ({ ...draft, reason: "draft" }));
  const published: ContentDocument[] = [];
  for (const document of documents) {
    if (document.kind !== "blog" || document.date <= today) published.push(document);
    else if (preview) published.push({ ...document, scheduled: true });
    else heldBack.push({ id: document.id, code: document.code, file: document.file, date: document.date, reason: "scheduled" });
  }
  return { documents: published, heldBack };
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
