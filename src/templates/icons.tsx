import { createRequire } from "node:module";
import { escapeHtml } from "../shared/html.ts";

type IconNode = [string, Record<string, string>][];
const nodes = createRequire(import.meta.url)("lucide-static/icon-nodes.json") as Record<string, IconNode>;

export type IconName =
  | "phone"
  | "car"
  | "house"
  | "shield"
  | "shield-check"
  | "key-round"
  | "clock"
  | "menu"
  | "x"
  | "map-pin"
  | "mail"
  | "zap"
  | "badge-check"
  | "wrench"
  | "lock-keyhole"
  | "check"
  | "chevron-down"
  | "globe"
  | "siren"
  | "graduation-cap"
  | "arrow-right"
  | "arrow-left"
  | "calendar"
  | "tag"
  | "message-circle"
  | "hand-coins"
  | "timer"
  | "door-closed"
  | "award"
  | "loader-circle"
  | "rss"
  | "chevron-left"
  | "chevron-right"
  | "pencil";

/** A lucide icon drawn inline (no request, no icon font); decorative unless given a label. */
export function Icon({ name, className = "size-5", label }: { name: IconName; className?: string; label?: string }) {
  const node = nodes[name];
  if (!node) throw new Error(`unknown icon "${name}"`);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden={label ? undefined : "true"}
      role={label ? "img" : undefined}
      aria-label={label}
      focusable="false"
      dangerouslySetInnerHTML={{ __html: innerMarkup(name) }}
    />
  );
}

// An icon's shapes as markup, made once per icon: a page draws some thirty icons, and React
// would otherwise render each of their shapes as an element of its own on every page.
const inner = new Map<string, string>();
function innerMarkup(name: IconName): string {
  let markup = inner.get(name);
  if (markup === undefined) {
    markup = nodes[name]!.map(
      ([tag, attrs]) =>
        `<${tag}${Object.entries(attrs)
          .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
          .join("")}></${tag}>`,
    ).join("");
    inner.set(name, markup);
  }
  return markup;
}

/** The same icon as markup, for islands that draw it in the browser: `iconMarkup("x", "size-5")`. */
export function iconMarkup(name: IconName, className: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="${className}" aria-hidden="true" focusable="false">${innerMarkup(name)}</svg>`;
}
