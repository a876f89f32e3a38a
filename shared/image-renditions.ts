/**
 * The WebP renditions of the shop's own pictures (decision 015): for a picture /img/…/name.svg that
 * scripts/gen-images.ts processed, /img/…/name-<w>.webp exists for every width below.
 */
import { RENDITIONS } from './image-renditions.generated.ts';

/** Widths in CSS pixels × density that cover the layouts: 96–160 px thumbnails and cards up to a 480 px photo at 2×. */
export const RENDITION_WIDTHS = [160, 320, 480, 960] as const;

export function renditionUrl(src: string, width: number): string {
  return src.replace(/\.[a-z]+$/i, '') + `-${width}.webp`;
}

/**
 * A photo uploaded in the back office (migration 032): /media/<SHA-256 of the upload>-<W>x<H>.webp is its largest WebP
 * rendition, W × H pixels; /media/<hash>-<W>x<H>-<w>.webp one per width of RENDITION_WIDTHS below W. The address
 * carries the size, so every place that shows the photo — the product page, a card, search, the cart — offers its
 * renditions and reserves its box from the address alone, as for the demo's pictures.
 */
export const MEDIA_SRC = /^\/media\/([0-9a-f]{64})-([1-9]\d{0,3})x([1-9]\d{0,4})\.webp$/;
/** The widest rendition kept of an upload (twice the widest layout at 2× and then some; a 6000 px original is not). */
export const MEDIA_MAX_WIDTH = 1920;

export function mediaSrc(hash: string, width: number, height: number): string {
  return `/media/${hash}-${width}x${height}.webp`;
}

/** The widths stored for an upload whose largest rendition is `largest` px wide, narrowest first. */
export function mediaWidths(largest: number): number[] {
  return [...RENDITION_WIDTHS.filter((w) => w < largest), largest];
}

/** The picture's renditions and intrinsic size, or undefined when it has none (an address from elsewhere). */
export function renditionsOf(src: string): { width: number; height: number; srcset: string } | undefined {
  const media = MEDIA_SRC.exec(src);
  if (media) {
    const width = Number(media[2]);
    const srcset = mediaWidths(width)
      .map((w) => `${w === width ? src : renditionUrl(src, w)} ${w}w`)
      .join(', ');
    return { width, height: Number(media[3]), srcset };
  }
  const known = RENDITIONS[src];
  if (!known) return undefined;
  return { ...known, srcset: RENDITION_WIDTHS.map((w) => `${renditionUrl(src, w)} ${w}w`).join(', ') };
}
