// Bundled into a blank page by tests/e2e/runtime.spec.ts: the components drawn and hydrated by
// the site's runtime (src/client/runtime/), as the islands are.
import { hydrate, render } from "../../src/client/runtime/render.ts";
import { createElement } from "../../src/client/runtime/vnode.ts";
import { components, log, setters, type ComponentName } from "./runtime-components.tsx";

const element = (name: ComponentName, props: object) => createElement(components[name] as never, props as never);

Object.assign(window, {
  runtime: {
    log,
    render: (name: ComponentName, props: object, container: Element) => render(element(name, props), container),
    unmount: (container: Element) => render(null, container),
    hydrate: (name: ComponentName, props: object, container: Element) => hydrate(element(name, props), container),
    set: (name: string, value: unknown) => setters[name]!(value as never),
  },
});
