/**
 * Flags drawn as SVG: emoji flags are not drawn on Windows. Their shapes are written as markup,
 * as React would draw them: every page has ten flags, and shapes drawn as elements of their own
 * cost React's time on every page.
 */
const flags: Record<string, string> = {
  gr: [
    '<rect width="27" height="18" fill="#0D5EAF"></rect>',
    ...[2, 6, 10, 14].map((y) => `<rect y="${y}" width="27" height="2" fill="#fff"></rect>`),
    '<rect width="10" height="10" fill="#0D5EAF"></rect>',
    '<rect x="4" width="2" height="10" fill="#fff"></rect>',
    '<rect y="4" width="10" height="2" fill="#fff"></rect>',
  ].join(""),
  gb: [
    '<rect width="27" height="18" fill="#012169"></rect>',
    '<path d="M0 0l27 18M27 0L0 18" stroke="#fff" stroke-width="3.6"></path>',
    '<path d="M0 0l27 18M27 0L0 18" stroke="#C8102E" stroke-width="1.2"></path>',
    '<path d="M13.5 0v18M0 9h27" stroke="#fff" stroke-width="6"></path>',
    '<path d="M13.5 0v18M0 9h27" stroke="#C8102E" stroke-width="3.6"></path>',
  ].join(""),
  de: [
    '<rect width="27" height="6" fill="#000"></rect>',
    '<rect y="6" width="27" height="6" fill="#DD0000"></rect>',
    '<rect y="12" width="27" height="6" fill="#FFCE00"></rect>',
  ].join(""),
  fr: [
    '<rect width="9" height="18" fill="#002654"></rect>',
    '<rect x="9" width="9" height="18" fill="#fff"></rect>',
    '<rect x="18" width="9" height="18" fill="#CE1126"></rect>',
  ].join(""),
  ru: [
    '<rect width="27" height="6" fill="#fff"></rect>',
    '<rect y="6" width="27" height="6" fill="#0039A6"></rect>',
    '<rect y="12" width="27" height="6" fill="#D52B1E"></rect>',
  ].join(""),
};

export function Flag({ code, className = "h-4 w-6" }: { code: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 27 18"
      className={`${className} shrink-0 rounded-sm ring-1 ring-black/10`}
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: flags[code] ?? '<rect width="27" height="18" fill="#ccc"></rect>' }}
    />
  );
}
