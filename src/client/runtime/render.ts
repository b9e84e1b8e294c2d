import { diffProps, listen } from "./dom-props.ts";
import { renderComponent, unmountHooks } from "./hooks.ts";
import { toVNodes, type Instance, type Props, type VNode } from "./vnode.ts";

/** While hydrating: the element whose build-time children are being claimed, and the next one. */
interface Cursor {
  parent: Node;
  next: Node | null;
}

type Children = (VNode | null)[];
type Ref = ((value: Node | null) => void) | { current: Node | null } | null | undefined;

const svg = "http://www.w3.org/2000/svg";
const queue: Instance[] = [];

/**
 * Brings the build's markup in `container` to life: each node the components draw is matched to
 * the node already there, which gets its event handlers and refs and is otherwise left as it is.
 */
export function hydrate(vnode: unknown, container: Element): void {
  const root = rootOf(container);
  diffChildren(root, toVNodes(vnode), [], { parent: container, next: container.firstChild });
}

/** Draws `vnode` into `container` afresh (or updates what an earlier call drew there). */
export function render(vnode: unknown, container: Element): void {
  const root = rootOf(container);
  diffChildren(root, toVNodes(vnode), root.children!, undefined);
  place(root);
}

function rootOf(container: Element & { root?: VNode }): VNode {
  return (container.root ??= { type: "", props: {}, key: undefined, ref: undefined, dom: container, children: [] });
}

/** A state change: the component renders again, in a microtask, parents before children. */
export function enqueue(instance: Instance): void {
  if (instance.dirty) return;
  instance.dirty = true;
  if (queue.push(instance) === 1) queueMicrotask(flush);
}

function flush(): void {
  while (queue.length) {
    queue.sort((a, b) => a.depth - b.depth);
    const instance = queue.shift()!;
    if (!instance.dirty || instance.unmounted) continue;
    const { vnode } = instance;
    diffComponent(vnode, vnode.children!, undefined);
    place(hostOf(vnode));
  }
}

function diffComponent(vnode: VNode, old: Children, cursor: Cursor | undefined): void {
  const instance = vnode.instance!;
  instance.vnode = vnode;
  instance.dirty = false;
  diffChildren(vnode, toVNodes(renderComponent(instance)), old, cursor);
}

/** The element (or root) whose DOM children a vnode's nodes are among. */
function hostOf(vnode: VNode): VNode {
  let host = vnode.parent!;
  while (typeof host.type === "function") host = host.parent!;
  return host;
}

function diffChildren(parent: VNode, children: Children, old: Children, cursor: Cursor | undefined): void {
  parent.children = children;
  const used = new Set<VNode>();
  children.forEach((child, at) => {
    if (!child) return;
    const matches = (candidate: VNode | null | undefined): candidate is VNode =>
      !!candidate && !used.has(candidate) && candidate.key === child.key && candidate.type === child.type;
    // Unkeyed children pair by position (a missing one leaves a hole); keyed ones by key.
    const match = matches(old[at]) ? old[at] : child.key != null ? old.find(matches) : undefined;
    if (match) used.add(match);
    diff(parent, child, match ?? undefined, cursor);
  });
  for (const child of old) if (child && !used.has(child)) unmount(child, true);
}

function diff(parent: VNode, vnode: VNode, old: VNode | undefined, cursor: Cursor | undefined): void {
  vnode.parent = parent;
  if (typeof vnode.type === "function") {
    vnode.instance = old ? old.instance : { vnode, hooks: [], depth: depthOf(parent) };
    return diffComponent(vnode, old?.children ?? [], cursor);
  }
  const claimed = cursor && claim(cursor, vnode);
  const dom = (vnode.dom = vnode.type === null ? diffText(vnode, old?.dom ?? claimed) : diffElement(vnode, old, claimed));
  // A node the build's markup lacked goes where it belongs.
  if (cursor && !claimed) cursor.parent.insertBefore(dom, cursor.next);
}

function diffText(vnode: VNode, dom: Node | undefined): Node {
  const text = vnode.props as string;
  if (!dom) return document.createTextNode(text);
  if ((dom as Text).data !== text) (dom as Text).data = text;
  return dom;
}

function diffElement(vnode: VNode, old: VNode | undefined, claimed: Node | undefined): Node {
  const props = vnode.props as Props;
  const oldProps = (old?.props ?? {}) as Props;
  const dom = (vnode.dom = claimed ?? old?.dom ?? create(vnode.type as string, props, hostOf(vnode).dom as Element));
  if (claimed) listen(claimed as Element, props);
  else if (old) diffProps(dom as Element, props, oldProps);
  const html = innerHtml(props);
  if (html != null) {
    // The build's content stays: only a changed value is written.
    if (!claimed && html !== innerHtml(oldProps)) (dom as Element).innerHTML = html;
  } else {
    diffChildren(vnode, toVNodes(props.children), old?.children ?? [], claimed ? { parent: dom, next: dom.firstChild } : undefined);
    if (!claimed) place(vnode);
  }
  if (claimed || vnode.ref !== old?.ref) {
    setRef(old?.ref as Ref, null);
    setRef(vnode.ref as Ref, dom);
  }
  return dom;
}

const innerHtml = (props: Props) => (props.dangerouslySetInnerHTML as { __html?: string } | undefined)?.__html;

function depthOf(parent: VNode): number {
  let depth = 0;
  for (let vnode: VNode | undefined = parent; vnode; vnode = vnode.parent) if (vnode.instance) depth++;
  return depth;
}

/** Takes the next node of the build's markup if it is what the vnode draws. */
function claim(cursor: Cursor, vnode: VNode): Node | undefined {
  const node = cursor.next;
  if (!node) return;
  if (vnode.type === null) {
    if (node.nodeType !== Node.TEXT_NODE || !(vnode.props as string)) return;
    // The build writes adjacent texts as one node; each text takes its own part of it.
    const text = node as Text;
    const length = (vnode.props as string).length;
    if (text.data.length > length && text.data.startsWith(vnode.props as string)) text.splitText(length);
  } else if ((node as Element).localName !== vnode.type) return;
  cursor.next = node.nextSibling;
  return node;
}

function create(type: string, props: Props, host: Element): Element {
  const inSvg = type === "svg" || (host.namespaceURI === svg && host.localName !== "foreignObject");
  const element = inSvg ? document.createElementNS(svg, type) : document.createElement(type);
  diffProps(element, props, {});
  if (props.defaultValue != null) {
    if (type === "textarea") element.textContent = String(props.defaultValue);
    else element.setAttribute("value", String(props.defaultValue));
  }
  return element;
}

function setRef(ref: Ref, value: Node | null): void {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

/** Puts an element's (or the root's) nodes in the order its children draw them. */
function place(host: VNode): void {
  const element = host.dom!;
  let next = element.firstChild;
  for (const node of domNodes(host.children!)) {
    if (node === next) next = node.nextSibling;
    else element.insertBefore(node, next);
  }
}

function domNodes(children: Children, out: Node[] = []): Node[] {
  for (const child of children) {
    if (!child) continue;
    if (typeof child.type === "function") domNodes(child.children!, out);
    else out.push(child.dom!);
  }
  return out;
}

function unmount(vnode: VNode, remove: boolean): void {
  setRef(vnode.ref as Ref, null);
  if (vnode.instance) unmountHooks(vnode.instance);
  const isComponent = typeof vnode.type === "function";
  for (const child of vnode.children ?? []) if (child) unmount(child, remove && isComponent);
  if (remove && !isComponent) (vnode.dom as ChildNode).remove();
}
