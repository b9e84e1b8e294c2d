import { assetsFolder } from "../shared/caching.ts";
import type { ImageCache } from "./image-cache.ts";
import type { LinkedFile } from "./write-files.ts";
import { digestOf } from "./cache-names.ts";
import { cardDesign, type CardText } from "./card-drawing.ts";
import { EncoderStopped, imageEncoder, type ImageEncoder } from "./image-encoder.ts";
import { giveBackMemory } from "./give-back-memory.ts";

export type { CardText };

/**
 * The card's file in the output, named after what it shows (`assets/og/en-prices.3f9a1c2b7d.png`),
 * so a changed title is a new URL that messengers fetch afresh. Known before the card is drawn:
 * the page names it in its <head>, the build draws it after.
 */
export function cardPath(pageUrl: string, text: CardText): string {
  return `${cardFolder}/${cardStem(pageUrl)}.${cardKey(text).slice(0, 10)}.png`;
}

/** The card's entry in the image cache: a digest of the design and the text it shows. */
const cardKey = (text: CardText) => digestOf(cardDesign, JSON.stringify(text));

/** The folder of the cards in the output. */
export const cardFolder = `${assetsFolder}/og`;

/** What a page's card is named after: its address (`en-prices` for /en/prices). */
export const cardStem = (pageUrl: string) => pageUrl.slice(1).replace(/\//g, "-") || "index";

/** Draws cards (`draw`), in an encoder's process of its own started with the first. */
export interface CardRenderer {
  /** The card for this text: the cache's file, for the output to link, or bytes where the cache keeps no files. */
  draw(text: CardText): Promise<Buffer | LinkedFile>;
  /** The card for this text if the cache holds it already (drawn by an earlier build), for the output to link; nothing is drawn. */
  drawn(text: CardText): LinkedFile | undefined;
  /** Ends the encoder's process, if one runs (the build that drew the cards is over); resolves once it has ended. */
  stop(): Promise<void>;
}

/**
 * Draws a page's card as a 1200×630 PNG (card-drawing.ts, in the encoder's process), once per
 * text: later builds take it from the cache. Each renderer has its encoder, so a build that ends
 * stops only its own; one left idle (`site dev`, which draws a card when it is asked for, and
 * makes a renderer for each version of the site) ends by itself after ten seconds. A build's
 * renderer (`makeRoom`), asked for its cards once every page is made, first gives back the memory
 * the pages left (give-back-memory.ts), so that the two processes together hold less.
 */
export function createCardRenderer(cache: ImageCache, { makeRoom = false }: { makeRoom?: boolean } = {}): CardRenderer {
  let encoder: ImageEncoder | undefined;
  const draw = async (text: CardText) => {
    if (!encoder && makeRoom) giveBackMemory();
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
  return {
    async draw(text) {
      const key = cardKey(text);
      const make = () => draw(text);
      const from = await cache.file(key, make);
      return from ? { from, digest: key } : cache.get(key, make);
    },
    drawn(text) {
      const key = cardKey(text);
      const from = cache.held(key);
      return from ? { from, digest: key } : undefined;
    },
    async stop() {
      await encoder?.stop();
    },
  };
}
