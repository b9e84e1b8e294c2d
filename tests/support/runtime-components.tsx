// Components written against React's API, for tests/e2e/runtime.spec.ts: React renders them to
// HTML in Node (as the build does), the site's runtime draws and hydrates them in the browser.
import { useEffect, useReducer, useRef, useState } from "react";

/** What effects did, in order. */
export const log: string[] = [];
/** Each component's state setter, for the test to change state from outside. */
export const setters: Record<string, (value: never) => void> = {};

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  setters.count = setCount as never;
  return (
    <button type="button" data-count={count} aria-pressed={count > 0} hidden={count > 5} onClick={() => setCount((value) => value + 1)}>
      {label}: {count}
    </button>
  );
}

function Toasts() {
  const [items, setItems] = useState<number[]>([1, 2, 3]);
  setters.items = setItems as never;
  return (
    <ul>
      {items.map((id) => (
        <li key={id} id={`item-${id}`}>
          {`item ${id}`}
        </li>
      ))}
    </ul>
  );
}

function Conditional() {
  const [shown, setShown] = useState(false);
  setters.shown = setShown as never;
  return (
    <div>
      {shown && <p id="first">first</p>}
      <p id="second">second</p>
    </div>
  );
}

function Effects({ name }: { name: string }) {
  const [value, setValue] = useState(0);
  setters.effects = setValue as never;
  useEffect(() => {
    log.push(`effect ${name} ${value}`);
    return () => void log.push(`cleanup ${name} ${value}`);
  }, [value]);
  useEffect(() => {
    log.push("mount");
    return () => void log.push("unmount");
  }, []);
  return <span>{value}</span>;
}

function Refs() {
  const element = useRef<HTMLElement | null>(null);
  const [, force] = useReducer((n: number) => n + 1, 0);
  setters.refs = force as never;
  useEffect(() => void log.push(`ref ${element.current?.localName}`));
  return <section ref={element}>ref</section>;
}

function Static({ html }: { html?: string }) {
  const [count, setCount] = useState(0);
  setters.static = setCount as never;
  return (
    <div data-count={count}>
      <div id="static" dangerouslySetInnerHTML={{ __html: html ?? "" }} />
    </div>
  );
}

function Capture() {
  const [events, setEvents] = useState<string[]>([]);
  const add = (name: string) => () => setEvents((list) => [...list, name]);
  return (
    <div id="capture" data-events={events.join(",")} onFocusCapture={add("focus")} onBlurCapture={add("blur")} onMouseEnter={add("enter")}>
      <input id="inner" />
    </div>
  );
}

function Texts({ name }: { name: string }) {
  const [greeting, setGreeting] = useState("Hello");
  setters.texts = setGreeting as never;
  return (
    <p>
      {greeting}, {name}!
    </p>
  );
}

/** Like the menu: while open, an effect listens on the document for Escape, which closes it. */
function Popup() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <button type="button" id="popup" aria-expanded={open} onClick={() => setOpen(!open)}>
      popup
    </button>
  );
}

export const components = { Counter, Toasts, Conditional, Effects, Refs, Static, Capture, Texts, Popup };
export type ComponentName = keyof typeof components;
