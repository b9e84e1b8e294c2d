import type { PhotoPlace } from "../shared/config.ts";
import { toSrcset, type ResponsiveImage } from "../shared/images.ts";
import { usePage } from "./context.tsx";

export interface PictureProps {
  image: ResponsiveImage;
  alt: string;
  /** How wide the image is drawn, for the browser's choice of file: `(min-width: 1024px) 640px, 100vw`. */
  sizes: string;
  /**
   * The first thing a visitor sees (a cover image): fetched at once and first. Anything else is
   * fetched only when it comes near the screen.
   */
  priority?: boolean;
  /** On the first screen at some widths (the home hero's photo on a desktop): fetched at once, without jumping the queue. */
  eager?: boolean;
  /** Drawn across its column (covers, the business's photos); else at most at its own width. */
  fill?: boolean;
  className?: string;
}

/**
 * A photo in the best format the browser reads, at the width it needs. Width and height give
 * its shape before it loads, so nothing below it moves.
 */
export function Picture({ image, alt, sizes, priority = false, eager = priority, fill = true, className = "" }: PictureProps) {
  const widest = image.fallback.at(-1)!;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={toSrcset(source.candidates)} sizes={sizes} />
      ))}
      <img
        src={widest.url}
        srcSet={image.fallback.length > 1 ? toSrcset(image.fallback) : undefined}
        sizes={image.fallback.length > 1 ? sizes : undefined}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        decoding={priority ? undefined : "async"}
        fetchPriority={priority ? "high" : undefined}
        className={`h-auto ${fill ? "w-full" : "max-w-full"} ${className}`}
      />
    </picture>
  );
}

/** A page's column of text, for `sizes`: the whole screen on phones, at most 48 rem beside the side card. */
export const textColumnSizes = "(min-width: 1024px) 768px, calc(100vw - 2rem)";

/** The document's cover image at the top of its text: the first thing a visitor sees there. */
export function Cover({ className = "" }: { className?: string }) {
  const { document, image } = usePage();
  const made = document?.cover && image(document.cover.source);
  if (!made) return null;
  return <Picture image={made} alt={document.cover!.alt} sizes={textColumnSizes} priority className={`rounded-2xl ${className}`} />;
}

/** One of the business's own photos (config `photos`), where the page has a place for it. */
export function Photo({ place, sizes, eager = false, className = "" }: { place: PhotoPlace; sizes: string; eager?: boolean; className?: string }) {
  const photo = usePage().photo(place);
  return photo ? <Picture image={photo.image} alt={photo.alt} sizes={sizes} eager={eager} className={className} /> : null;
}
