/**
 * The one gallery host of the shell (spec §2 "Image lightbox"): clicks on any `[data-gallery]` element open
 * the lightbox at that item, and the URL hash `#gallery-<slug>-<n>` opens it too (a shared link, Back, Forward).
 * The lightbox itself (library, CSS) is a separate chunk loaded on first use: nothing of it is in the entry.
 *
 * History goes through the router: opening by a click pushes an entry with the hash (marked in its state),
 * so Back closes the lightbox; moving between images replaces it. Such steps change only the hash, and the
 * routes' shouldRevalidate (galleryAware in client/gallery.ts) keeps them from reloading any data.
 *
 * The lightbox's own moves come back here as locations, late: the router renders a new location in a React
 * transition, a while after the address changed, and the lightbox may have moved on by then (two quick arrow
 * presses). Such an echo must never be handed back to the lightbox as its index — the library jumps to any new
 * index it is given, undoing the newer move. So a location that is no longer the address is skipped, one naming
 * the image on view changes nothing, and only an address naming another image (typed, Back/Forward) moves the
 * open lightbox: remounted at that image (docs/decisions/007-lightbox.md, "Echoes").
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router-dom';
import {
  type GallerySlide,
  type GalleryTarget,
  galleryElements,
  galleryHash,
  isGallerySlug,
  parseGalleryHash,
  slideOf,
} from '../gallery.ts';
import { useTranslation } from '../i18n.tsx';
import { loadStrings } from '../strings.ts';
import type { GalleryLightboxProps } from './Lightbox.tsx';

type LightboxComponent = (props: GalleryLightboxProps) => ReactNode;

let chunk: Promise<LightboxComponent> | undefined;
function loadLightbox(): Promise<LightboxComponent> {
  // Its strings come with its code: a page carries only the few the host itself shows (decision 050).
  chunk ??= Promise.all([import('./Lightbox.tsx'), loadStrings(['lightbox'])]).then(
    ([m]) => m.GalleryLightbox,
    (error: unknown) => {
      chunk = undefined; // a later attempt may succeed
      throw error;
    },
  );
  return chunk;
}

interface OpenGallery extends GalleryTarget {
  slides: GallerySlide[];
  /** How often the address moved this open gallery to another image: part of the lightbox's key. */
  jumps: number;
}

/** The state of a history entry this host pushed: closing its lightbox goes Back to the entry below. */
const PUSHED = { gallery: true } as const;
const wasPushed = (location: Location) => (location.state as typeof PUSHED | null)?.gallery === true;

export function GalleryHost() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<OpenGallery | null>(null);
  const [Lightbox, setLightbox] = useState<LightboxComponent | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const current = useRef<OpenGallery | null>(null);
  current.current = open;
  /** The image the lightbox shows (0-based), as it last reported it. */
  const viewing = useRef(-1);

  /** Same page, another hash ('' removes it); never scrolls. */
  const goToHash = useCallback(
    (hash: string, options: { replace: boolean; state?: unknown }) =>
      navigate({ search: window.location.search, hash }, { ...options, preventScrollReset: true }),
    [navigate],
  );

  // A lightbox alert belongs to its page: another page (not another hash) clears it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger (a page change), not a value read
  useEffect(() => setAlert(null), [location.pathname]);

  // The address decides: a gallery hash shows that image (opening the lightbox if needed), any other closes it.
  useEffect(() => {
    const target = parseGalleryHash(location.hash);
    if (!target) {
      setOpen(null);
      return;
    }
    // A location the address has already left (a late echo of an earlier move): the newer one follows.
    if (location.hash !== window.location.hash) return;
    if (current.current?.slug === target.slug) {
      // The echo of the lightbox's latest move names the image on view: nothing to do. Another image: remount there.
      if (viewing.current !== target.index) {
        viewing.current = target.index;
        setOpen({ ...current.current, index: target.index, jumps: current.current.jumps + 1 });
      }
      return;
    }
    const elements = galleryElements(document, target.slug);
    if (target.index >= elements.length) {
      // A stale or mistyped shared link: say so and drop the hash.
      setOpen(null);
      setAlert(t('lightbox.elementNotFound'));
      void goToHash('', { replace: true });
      return;
    }
    setAlert(null);
    viewing.current = target.index;
    setOpen({ ...target, slides: elements.map(slideOf), jumps: 0 });
    loadLightbox().then(
      (component) => setLightbox(() => component),
      (error: unknown) => {
        console.error(error);
        setOpen(null);
        setAlert(t('lightbox.error'));
      },
    );
  }, [location, goToHash, t]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const item = (event.target as Element | null)?.closest?.<HTMLElement>('[data-gallery]');
      const slug = item?.dataset.gallery;
      if (!item || !isGallerySlug(slug)) return;
      event.preventDefault();
      const hash = galleryHash({ slug, index: galleryElements(document, slug).indexOf(item) });
      void goToHash(hash, { replace: parseGalleryHash(window.location.hash) !== null, state: PUSHED });
    };
    // Warm the chunk up when a pointer reaches a gallery item.
    const onPointerOver = (event: PointerEvent) => {
      if ((event.target as Element | null)?.closest?.('[data-gallery]')) loadLightbox().catch(() => {});
    };
    document.addEventListener('click', onClick);
    document.addEventListener('pointerover', onPointerOver, { passive: true });
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointerover', onPointerOver);
    };
  }, [goToHash]);

  const onView = useCallback(
    (index: number) => {
      const shown = current.current;
      if (!shown) return;
      viewing.current = index;
      const hash = galleryHash({ slug: shown.slug, index });
      if (hash !== window.location.hash) void goToHash(hash, { replace: true, state: location.state });
    },
    [goToHash, location.state],
  );

  const onClose = useCallback(() => {
    setOpen(null);
    if (!parseGalleryHash(location.hash)) return;
    if (wasPushed(location)) void navigate(-1);
    else void goToHash('', { replace: true });
  }, [goToHash, location, navigate]);

  return (
    <>
      {open && Lightbox && (
        <Lightbox key={`${open.slug}/${open.jumps}`} slides={open.slides} index={open.index} onView={onView} onClose={onClose} />
      )}
      {alert && (
        <div className="lightbox-alert" role="alert">
          <span>{alert}</span>
          <button type="button" className="lightbox-alert__close" aria-label={t('lightbox.close')} onClick={() => setAlert(null)}>
            ×
          </button>
        </div>
      )}
    </>
  );
}
