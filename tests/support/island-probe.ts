// Loaded into a page by tests/e2e/islands.spec.ts: renders an island afresh in the browser (no
// hydration) and writes any subtree in a form that compares markup, not formatting.
import { render } from "../../src/client/runtime/render.ts";
import { createElement, type Component } from "../../src/client/runtime/vnode.ts";

/**
 * Elements and their attributes (sorted) and text (adjacent nodes joined); the content of
 * `data-static` elements is left out, since the browser never draws it.
 */
function serialize(node: Node): string {
  let out = "";
  let text = "";
  const flush = () => {
    if (text) out += JSON.stringify(text);
    text = "";
  };
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) text += (child as Text).data;
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    flush();
    const element = child as Element;
    const attributes = [...element.attributes].map((attribute) => `${attribute.name}=${JSON.stringify(attribute.value)}`).sort();
    out += `<${element.localName} ${attributes.join(" ")}>${element.hasAttribute("data-static") ? "(static)" : serialize(element)}</${element.localName}>`;
  }
  flush();
  return out;
}

/** Puts `window.islandProbe` in place, with the islands the bundle was given. */
export function installProbe(components: Record<string, Component>): void {
  const renderIsland = (name: string, props: Record<string, unknown>): string => {
    const container = document.createElement("div");
    render(createElement(components[name]!, props), container);
    const markup = serialize(container);
    render(null, container);
    return markup;
  };
  Object.assign(window, { islandProbe: { serialize, renderIsland } });
}
