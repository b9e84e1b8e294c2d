import { createElement, type ReactNode, type Ref } from "react";

type StaticProps = {
  /** The element to draw: `ul`, `button`, `nav`… */
  as: string;
  /** The content, at build time; the browser gets none (it is not in the island's props). */
  children?: ReactNode;
  /** A ref to the element (a separate name, since function components do not pass `ref` on). */
  elementRef?: Ref<HTMLElement>;
} & Record<string, unknown>;

/**
 * An element whose attributes the island controls and whose content is drawn once, at build
 * time, and left alone in the browser. There the content is absent, and an empty
 * `dangerouslySetInnerHTML` tells the runtime not to touch the element's children: hydration
 * never rewrites inner HTML, and later renders keep it while the (empty) value is unchanged.
 */
export function Static({ as, children, elementRef, ...attributes }: StaticProps) {
  const props = { ...attributes, ref: elementRef, "data-static": "" };
  return children === undefined ? createElement(as, { ...props, dangerouslySetInnerHTML: { __html: "" } }) : createElement(as, props, children);
}
