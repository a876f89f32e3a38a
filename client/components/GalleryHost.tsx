/**
 * The one gallery host of the shell (spec §2 "Image lightbox"): clicks on any `[data-gallery]` element open
 * the lightbox at that item, and the URL hash `#gallery-<slug>-<n>` opens it too (a shared link, Forward).
 * The lightbox itself (library, CSS) is a separate chunk loaded on first use: nothing of it is in the entry.
 *
 * History: opening by a click pushes one entry carrying the hash, so Back closes the lightbox; moving between
 * images replaces that entry. These steps change only the hash of the current page, and React Router would
 * treat the way back (hash → no hash) as a revalidation and fetch every loader again; so such gallery-only
 * history steps are kept from the router (docs/decisions/007-lightbox.md).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from '../i18n.tsx';
import { galleryElements, galleryHash, isGallerySlug, parseGalleryHash, slideOf, type GallerySlide, type GalleryTarget } from '../gallery.ts';
import type { GalleryLightboxProps } from './Lightbox.tsx';

type LightboxComponent = (props: GalleryLightboxProps) => React.ReactNode;

let chunk: Promise<LightboxComponent> | undefined;
function loadLightbox(): Promise<LightboxComponent> {
  chunk ??= import('./Lightbox.tsx').then(
    (m) => m.GalleryLightbox,
    (error: unknown) => {
      chunk = undefined; // a later attempt may succeed
      throw error;
    },
  );
  return chunk;
}

interface OpenGallery extends GalleryTarget {
  slides: GallerySlide[];
  /** Opened by a click or Forward: the entry below is this page without the hash, so closing goes Back. */
  closeByBack: boolean;
}

/** Sets (or with '' removes) the hash of the current entry or of a new one, keeping the router's entry state. */
function writeHash(hash: string, push: boolean): void {
  const url = new URL(window.location.href);
  url.hash = hash;
  if (url.href === window.location.href) return;
  if (push) window.history.pushState(window.history.state, '', url);
  else window.history.replaceState(window.history.state, '', url);
}

export function GalleryHost() {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState<OpenGallery | null>(null);
  const [Lightbox, setLightbox] = useState<LightboxComponent | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  /** The address this host last saw, to tell a gallery-only history step from a navigation. */
  const seen = useRef('');

  const show = useCallback(
    (target: GalleryTarget, closeByBack: boolean) => {
      const elements = galleryElements(document, target.slug);
      if (target.index >= elements.length) {
        // A stale or mistyped shared link: say so and drop the hash.
        setOpen(null);
        setAlert(t('lightbox.elementNotFound'));
        writeHash('', false);
        seen.current = window.location.href;
        return;
      }
      setAlert(null);
      setOpen({ ...target, slides: elements.map(slideOf), closeByBack });
      loadLightbox().then(
        (component) => setLightbox(() => component),
        (error: unknown) => {
          console.error(error);
          setOpen(null);
          setAlert(t('lightbox.error'));
        },
      );
    },
    [t],
  );

  // A page (first load or client navigation) whose address names a gallery image opens it; any other closes.
  useEffect(() => {
    seen.current = window.location.href;
    const target = parseGalleryHash(window.location.hash);
    if (target) show(target, false);
    else setOpen(null);
  }, [location.key, show]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const item = (event.target as Element | null)?.closest?.<HTMLElement>('[data-gallery]');
      const slug = item?.dataset.gallery;
      if (!item || !isGallerySlug(slug)) return;
      event.preventDefault();
      const target = { slug, index: galleryElements(document, slug).indexOf(item) };
      writeHash(galleryHash(target), true);
      seen.current = window.location.href;
      show(target, true);
    };
    // Warm the chunk up when a pointer reaches a gallery item.
    const onPointerOver = (event: PointerEvent) => {
      if ((event.target as Element | null)?.closest?.('[data-gallery]')) loadLightbox().catch(() => {});
    };
    // Runs before the router's own popstate listener (capture at the target comes first).
    const onPopState = (event: PopStateEvent) => {
      const before = new URL(seen.current || window.location.href);
      const now = new URL(window.location.href);
      seen.current = now.href;
      if (before.pathname !== now.pathname || before.search !== now.search) return;
      const target = parseGalleryHash(now.hash);
      if (!target && !parseGalleryHash(before.hash)) return;
      event.stopImmediatePropagation();
      if (target) show(target, true);
      else setOpen(null);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('pointerover', onPointerOver, { passive: true });
    window.addEventListener('popstate', onPopState, true);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointerover', onPointerOver);
      window.removeEventListener('popstate', onPopState, true);
    };
  }, [show]);

  const onView = useCallback(
    (index: number) => {
      if (!open) return;
      writeHash(galleryHash({ slug: open.slug, index }), false);
      seen.current = window.location.href;
    },
    [open],
  );

  const onClose = useCallback(() => {
    setOpen(null);
    if (!parseGalleryHash(window.location.hash)) return;
    if (open?.closeByBack) window.history.back();
    else {
      writeHash('', false);
      seen.current = window.location.href;
    }
  }, [open]);

  return (
    <>
      {open && Lightbox && <Lightbox key={open.slug} slides={open.slides} index={open.index} onView={onView} onClose={onClose} />}
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
