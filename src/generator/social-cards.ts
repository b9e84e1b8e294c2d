import { assetsFolder } from "../shared/caching.ts";
import type { ImageCache } from "./image-cache.ts";
import type { LinkedFile } from "./write-files.ts";
import { digestOf } from "./cache-names.ts";
import { cardDesign, type CardText } from "./card-drawing.ts";
import { EncoderStopped, imageEncoder, type ImageEncoder } from "./image-encoder.ts";

export type { CardText };

/**
 * The card's file in the output, named after what it shows (`assets/og/en-prices.3f9a1c2b7d.png`),
 * so a changed title is a new URL that messengers fetch afresh. Known before the card is drawn:
 * the page names it in its <head>, the build draws it after.
 */
export function cardPath(pageUrl: string, text: CardText): string {
  const name = pageUrl.slice(1).replace(/\//g, "-") || "index";
  return `${assetsFolder}/og/${name}.${digestOf(cardDesign, JSON.stringify(text)).slice(0, 10)}.png`;
}

// One encoder's process for every card drawn: `site dev` draws one when a page's card is asked
// for, and a process left idle for a while ends (started again for the next).
let encoder: ImageEncoder | undefined;

/** Ends the cards' encoder, if one runs (the build that drew them is over); resolves once it has ended. */
export async function stopDrawingCards(): Promise<void> {
  await encoder?.stop();
}

/**
 * Draws a page's card as a 1200×630 PNG (card-drawing.ts, in the encoder's process), once per
 * text: later builds take it from the cache. The card comes as the cache's file, for the output to
 * link, or as bytes where the cache keeps no files.
 */
export function createCardRenderer(cache: ImageCache): (text: CardText) => Promise<Buffer | LinkedFile> {
  return async (text) => {
    const key = digestOf(cardDesign, JSON.stringify(text));
    const make = async () => {
      encoder ??= imageEncoder("cards", "the cards' encoder", { idleMs: 10_000 });
      const reply = await encoder.ask({ op: "card", text }).catch((error: unknown) => {
        if (!(error instanceof EncoderStopped)) throw error;
        throw new Error(
          `${error.message} while drawing the link-preview card of "${text.title}": most often the machine ran out of memory. Close other programs and build again.`,
          { cause: error },
        );
      });
      if ("error" in reply) throw new Error(`the link-preview card of "${text.title}" could not be drawn: ${reply.error}`);
      if (!("bytes" in reply)) throw new Error("the cards' encoder answered a card with no image");
      return Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength);
    };
    const from = await cache.file(key, make);
    return from ? { from, digest: key } : cache.get(key, make);
  };
}
