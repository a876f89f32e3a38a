/**
 * Gallery items and the lightbox (spec §2 "Image lightbox", §9): the constants and the small pure helpers
 * shared by the always-loaded gallery host and the lazily loaded lightbox. No DOM access at import time.
 *
 * Markup: any element with `data-gallery="<slug>"` is an item of that gallery, in document order. Its image
 * address is `data-src`, else `href`, else the `src` of the <img> inside; the <img> gives the thumbnail and alt.
 * The URL hash `#gallery-<slug>-<n>` (n from 1) names an open lightbox, so it can be shared and Back closes it.
 */
import type { ShouldRevalidateFunction } from 'react-router-dom';

/** Spec §9: lightbox constants. */
export const LIGHTBOX = {
  /** The toolbar and arrows hide after this long without pointer or key activity. */
  idleMs: 3500,
  /** Slideshow: the next image after this long. */
  slideshowMs: 3000,
  /** Compact mode at a viewport this narrow or this low (px, inclusive). */
  compactPx: 578,
  /** A vertical drag closes when released this far away (px) … */
  dragClosePx: 200,
  /** … or this far when released quickly (px). */
  quickDragClosePx: 50,
  /** "Quickly": moving at least this fast (px per ms) over the last `quickWindowMs` before release. */
  quickVelocity: 0.5,
  quickWindowMs: 100,
  /** The thumbnail strip needs at least this many images. */
  minThumbnails: 2,
} as const;

export const COMPACT_QUERY = `(max-width: ${LIGHTBOX.compactPx}px), (max-height: ${LIGHTBOX.compactPx}px)`;

export interface GallerySlide {
  src: string;
  alt: string;
  thumbnail?: string;
  width?: number;
  height?: number;
}

export interface GalleryTarget {
  slug: string;
  /** 0-based. */
  index: number;
}

const SLUG_RE = /^[\w-]+$/;
const HASH_RE = /^#gallery-([\w-]+)-(\d{1,4})$/;

/** '#gallery-abs-ak-10-2' → { slug: 'abs-ak-10', index: 1 }; anything else → null. */
export function parseGalleryHash(hash: string): GalleryTarget | null {
  const m = HASH_RE.exec(hash);
  if (!m) return null;
  const n = Number(m[2]);
  return n >= 1 ? { slug: m[1]!, index: n - 1 } : null;
}

export function galleryHash({ slug, index }: GalleryTarget): string {
  return `#gallery-${slug}-${index + 1}`;
}

/**
 * A route's shouldRevalidate that never reloads data for a step that only opens, moves or closes a gallery
 * (same path and query, a gallery hash on either side): React Router would count the way back from
 * `/p#gallery-x-1` to `/p` as a new visit of `/p` and reload every loader. Other steps: `own`, else the default.
 */
export function galleryAware(own?: ShouldRevalidateFunction): ShouldRevalidateFunction {
  return (args) => {
    const { currentUrl, nextUrl, formMethod } = args;
    const galleryStep =
      !formMethod &&
      currentUrl.pathname === nextUrl.pathname &&
      currentUrl.search === nextUrl.search &&
      (parseGalleryHash(currentUrl.hash) !== null || parseGalleryHash(nextUrl.hash) !== null);
    if (galleryStep) return false;
    return own ? own(args) : args.defaultShouldRevalidate;
  };
}

/** A slug the hash can carry (latin letters, digits, '_' and '-'). */
export function isGallerySlug(slug: string | undefined): slug is string {
  return !!slug && SLUG_RE.test(slug);
}

/**
 * Drag-to-close (spec §9): released at least 200 px away, or at least 50 px away while moving quickly.
 * `samples` are the pointer's vertical offsets from the drag start with their times (ms), oldest first,
 * the release point last.
 */
export function dragShouldClose(samples: ReadonlyArray<{ t: number; dy: number }>): boolean {
  const last = samples[samples.length - 1];
  if (!last) return false;
  const distance = Math.abs(last.dy);
  if (distance >= LIGHTBOX.dragClosePx) return true;
  if (distance < LIGHTBOX.quickDragClosePx) return false;
  const first = samples.find((s) => last.t - s.t <= LIGHTBOX.quickWindowMs) ?? last;
  const elapsed = last.t - first.t;
  const moved = Math.abs(last.dy - first.dy);
  // All in one instant (a flick between two frames) counts as quick when it moved at all.
  const velocity = elapsed > 0 ? moved / elapsed : moved > 0 ? Infinity : 0;
  return velocity >= LIGHTBOX.quickVelocity;
}

/** The items of one gallery on the page, in document order. */
export function galleryElements(root: ParentNode, slug: string): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(`[data-gallery="${slug}"]`)];
}

/** The lightbox slide an item element describes. */
export function slideOf(element: HTMLElement): GallerySlide {
  const img = element instanceof HTMLImageElement ? element : element.querySelector('img');
  const src = element.dataset.src ?? element.getAttribute('href') ?? img?.getAttribute('src') ?? '';
  const size = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);
  return {
    src,
    alt: img?.alt ?? element.getAttribute('aria-label') ?? '',
    thumbnail: img?.currentSrc || img?.getAttribute('src') || src,
    width: size(element.dataset.width),
    height: size(element.dataset.height),
  };
}
