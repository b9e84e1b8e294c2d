/** `escapeHtml('<a href="x">')` → `&lt;a href=&quot;x&quot;&gt;`: safe in text and in quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char]!);
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Where a page's `<style>` gets its CSS: the templates write it, the CSS stage replaces it. */
export const cssMarker = "/*__PAGE_CSS__*/";

/** Where a page's island script goes: the templates write it as the script's URL, the build replaces it. */
export const islandScriptMarker = "/__PAGE_ISLANDS__.js";
