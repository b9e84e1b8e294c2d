/**
 * The elements a component returns: what `createElement` and the JSX runtime make. Only the
 * shapes React itself accepts as children are kept: elements, text, arrays; null, undefined and
 * booleans draw nothing.
 */
export type Props = Record<string, unknown> & { children?: unknown };
export type Component = (props: Props) => unknown;

export interface VNode {
  /** A tag name, a function component, or null for text (whose props are the text). */
  type: string | Component | null;
  props: Props | string;
  key: unknown;
  ref: unknown;
  /** The DOM node of an element or a text; the container of the root. */
  dom?: Node;
  /** What it drew: an element's children, a component's output (null: a hole). */
  children?: (VNode | null)[];
  parent?: VNode;
  /** A component's hooks and render state. */
  instance?: Instance;
}

export interface Instance {
  vnode: VNode;
  hooks: Hook[];
  depth: number;
  dirty?: boolean;
  unmounted?: boolean;
}

/** One hook's slot: its value, dependencies, and (for effects) the pending run and cleanup. */
export interface Hook {
  value?: unknown;
  deps?: unknown[];
  reducer?: (state: unknown, action: unknown) => unknown;
  dispatch?: (action: unknown) => void;
  effect?: () => unknown;
  cleanup?: unknown;
}

/** A fragment draws its children where it stands. */
export const Fragment = (props: Props) => props.children;

export function createElement(type: VNode["type"], props?: Props | null, ...children: unknown[]): VNode {
  const { key, ref, ...rest } = props ?? {};
  if (children.length) rest.children = children.length > 1 ? children : children[0];
  return { type, props: rest, key, ref };
}

/** The automatic JSX runtime's entry: the children are already in the props. */
export function jsx(type: VNode["type"], props: Props, key?: unknown): VNode {
  const { ref, ...rest } = props;
  return { type, props: rest, key, ref };
}

/**
 * Flattens what a component or element was given as children into nodes to draw. What draws
 * nothing keeps its place as a hole, so siblings after a condition still pair with themselves.
 */
export function toVNodes(children: unknown, out: (VNode | null)[] = []): (VNode | null)[] {
  if (Array.isArray(children)) for (const child of children) toVNodes(child, out);
  else if (typeof children === "string" || typeof children === "number") out.push({ type: null, props: String(children), key: undefined, ref: undefined });
  else out.push(children != null && typeof children === "object" ? (children as VNode) : null);
  return out;
}
