import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { SatoriOptions } from "satori";
import { assetsFolder } from "../shared/caching.ts";
import { socialImageSize } from "../shared/images.ts";
import type { ImageCache } from "./image-cache.ts";
import type { LinkedFile } from "./write-files.ts";
import { digestOf } from "./cache-names.ts";
import { favicon } from "./root-pages.ts";

/** What a page's link-preview card shows: its title, the brand, the number and "24/7". */
export interface CardText {
  title: string;
  brand: string;
  phone: string;
  always: string;
}

// Part of every card's key: a change of design makes new cards (and new URLs).
const design = "card 4: slate-900, amber, Noto Sans 400/700, 64 colours";

/**
 * The card's file in the output, named after what it shows (`assets/og/en-prices.3f9a1c2b7d.png`),
 * so a changed title is a new URL that messengers fetch afresh. Known before the card is drawn:
 * the page names it in its <head>, the build draws it after.
 */
export function cardPath(pageUrl: string, text: CardText): string {
  const name = pageUrl.slice(1).replace(/\//g, "-") || "index";
  return `${assetsFolder}/og/${name}.${digestOf(design, JSON.stringify(text)).slice(0, 10)}.png`;
}

// Noto Sans as the registry's @fontsource package ships it: one file per script, so Greek and
// Cyrillic titles draw with real glyphs. Each subset is its own family; the card lists them all.
const subsets = ["latin", "latin-ext", "greek", "cyrillic"];
let fonts: Promise<SatoriOptions["fonts"]> | undefined;
function loadFonts() {
  const folder = path.join(path.dirname(createRequire(import.meta.url).resolve("@fontsource/noto-sans/package.json")), "files");
  return Promise.all(
    subsets.flatMap((subset) =>
      ([400, 700] as const).map(async (weight) => ({
        name: `Noto ${subset}`,
        data: await readFile(path.join(folder, `noto-sans-${subset}-${weight}-normal.woff`)),
        weight,
        style: "normal" as const,
      })),
    ),
  );
}

const icon = `data:image/svg+xml;base64,${Buffer.from(favicon).toString("base64")}`;

function Card({ title, brand, phone, always }: CardText) {
  const size = title.length <= 36 ? 76 : title.length <= 56 ? 64 : 54;
  return (
    <div
      style={{
        width: socialImageSize.width,
        height: socialImageSize.height,
        boxSizing: "border-box",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "64px 72px",
        background: "#0f172a",
        borderLeft: "24px solid #fbbf24",
        color: "#ffffff",
        fontFamily: subsets.map((subset) => `Noto ${subset}`).join(", "),
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 24 }}>
        <div style={{ display: "flex", padding: 6, borderRadius: 22, background: "#1e293b", border: "2px solid #334155" }}>
          <img src={icon} width={84} height={84} />
        </div>
        <div style={{ fontSize: 40, fontWeight: 700 }}>{brand}</div>
      </div>
      <div style={{ display: "flex", width: "100%", fontSize: size, fontWeight: 700, lineHeight: 1.15 }}>{title}</div>
      <div style={{ display: "flex", alignItems: "center", gap: 28, fontSize: 40, fontWeight: 700 }}>
        <div style={{ display: "flex", background: "#fbbf24", color: "#0f172a", borderRadius: 18, padding: "14px 30px" }}>{phone}</div>
        <div style={{ display: "flex", color: "#fbbf24" }}>{always}</div>
      </div>
    </div>
  );
}

/**
 * Draws a page's card as a 1200×630 PNG, once per text: later builds take it from the cache. The
 * card comes as the cache's file, for the output to link, or as bytes where the cache keeps no files.
 */
export function createCardRenderer(cache: ImageCache): (text: CardText) => Promise<Buffer | LinkedFile> {
  return async (text) => {
    const key = digestOf(design, JSON.stringify(text));
    const make = async () => {
      fonts ??= loadFonts();
      // satori and sharp load only when a card is not in the cache yet.
      const [{ default: satori }, { default: sharp }] = await Promise.all([import("satori"), import("sharp")]);
      const svg = await satori(<Card {...text} />, { ...socialImageSize, fonts: await fonts });
      // Flat colours: 64 of them keep every edge of the text and make a third of the bytes of full
      // colour; the quickest quantiser settings draw a card in a third of the time of the best.
      return sharp(Buffer.from(svg)).png({ palette: true, colours: 64, dither: 0, effort: 1, compressionLevel: 6 }).toBuffer();
    };
    const from = await cache.file(key, make);
    return from ? { from, digest: key } : cache.get(key, make);
  };
}
