import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createOutcomeStore } from "../../src/server/outcomes.ts";
import { buildSite, serve, tempDir, validMessage, type RunningServer } from "./helpers.ts";

let work: Awaited<ReturnType<typeof tempDir>>;
let site: RunningServer;

beforeAll(async () => {
  work = await tempDir("flood");
  const dist = path.join(work.dir, "dist");
  await buildSite(dist);
  site = await serve(dist, { SITE_DATA_DIR: path.join(work.dir, "data"), TRUST_PROXY: "1" });
});

afterAll(async () => {
  await site?.stop();
  await work?.remove();
});

/** A form posted without JavaScript, from `ip`; resolves with where the server sends the browser. */
async function postPage(fields: Record<string, string>, ip: string): Promise<string> {
  const response = await fetch(`${site.url}/send-mail.php`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", "X-Forwarded-For": ip },
    body: new URLSearchParams(fields).toString(),
  });
  expect(response.status).toBe(303);
  return response.headers.get("location")!.replace(/#.*$/, "");
}

const pageAt = async (location: string) => (await fetch(`${site.url}${location}`)).text();
const showsSent = (html: string) => /<div data-form-status="sent" role="status"/.test(html);
const showsError = (html: string, text: string) => html.includes(`<span data-form-error="true">${text}</span>`);

describe("script-less outcomes under a flood of refusals", () => {
  test("300 refused posts of 16,000 characters from one address leave other visitors' outcomes, and its own newest, in place", async () => {
    const sent = await postPage(validMessage("visitor-sent"), "203.0.113.10");
    const refused = await postPage(validMessage("visitor-refused", { phone: "" }), "203.0.113.11");

    const flood = validMessage("flood", { message: "x".repeat(16_000) });
    const locations: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < 300) {
          next++;
          locations.push(await postPage(flood, "203.0.113.66"));
        }
      }),
    );
    expect(locations).toHaveLength(300);

    // Each of the other visitors still sees what happened to their message.
    expect(showsSent(await pageAt(sent))).toBe(true);
    const refusedPage = await pageAt(refused);
    expect(showsError(refusedPage, "Please fill in your name, phone and message.")).toBe(true);
    expect(refusedPage).toContain('value="Maria visitor-refused"');
    // The flooding address keeps only its latest few; its newest is shown, cut to what the form can send.
    const newest = await pageAt(locations[locations.length - 1]!);
    expect(showsError(newest, "A field is too long. Please shorten it.")).toBe(true);
    expect(newest).toContain(`${"x".repeat(10_000)}</textarea>`);
    expect(newest).not.toContain("x".repeat(10_001));
    const oldest = await pageAt(locations[0]!);
    expect(showsError(oldest, "A field is too long. Please shorten it.") || showsSent(oldest)).toBe(false);
  }, 60_000);
});

describe("the outcome store", () => {
  const values = (size: number) => ({ name: "n", phone: "", email: "", message: "m".repeat(size) });

  test("each client keeps at most its five newest outcomes", () => {
    const store = createOutcomeStore();
    const tokens = Array.from({ length: 7 }, () => store.put("a", { status: "sent" }));
    const other = store.put("b", { status: "sent" });
    expect(tokens.map((token) => store.get(token) !== undefined)).toEqual([false, false, true, true, true, true, true]);
    expect(store.get(other)).toEqual({ status: "sent" });
  });

  test("when the store is full, outcomes a client has replaced go before anyone's newest", () => {
    const store = createOutcomeStore({ max: 4 });
    const first = store.put("a", { status: "sent" });
    const second = store.put("b", { status: "sent" });
    const older = store.put("c", { status: "sent" });
    store.put("c", { status: "sent" });
    const crowd = store.put("d", { status: "sent" });
    expect([first, second, older, crowd].map((token) => store.get(token) !== undefined)).toEqual([true, true, false, true]);
    // With every outcome some client's newest, the oldest goes.
    store.put("e", { status: "sent" });
    expect(store.get(first)).toBeUndefined();
    expect(store.size).toBe(4);
  });

  test("an outcome keeps no more than the form itself can send, so its size is bounded", () => {
    // Uncut, the first 1,000,000-character outcome alone would push every other one out.
    const store = createOutcomeStore({ maxChars: 40_000 });
    const keeper = store.put("a", { status: "error", text: "t".repeat(10_000), values: values(5_000) });
    for (let index = 0; index < 3; index++) store.put(`flood-${index}`, { status: "error", text: "e", values: values(1_000_000) });
    const kept = store.get(keeper);
    expect(kept && kept.status === "error" && [kept.text.length, kept.values.message.length]).toEqual([500, 5_000]);
    expect(store.size).toBe(4);
  });
});
