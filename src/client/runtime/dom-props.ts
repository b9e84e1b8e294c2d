import type { Props } from "./vnode.ts";

type Listening = Element & { listeners?: Record<string, (event: Event) => void> };

// One listener per event type, phase and element, which calls the handler of the latest render.
function bubble(this: Listening, event: Event) {
  this.listeners![event.type]?.(event);
}
function capture(this: Listening, event: Event) {
  this.listeners![event.type + "!"]?.(event);
}

/**
 * Sets one prop on an element as React writes it to HTML: `className` and `htmlFor` are the
 * `class` and `for` attributes; `on…` props are event handlers (`…Capture` in the capture
 * phase; `onFocus` and `onBlur` bubble, as React's do); a boolean is an empty attribute or none, except in `aria-*` and `data-*`, where it is
 * the word. Names are case-insensitive in HTML (`maxLength` is `maxlength`).
 */
export function setProp(element: Listening, name: string, value: unknown, old: unknown): void {
  if (name[0] === "o" && name[1] === "n") {
    const inCapture = name.endsWith("Capture");
    const event = name.slice(2, inCapture ? -7 : undefined).toLowerCase();
    // React's focus and blur handlers hear their descendants too: focusin and focusout do.
    const type = event === "focus" ? "focusin" : event === "blur" ? "focusout" : event;
    const listener = inCapture ? capture : bubble;
    if (value && !old) element.addEventListener(type, listener, inCapture);
    if (!value && old) element.removeEventListener(type, listener, inCapture);
    (element.listeners ??= {})[type + (inCapture ? "!" : "")] = value as (event: Event) => void;
    return;
  }
  const attribute = name === "className" ? "class" : name === "htmlFor" ? "for" : name;
  if (value == null || (value === false && !attribute.includes("-"))) element.removeAttribute(attribute);
  else element.setAttribute(attribute, value === true && !attribute.includes("-") ? "" : String(value));
}

/** Props that are not attributes. */
export const isSpecial = (name: string) => name === "children" || name === "dangerouslySetInnerHTML" || name === "defaultValue";

/** Applies a render's props over the previous render's. */
export function diffProps(element: Element, props: Props, old: Props): void {
  for (const name in old) if (!isSpecial(name) && !(name in props)) setProp(element, name, undefined, old[name]);
  for (const name in props) if (!isSpecial(name) && props[name] !== old[name]) setProp(element, name, props[name], old[name]);
}

/** While hydrating, the attributes are the build's already: only the event handlers are new. */
export function listen(element: Element, props: Props): void {
  for (const name in props) if (name[0] === "o" && name[1] === "n" && typeof props[name] === "function") setProp(element, name, props[name], undefined);
}
