/** How long browsers and caches may keep each kind of file; every server and host sends the same. */
export const cacheControl = {
  /** Pages: always revalidated (ETag), so a new build shows at once. */
  page: "no-cache",
  /** robots.txt, the sitemap, the owner's files: an hour. */
  file: "public, max-age=3600",
  /** Fingerprinted files: their name changes with their content. */
  fingerprinted: "public, max-age=31536000, immutable",
} as const;

/** The output folder of fingerprinted files (`assets/islands.07e9e867f8.js`). */
export const assetsFolder = "assets";

/** `assets/islands.07e9e867f8.js`: a name that changes whenever the content does. */
export function isFingerprinted(name: string): boolean {
  return /(^|\/)assets\/.+\.[0-9a-f]{8,}\.[a-z0-9]+$/i.test(name);
}
