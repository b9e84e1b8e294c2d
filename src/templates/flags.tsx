/** Flags drawn as SVG: emoji flags are not drawn on Windows. */
const flags: Record<string, React.ReactNode> = {
  gr: (
    <>
      <rect width="27" height="18" fill="#0D5EAF" />
      {[2, 6, 10, 14].map((y) => (
        <rect key={y} y={y} width="27" height="2" fill="#fff" />
      ))}
      <rect width="10" height="10" fill="#0D5EAF" />
      <rect x="4" width="2" height="10" fill="#fff" />
      <rect y="4" width="10" height="2" fill="#fff" />
    </>
  ),
  gb: (
    <>
      <rect width="27" height="18" fill="#012169" />
      <path d="M0 0l27 18M27 0L0 18" stroke="#fff" strokeWidth="3.6" />
      <path d="M0 0l27 18M27 0L0 18" stroke="#C8102E" strokeWidth="1.2" />
      <path d="M13.5 0v18M0 9h27" stroke="#fff" strokeWidth="6" />
      <path d="M13.5 0v18M0 9h27" stroke="#C8102E" strokeWidth="3.6" />
    </>
  ),
  de: (
    <>
      <rect width="27" height="6" fill="#000" />
      <rect y="6" width="27" height="6" fill="#DD0000" />
      <rect y="12" width="27" height="6" fill="#FFCE00" />
    </>
  ),
  fr: (
    <>
      <rect width="9" height="18" fill="#002654" />
      <rect x="9" width="9" height="18" fill="#fff" />
      <rect x="18" width="9" height="18" fill="#CE1126" />
    </>
  ),
  ru: (
    <>
      <rect width="27" height="6" fill="#fff" />
      <rect y="6" width="27" height="6" fill="#0039A6" />
      <rect y="12" width="27" height="6" fill="#D52B1E" />
    </>
  ),
};

export function Flag({ code, className = "h-4 w-6" }: { code: string; className?: string }) {
  return (
    <svg viewBox="0 0 27 18" className={`${className} shrink-0 rounded-sm ring-1 ring-black/10`} aria-hidden="true" focusable="false">
      {flags[code] ?? <rect width="27" height="18" fill="#ccc" />}
    </svg>
  );
}
