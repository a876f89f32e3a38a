/**
 * The lightbox (spec §2, §4, §8, §9), loaded only when a gallery opens (GalleryHost imports it dynamically,
 * so Vite puts it and the library's CSS in chunks of their own). yet-another-react-lightbox (MIT) gives the
 * carousel, zoom, slideshow, thumbnails, counter and toolbar; the glue here adds what it lacks: the t and
 * space keys, the idle toolbar, compact mode, drag-to-close with the spec's thresholds, translated labels
 * and error messages, and the lightbox state on the root element (data-state: init → ready → closing).
 */
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/thumbnails.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import { type HTMLAttributes, type RefObject, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import YetAnotherLightbox, {
  type ControllerRef,
  type Plugin,
  type SlideshowRef,
  type ThumbnailsRef,
  type ZoomRef,
} from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Slideshow from 'yet-another-react-lightbox/plugins/slideshow';
import Thumbnails from 'yet-another-react-lightbox/plugins/thumbnails';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import { COMPACT_QUERY, dragShouldClose, type GallerySlide, LIGHTBOX } from '../gallery.ts';
import { useTranslation } from '../i18n.tsx';

export interface GalleryLightboxProps {
  slides: GallerySlide[];
  /** The image to open at (0-based). */
  index: number;
  /** Called with the index of the image on view (on open and after each move). */
  onView: (index: number) => void;
  /** Called once the lightbox has closed. */
  onClose: () => void;
}

type LightboxState = 'init' | 'ready' | 'closing';

function subscribeCompact(onChange: () => void): () => void {
  const query = window.matchMedia(COMPACT_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Compact mode (spec §9): a viewport at most 578 px wide or high. */
function useCompact(): boolean {
  return useSyncExternalStore(
    subscribeCompact,
    () => window.matchMedia(COMPACT_QUERY).matches,
    () => false,
  );
}

/** True after 3500 ms without pointer, wheel or key activity (spec §9 idle): the toolbar and arrows hide. */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = 0;
    const wake = () => {
      setIdle(false);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setIdle(true), LIGHTBOX.idleMs);
    };
    const events = ['pointermove', 'pointerdown', 'wheel', 'keydown'] as const;
    for (const name of events) window.addEventListener(name, wake, { capture: true, passive: true });
    wake();
    return () => {
      window.clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, wake, { capture: true });
    };
  }, []);
  return idle;
}

/** Spec §2 keys the library lacks: t toggles the thumbnails, space toggles the slideshow. */
function useGalleryKeys(slideshow: RefObject<SlideshowRef | null>, thumbnails: RefObject<ThumbnailsRef | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === ' ' || event.code === 'Space') {
        const show = slideshow.current;
        if (!show) return;
        event.preventDefault(); // no page scroll, no press of the focused button
        if (show.playing) show.pause();
        else show.play();
      } else if (event.code === 'KeyT' || event.key.toLowerCase() === 't') {
        const strip = thumbnails.current;
        if (!strip) return;
        event.preventDefault();
        if (strip.visible) strip.hide();
        else strip.show();
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [slideshow, thumbnails]);
}

/**
 * Drag-to-close (spec §9): a vertical drag on the image moves it along and closes the lightbox when released
 * at least 200 px away, or 50 px when quick. The library's own pull-to-close closes at 60 px whatever the
 * speed, so it stays off and this replaces it (it reuses the library's pull offset/opacity CSS variables).
 */
