/** One file of a responsive image: `/assets/images/van-800.3f9a1c2b.webp`, 800 px wide. */
export interface ImageCandidate {
  url: string;
  width: number;
}

/**
 * A photo as the build made it: the same picture in AVIF and WebP at a few widths, a JPEG or PNG
 * fallback for browsers that read neither, and its size (for width and height, so nothing moves
 * while it loads). An SVG is one file, as it is, with no sources.
 */
export interface ResponsiveImage {
  width: number;
  height: number;
  /** Modern formats, best first: `image/avif`, `image/webp`. */
  sources: { type: string; candidates: ImageCandidate[] }[];
  /** JPEG (PNG where the photo has transparency, the SVG itself for a drawing), widest last. */
  fallback: ImageCandidate[];
  /** A 1200×630 JPEG crop for link previews; none for an SVG. */
  preview?: string;
}

/** The `srcset` of a set of candidates: `/a-400.x.webp 400w, /a-800.y.webp 800w`. */
export function toSrcset(candidates: readonly ImageCandidate[]): string {
  return candidates.map((candidate) => `${candidate.url} ${candidate.width}w`).join(", ");
}

/** A link preview: the image social networks and messengers show beside a shared link. */
export interface SocialImage {
  /** The image's absolute URL. */
  url: string;
  width: number;
  height: number;
  /** What the image shows, in the page's language. */
  alt: string;
}

/** Link previews are this size: what Facebook, WhatsApp, Viber and X show best. */
export const socialImageSize = { width: 1200, height: 630 } as const;
