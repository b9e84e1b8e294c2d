import type { ImageCache } from "./image-cache.ts";
import { digestOf } from "./cache-names.ts";
import { favicon } from "./root-pages.ts";
import type { OutputFile } from "./write-site.ts";

export const themeColor = "#0f172a";

/** The icon a phone puts on its home screen, and the files of the web app manifest. */
export const appIconFiles = { touch: "apple-touch-icon.png", manifest: "manifest.webmanifest", sizes: [192, 512] } as const;

/**
 * The favicon drawn as the PNGs phones ask for (the home-screen icon of iOS, square and opaque;
 * 192 and 512 px for Android), and a web app manifest that names the site and its icons.
 */
export async function createAppIcons(cache: ImageCache, { name, shortName, lang }: { name: string; shortName: string; lang: string }): Promise<OutputFile[]> {
  const draw = (size: number) =>
    cache.get(digestOf("app icon", String(size), favicon), async () =>
      (await import("sharp"))
        .default(Buffer.from(favicon), { density: (72 * size) / 32 })
        .resize(size, size)
        .flatten({ background: themeColor })
        .png()
        .toBuffer(),
    );
  const [touch, ...sized] = await Promise.all([draw(180), ...appIconFiles.sizes.map(draw)]);
  const manifest = {
    name,
    short_name: shortName,
    lang,
    start_url: "/",
    display: "browser",
    background_color: "#ffffff",
    theme_color: themeColor,
    icons: appIconFiles.sizes.map((size) => ({ src: `/icon-${size}.png`, sizes: `${size}x${size}`, type: "image/png" })),
  };
  return [
    { path: appIconFiles.touch, content: touch! },
    ...appIconFiles.sizes.map((size, index) => ({ path: `icon-${size}.png`, content: sized[index]! })),
    { path: appIconFiles.manifest, content: `${JSON.stringify(manifest, null, 2)}\n` },
  ];
}
