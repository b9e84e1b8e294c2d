import { createContext, createElement, useContext, type ComponentType } from "react";

/** Every island the site has; each name is also the `data-island` value the browser looks for. */
export type IslandName = "menu" | "language-switcher" | "language-hint" | "blog-filter" | "contact-form" | "consent-banner";

/** Collects the islands a page uses while it renders, so its script carries only those. */
export const IslandsUsed = createContext<Set<IslandName> | null>(null);

interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  /** What the browser gets too: serialized into `data-props`, so it must be plain JSON. */
  props: NoInfer<P>;
  /**
   * Content drawn only here, at build time, and kept as it is in the browser (see Static):
   * links, headings and text that never change, so they need not travel twice.
   */
  slots?: Partial<NoInfer<P>>;
}

/**
 * An interactive part of a page: rendered with the page, then hydrated in the browser by
 * src/client/hydrate.ts from the same component and the same props. The wrapper has
 * `display: contents`, so it takes no part in the layout.
 */
export function Island<P extends object>({ name, component, props, slots }: IslandProps<P>) {
  useContext(IslandsUsed)?.add(name);
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      {createElement(component, { ...props, ...slots })}
    </div>
  );
}
