import * as esbuild from "esbuild";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test, type Page } from "@playwright/test";
import { reactToRuntime } from "../../src/generator/bundle-islands.ts";
import { components, type ComponentName } from "../support/runtime-components.tsx";

// The islands' browser runtime (src/client/runtime/), on components written against React's API:
// React renders them in Node as the build does, the runtime draws and hydrates them in Chromium.

type Runtime = {
  log: string[];
  render(name: ComponentName, props: object, container: Element): void;
  unmount(container: Element): void;
  hydrate(name: ComponentName, props: object, container: Element): void;
  set(name: string, value: unknown): void;
};
declare const runtime: Runtime;

let harness = "";
test.beforeAll(async () => {
  const result = await esbuild.build({
    entryPoints: ["tests/support/runtime-harness.tsx"],
    bundle: true,
    format: "iife",
    jsx: "automatic",
    write: false,
    plugins: [reactToRuntime],
  });
  harness = result.outputFiles[0]!.text;
});

test.skip(({ isMobile }) => isMobile, "the runtime does not depend on the width");

/** A blank page with the harness and an empty `#root`, holding `html` if given (the build's markup). */
async function open(page: Page, html = "") {
  await page.setContent(`<!doctype html><html lang="en"><body><div id="root">${html}</div></body></html>`);
  await page.addScriptTag({ content: harness });
}

const ssr = (name: ComponentName, props: object) => renderToStaticMarkup(createElement(components[name] as never, props as never));
const effectsDone = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 10)));

test("hydration keeps every node of the build's markup, attaches handlers, then updates in place", async ({ page }) => {
  const html = ssr("Counter", { label: "Taps" });
  await open(page, html);
  await page.evaluate(() => {
    const root = document.getElementById("root")!;
    (window as unknown as { before: Node[] }).before = [root.firstChild!, root.firstChild!.firstChild!];
    runtime.hydrate("Counter", { label: "Taps" }, root);
  });
  expect(await page.locator("#root").innerHTML()).toBe(html);
  expect(await page.evaluate(() => (window as unknown as { before: Node[] }).before[0] === document.querySelector("#root button"))).toBe(true);
  await page.locator("button").click();
  await expect(page.locator("button")).toHaveText("Taps: 1");
  await expect(page.locator("button")).toHaveAttribute("data-count", "1");
  await expect(page.locator("button")).toHaveAttribute("aria-pressed", "true");
  // The element and the text the build wrote are the ones updated, not replaced.
  expect(await page.evaluate(() => (window as unknown as { before: Node[] }).before[0] === document.querySelector("#root button"))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { before: Node[] }).before[1] === document.querySelector("#root button")!.firstChild)).toBe(true);
});

test("a boolean attribute comes and goes as React writes it", async ({ page }) => {
  await open(page);
  await page.evaluate(() => runtime.render("Counter", { label: "n" }, document.getElementById("root")!));
  await expect(page.locator("button")).toHaveAttribute("aria-pressed", "false");
  await page.evaluate(() => runtime.set("count", 6));
  await expect(page.locator("button")).toHaveAttribute("hidden", "");
  await page.evaluate(() => runtime.set("count", 1));
  await expect(page.locator("button")).not.toHaveAttribute("hidden");
});

test("a drawn component writes the markup React writes for it", async ({ page }) => {
  await open(page);
  const cases: [ComponentName, object][] = [
    ["Counter", { label: "Taps" }],
    ["Toasts", {}],
    ["Conditional", {}],
    ["Static", { html: "<b>bold</b>" }],
    ["Capture", {}],
    ["Texts", { name: "Nafplio" }],
  ];
  for (const [name, props] of cases) {
    const same = await page.evaluate(
      ({ name, props, html }) => {
        const drawn = document.createElement("div");
        runtime.render(name, props, drawn);
        const written = document.createElement("div");
        written.innerHTML = html;
        drawn.normalize();
        const equal = drawn.isEqualNode(written);
        runtime.unmount(drawn);
        return equal;
      },
      { name, props, html: ssr(name, props) },
    );
    expect(same, name).toBe(true);
  }
});

