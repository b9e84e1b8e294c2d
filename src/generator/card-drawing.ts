// How a page's link-preview card is drawn: satori lays it out as SVG, sharp makes the PNG. Run by
// the images' encoder (image-process.ts), in a process of its own: satori's layouts make some
// hundred megabytes of short-lived objects a second and sharp's threads keep what they free, which
// in the build's own process added 300-400 MB to a first build of a large blog.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { SatoriOptions } from "satori";
import { socialImageSize } from "../shared/images.ts";
import { favicon } from "./root-pages.ts";

/** What a page's link-preview card shows: its title, the brand, the number and "24/7". */
export interface CardText {
  title: string;
  brand: string;
  phone: string;
  always: string;
}

// Part of every card's key: a change of design makes new cards (and new URLs).
export const cardDesign = "card 4: slate-900, amber, Noto Sans 400/700, 64 colours";

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

/** An element as satori reads it (what JSX would make, without React): its children as JSX gives them, one or a list. */
type Element = { type: string; props: Record<string, unknown> };
const element = (type: string, props: Record<string, unknown>, ...children: (Element | string)[]): Element => ({
  type,
  props: children.length === 0 ? props : { ...props, children: children.length === 1 ? children[0] : children },
});

// What the card's fonts draw: Latin, Greek and Cyrillic letters, their accents, and the
// punctuation and signs of Noto Sans's subsets. Anything else (an emoji, Hebrew, Arabic) would
// be drawn as an empty box.
// (with the punctuation that follows it: a question mark after a Hebrew word goes with it)
const undrawable =
  /[^\u0000-\u024F\u02B0-\u036F\u0370-\u03FF\u0400-\u052F\u1D00-\u1DBF\u1E00-\u1EFF\u2000-\u200A\u2010-\u2029\u202F-\u205F\u20A0-\u20C0\u2113\u2116\u2122\u2191\u2193\u2212\u2215\u2C60-\u2C7F\uA720-\uA7FF]+\p{P}*/gu;

/** A title as the card's fonts can draw it: `🔑 Locked out? 🚗` → `Locked out?`. */
export function drawableTitle(title: string): string {
  return title.replace(undrawable, " ").replace(/\s+/g, " ").trim();
}

function card({ title: written, brand, phone, always }: CardText): Element {
  const title = drawableTitle(written);
  const size = title.length <= 36 ? 76 : title.length <= 56 ? 64 : 54;
  return element(
    "div",
    {
      style: {
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
      },
    },
    element(
      "div",
      { style: { display: "flex", alignItems: "center", gap: 24 } },
      element(
        "div",
        { style: { display: "flex", padding: 6, borderRadius: 22, background: "#1e293b", border: "2px solid #334155" } },
        element("img", { src: icon, width: 84, height: 84 }),
      ),
      element("div", { style: { fontSize: 40, fontWeight: 700 } }, brand),
    ),
    element("div", { style: { display: "flex", width: "100%", fontSize: size, fontWeight: 700, lineHeight: 1.15 } }, title),
    element(
      "div",
      { style: { display: "flex", alignItems: "center", gap: 28, fontSize: 40, fontWeight: 700 } },
      element("div", { style: { display: "flex", background: "#fbbf24", color: "#0f172a", borderRadius: 18, padding: "14px 30px" } }, phone),
      element("div", { style: { display: "flex", color: "#fbbf24" } }, always),
    ),
  );
}

/** The card as a 1200×630 PNG. */
export async function drawCard(text: CardText): Promise<Buffer> {
  fonts ??= loadFonts();
  const [{ default: satori }, { default: sharp }] = await Promise.all([import("satori"), import("sharp")]);
  const svg = await satori(card(text) as Parameters<typeof satori>[0], { ...socialImageSize, fonts: await fonts });
  // Flat colours: 64 of them keep every edge of the text and make a third of the bytes of full
  // colour; the quickest quantiser settings draw a card in a third of the time of the best.
  return sharp(Buffer.from(svg)).png({ palette: true, colours: 64, dither: 0, effort: 1, compressionLevel: 6 }).toBuffer();
}
