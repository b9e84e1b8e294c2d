import type { SiteConfig } from "./load-config.ts";
import type { RenderedPage } from "./render-pages.tsx";
import type { RouteTable } from "./resolve-routes.ts";

export interface SiteCheckInput {
  config: SiteConfig;
  routes: RouteTable;
  pages: RenderedPage[];
  /** Final HTML by output path. */
  html: Map<string, string>;
  /** URLs of the non-page files the build writes. */
  assets: Set<string>;
}

/** Checks the built site as a whole before it is written (filled in by the quality-gates stage). */
export function checkSite(_input: SiteCheckInput): void {}