function useDragToClose(controller: RefObject<ControllerRef | null>, zoom: RefObject<ZoomRef | null>): void {
  useEffect(() => {
    const START_PX = 10;
    let drag: { id: number; x0: number; y0: number; engaged: boolean; samples: { t: number; dy: number }[] } | null = null;
    const container = () => document.querySelector<HTMLElement>('.lightbox .yarl__container');
    const setOffset = (dy: number) => {
      const style = container()?.style;
      style?.setProperty('--yarl__pull_offset', `${Math.round(dy)}px`);
      style?.setProperty('--yarl__pull_opacity', String(Math.max(0.5, 1 - Math.abs(dy) / (2 * LIGHTBOX.dragClosePx))));
    };
    const resetOffset = () => {
      const style = container()?.style;
      style?.removeProperty('--yarl__pull_offset');
      style?.removeProperty('--yarl__pull_opacity');
    };
    const onDown = (event: PointerEvent) => {
      drag = null;
      if (!event.isPrimary || event.button !== 0) return;
      const target = event.target as Element | null;
      if (!target?.closest?.('.lightbox .yarl__slide') || target.closest('button')) return;
      if ((zoom.current?.zoom ?? 1) > 1) return; // a zoomed image pans instead
      drag = { id: event.pointerId, x0: event.clientX, y0: event.clientY, engaged: false, samples: [{ t: performance.now(), dy: 0 }] };
    };
    const onMove = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.id) return;
      const dx = event.clientX - drag.x0;
      const dy = event.clientY - drag.y0;
      if (!drag.engaged) {
        if (Math.abs(dx) > START_PX && Math.abs(dx) >= Math.abs(dy)) {
          drag = null; // a horizontal swipe: the carousel's
          return;
        }
        if (Math.abs(dy) <= START_PX) return;
        drag.engaged = true;
      }
      const now = performance.now();
      drag.samples = drag.samples.filter((s) => now - s.t <= 4 * LIGHTBOX.quickWindowMs);
      drag.samples.push({ t: now, dy });
      setOffset(dy);
    };
    const onUp = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.id) return;
      const { engaged, samples, y0 } = drag;
      drag = null;
      if (!engaged) return;
      samples.push({ t: performance.now(), dy: event.clientY - y0 });
      if (dragShouldClose(samples)) controller.current?.close();
      else resetOffset();
    };
    const onCancel = () => {
      if (drag?.engaged) resetOffset();
      drag = null;
    };
    window.addEventListener('pointerdown', onDown, true);
    window.addEventListener('pointermove', onMove, true);
    window.addEventListener('pointerup', onUp, true);
    window.addEventListener('pointercancel', onCancel, true);
    return () => {
      window.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('pointermove', onMove, true);
      window.removeEventListener('pointerup', onUp, true);
      window.removeEventListener('pointercancel', onCancel, true);
    };
  }, [controller, zoom]);
}

export function GalleryLightbox({ slides, index, onView, onClose }: GalleryLightboxProps) {
  const { t } = useTranslation();
  const compact = useCompact();
  const idle = useIdle();
  const [state, setState] = useState<LightboxState>('init');
  const controller = useRef<ControllerRef>(null);
  const slideshow = useRef<SlideshowRef>(null);
  const thumbnails = useRef<ThumbnailsRef>(null);
  const zoom = useRef<ZoomRef>(null);
  useGalleryKeys(slideshow, thumbnails);
  useDragToClose(controller, zoom);

  const several = slides.length >= LIGHTBOX.minThumbnails;
  const plugins: Plugin[] = several ? [Counter, Zoom, Slideshow, Thumbnails] : [Zoom];
  const noButton = () => null;
  const className = ['lightbox', compact && 'lightbox--compact', idle && 'lightbox--idle'].filter(Boolean).join(' ');

  return (
    <YetAnotherLightbox
      open
      close={onClose}
      index={index}
      slides={slides}
      plugins={plugins}
      className={className}
      portal={{ container: { 'data-state': state } as HTMLAttributes<HTMLDivElement> }}
      on={{
        view: ({ index: current }) => onView(current),
        entered: () => setState('ready'),
        exiting: () => setState('closing'),
      }}
      controller={{ ref: controller }}
      carousel={{ padding: compact ? 0 : 16, finite: !several }}
      slideshow={{ ref: slideshow, delay: LIGHTBOX.slideshowMs }}
      thumbnails={{
        ref: thumbnails,
        width: compact ? 64 : 96,
        height: compact ? 48 : 72,
        border: 1,
        borderRadius: 4,
        padding: 0,
        gap: compact ? 8 : 12,
        showToggle: true,
      }}
      zoom={{ ref: zoom, maxZoomPixelRatio: 2, scrollToZoom: true }}
      render={{
        iconError: () => (
          <p className="lightbox__error" role="alert">
            {t('lightbox.imageNotFound')}
          </p>
        ),
        ...(compact || !several ? { buttonPrev: noButton, buttonNext: noButton } : {}),
      }}
      labels={{
        Lightbox: t('lightbox.label'),
        'Photo gallery': t('lightbox.gallery'),
        Carousel: t('lightbox.carousel'),
        Slide: t('lightbox.slide'),
        '{index} of {total}': t('lightbox.slideOf', { index: '{index}', total: '{total}' }),
        Previous: t('lightbox.previous'),
        Next: t('lightbox.next'),
        Close: t('lightbox.close'),
        'Zoom in': t('lightbox.zoomIn'),
        'Zoom out': t('lightbox.zoomOut'),
        Play: t('lightbox.play'),
        Pause: t('lightbox.pause'),
        Thumbnails: t('lightbox.thumbnails'),
        'Show thumbnails': t('lightbox.showThumbnails'),
        'Hide thumbnails': t('lightbox.hideThumbnails'),
      }}
    />
  );
}
