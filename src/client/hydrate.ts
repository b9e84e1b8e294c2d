import { createElement, type Component } from "./runtime/vnode.ts";
import { hydrate } from "./runtime/render.ts";

/**
 * Brings each `[data-island]` of the page to life with its component and the props the build
 * serialized beside it. The markup is already there: hydration only attaches state and events.
 */
export function hydrateIslands(components: Record<string, Component>): void {
  for (const root of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const component = components[root.dataset.island!];
    if (component) hydrate(createElement(component, JSON.parse(root.dataset.props || "{}")), root);
  }
}
