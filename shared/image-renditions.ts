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

/** The picture's renditions and intrinsic size, or undefined when it has none (an address from elsewhere). */
export function renditionsOf(src: string): { width: number; height: number; srcset: string } | undefined {
  const size = RENDITIONS[src];
  if (!size) return undefined;
  return { ...size, srcset: RENDITION_WIDTHS.map((w) => `${renditionUrl(src, w)} ${w}w`).join(', ') };
}