test("keyed children keep their elements when the list changes", async ({ page }) => {
  await open(page);
  await page.evaluate(() => {
    runtime.render("Toasts", {}, document.getElementById("root")!);
    (window as unknown as { kept: Element[] }).kept = [document.getElementById("item-1")!, document.getElementById("item-3")!];
    runtime.set("items", [3, 1, 4]);
  });
  await expect(page.locator("li")).toHaveText(["item 3", "item 1", "item 4"]);
  expect(await page.evaluate(() => (window as unknown as { kept: Element[] }).kept.every((element) => element.isConnected))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { kept: Element[] }).kept[1] === document.querySelector("li"))).toBe(true);
  await page.evaluate(() => runtime.set("items", []));
  await expect(page.locator("li")).toHaveCount(0);
});

test("an element after a condition stays itself when the condition turns true", async ({ page }) => {
  await open(page, ssr("Conditional", {}));
  await page.evaluate(() => {
    (window as unknown as { second: Element }).second = document.getElementById("second")!;
    runtime.hydrate("Conditional", {}, document.getElementById("root")!);
    runtime.set("shown", true);
  });
  await expect(page.locator("#root p")).toHaveText(["first", "second"]);
  expect(await page.evaluate(() => (window as unknown as { second: Element }).second === document.getElementById("second"))).toBe(true);
});

test("effects run after the commit, clean up when a dependency changes and on unmount", async ({ page }) => {
  await open(page);
  const logged = await page.evaluate(() => {
    runtime.render("Effects", { name: "a" }, document.getElementById("root")!);
    return [...runtime.log];
  });
  expect(logged, "not during the render").toEqual([]);
  await effectsDone(page);
  expect(await page.evaluate(() => runtime.log.splice(0))).toEqual(["effect a 0", "mount"]);
  await page.evaluate(() => runtime.set("effects", 1));
  await effectsDone(page);
  expect(await page.evaluate(() => runtime.log.splice(0))).toEqual(["cleanup a 0", "effect a 1"]);
  await page.evaluate(() => runtime.unmount(document.getElementById("root")!));
  expect(await page.evaluate(() => runtime.log.splice(0))).toEqual(["cleanup a 1", "unmount"]);
  await expect(page.locator("#root")).toBeEmpty();
});

test("a key pressed before the page's timers run still finds the listener an effect of the last click adds", async ({ page }) => {
  await open(page, ssr("Popup", {}));
  await page.evaluate(() => runtime.hydrate("Popup", {}, document.getElementById("root")!));
  await effectsDone(page);
  // A busy phone: input is handled before timers, so the effects' task has not run yet.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.locator("#popup").click();
  await expect(page.locator("#popup")).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(page.locator("#popup")).toHaveAttribute("aria-expanded", "false");
});

test("a ref points at its element, after hydration too", async ({ page }) => {
  await open(page, ssr("Refs", {}));
  await page.evaluate(() => runtime.hydrate("Refs", {}, document.getElementById("root")!));
  await effectsDone(page);
  expect(await page.evaluate(() => runtime.log.splice(0))).toEqual(["ref section"]);
  await page.evaluate(() => runtime.set("refs", undefined));
  await effectsDone(page);
  expect(await page.evaluate(() => runtime.log.splice(0))).toEqual(["ref section"]);
});

test("content set as inner HTML is the build's while hydrating and is left alone while unchanged", async ({ page }) => {
  // As Static draws a slot: the build wrote the content; the browser's component has none.
  await open(page, '<div data-count="0"><div id="static"><b>from the build</b></div></div>');
  await page.evaluate(() => runtime.hydrate("Static", {}, document.getElementById("root")!));
  await page.evaluate(() => runtime.set("static", 1));
  await expect(page.locator("#root > div")).toHaveAttribute("data-count", "1");
  await expect(page.locator("#static")).toHaveText("from the build");
});

test("capture-phase and non-bubbling handlers fire as React's do", async ({ page }) => {
  await open(page, ssr("Capture", {}));
  await page.evaluate(() => runtime.hydrate("Capture", {}, document.getElementById("root")!));
  await page.locator("#capture").hover();
  await page.locator("#inner").focus();
  await page.locator("#inner").blur();
  await expect(page.locator("#capture")).toHaveAttribute("data-events", "enter,focus,blur");
});

test("adjacent texts the build wrote as one node are each updated on their own", async ({ page }) => {
  const html = ssr("Texts", { name: "Nafplio" });
  await open(page, html);
  await page.evaluate(() => runtime.hydrate("Texts", { name: "Nafplio" }, document.getElementById("root")!));
  expect(await page.locator("#root").innerHTML()).toBe(html);
  await page.evaluate(() => runtime.set("texts", "Γεια σας"));
  await expect(page.locator("p")).toHaveText("Γεια σας, Nafplio!");
});
