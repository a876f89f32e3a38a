/**
 * Spec §4: the region overlay at the top of the page. Shown (after hydration: it depends on this browser's
 * storage and clock) when no `modalRegion` time is stored or it is past. The server finds the visitor's
 * location from their IP (GET /api/site/region) and asks 'Ваш регион {region} {type}?':
 *  - 'Все верно' stores now + 4 h and goes to the answered site address when it is another host;
 *  - 'Выбрать другой' swaps the buttons for the city search;
 *  - a lookup failure or a null location shows 'Ошибка поиска региона!' with the city search; without a
 *    configured service the city search comes at once;
 *  - picking a city stores now + 4 h and goes to the city's site when it has one, else just closes.
 * Only addresses of configured sites are followed (the server's `sites` map): never an open redirect.
 * Going to another site hands the stored time over in the address (`?modalRegion=`), since storage is per origin.
 * The close button (and Escape, its keyboard twin) is an answer too: 'not now'. It stores now + 4 h like the
 * others, so the overlay does not come back on every page load (issue 19).
 * Where it sits (client/styles.css): below the header, never over its search, cart or menu button: a card under
 * the header's right side on wide screens, a slim full-width bar on phones. Not shown at all on the cart and
 * order pages (CHECKOUT_ROUTES): it never floats over the order form. A question still due is asked on the next
 * page that is not one of them.
 * A non-modal region landmark: it takes no focus by itself (first in the tab order, being first in the
 * header); 'Выбрать другой' moves focus to the search; closing returns focus where it came from.
 * Without JavaScript there is no overlay at all: the answer lives in this browser's storage.
 */
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router-dom';
import type { RouteId } from '../../shared/routes.ts';
import { apiGet } from '../api.ts';
import { useTranslation } from '../i18n.tsx';
import { useShell } from '../loader-data.ts';
import { REMIND_AFTER_MS, remindAt, reminderDue } from '../reminders.ts';
import { CityAutocomplete, type CityChoice } from './CityAutocomplete.tsx';

export const REGION_KEY = 'modalRegion';

/** The cart and order pages: the overlay never shows over them (the order form, its result, the invoice). */
export const CHECKOUT_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>(['cart', 'cart-result', 'cart-order', 'cart-invoice']);

/** The answer of GET /api/site/region. */
export interface RegionAnswer {
  status: 'found' | 'not_found' | 'failed' | 'disabled';
  location: { city: string | null; region: string; region_type_full: string | null } | null;
  /** Where 'Все верно' leads (status found). */
  address: string | null;
  /** Every configured host → its site's origin for this visitor: the only places a city may lead to. */
  sites: Record<string, string>;
}

type View =
  | { kind: 'hidden' }
  | { kind: 'confirm'; answer: RegionAnswer }
  | { kind: 'choose'; error: boolean; sites: Record<string, string> };

/** A city's url as an address of a configured site, or null. */
function siteAddress(url: string | null, sites: Record<string, string>): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    const host = u.hostname.replace(/\.$/, '');
    const origin = Object.hasOwn(sites, host) ? sites[host] : undefined;
    return origin ? origin + u.pathname : null;
  } catch {
    return null;
  }
}

/**
 * A full page load, only when the address is another host than this page's. Another host is another
 * origin with its own storage, so the next show time travels along as `?modalRegion=` (taken and removed
 * by the overlay there): the shopper is not asked again on the site they just chose.
 */
function go(address: string | null, until: number): void {
  if (!address) return;
  try {
    const url = new URL(address);
    if (url.host === window.location.host) return;
    url.searchParams.set(REGION_KEY, String(until));
    window.location.assign(url.href);
  } catch {
    // not an address: stay
  }
}

/** A next show time handed over by another of the shop's sites, if any and sane (at most 4 hours ahead). */
function handedOver(search: string): { until: number | null; rest: string } | null {
  const params = new URLSearchParams(search);
  if (!params.has(REGION_KEY)) return null;
  const until = Number(params.get(REGION_KEY));
  params.delete(REGION_KEY);
  const rest = params.toString();
  const now = Date.now();
  return { until: until > now && until <= now + REMIND_AFTER_MS ? until : null, rest: rest ? `?${rest}` : '' };
}

export function RegionOverlay() {
  const { t } = useTranslation();
  const shell = useShell();
  const [view, setView] = useState<View>({ kind: 'hidden' });
  const section = useRef<HTMLElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const focusSearch = useRef(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const describedBy = useId();
  const navigate = useNavigate();
  const routerLocation = useLocation();
  const onCheckout = useMatches().some((match) => CHECKOUT_ROUTES.has(match.id as RouteId));

  // A show time handed over in the address is stored and taken out of it, whenever the address carries one. Declared
  // before the lookup below: on the first render it is stored before the lookup asks whether the question is due.
  useEffect(() => {
    const handed = handedOver(routerLocation.search);
    if (!handed) return;
    if (handed.until) remindAt(REGION_KEY, handed.until);
    void navigate({ pathname: routerLocation.pathname, search: handed.rest, hash: routerLocation.hash }, { replace: true });
  }, [routerLocation.search, routerLocation.pathname, routerLocation.hash, navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load; a token rotated later (sign-in) must not ask again
  useEffect(() => {
    if (!reminderDue(REGION_KEY)) return;
    const controller = new AbortController();
    void apiGet<{ data: RegionAnswer }>('/api/site/region', { token: shell.token, domain: shell.site.host }, controller.signal).then(
      (res) => {
        if (controller.signal.aborted) return;
        const answer = res.ok ? res.body?.data : undefined;
        if (answer?.status === 'found' && answer.location) setView({ kind: 'confirm', answer });
        else setView({ kind: 'choose', error: answer?.status !== 'disabled', sites: answer?.sites ?? {} });
      },
    );
    return () => controller.abort();
    // Once per page load: the token of the first render is the one the session was issued with, and the host never
    // changes. A later token (the root data revalidated after a sign-in) must not re-ask a question closed with Escape.
  }, []);

  useEffect(() => {
    if (view.kind === 'choose' && focusSearch.current) {
      focusSearch.current = false;
      search.current?.focus();
    }
  }, [view]);

  /** Hides the overlay (every way of closing it is an answer: the caller has stored the next show time). */
  const hide = () => {
    const inside = section.current?.contains(document.activeElement);
    setView({ kind: 'hidden' });
    if (inside && returnFocus.current?.isConnected) returnFocus.current.focus();
  };

  /** × and Escape: 'not now', asked again in 4 hours. */
  const dismiss = () => {
    remindAt(REGION_KEY);
    hide();
  };

  const confirm = (answer: RegionAnswer) => {
    const until = remindAt(REGION_KEY);
    hide();
    go(answer.address, until);
  };

  const chooseOther = (answer: RegionAnswer) => {
    focusSearch.current = true;
    setView({ kind: 'choose', error: false, sites: answer.sites });
  };

  const pick = (city: CityChoice, sites: Record<string, string>) => {
    const until = remindAt(REGION_KEY);
    hide();
    go(siteAddress(city.url, sites), until);
  };

  // Where focus came from when it entered the overlay: it goes back there when the overlay closes.
  const focusIn = (e: FocusEvent<HTMLElement>) => {
    const from = e.relatedTarget as HTMLElement | null;
    if (from && !e.currentTarget.contains(from)) returnFocus.current = from;
  };
  const keyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.preventDefault();
      dismiss();
    }
  };

  if (view.kind === 'hidden' || onCheckout) return null;
  const location = view.kind === 'confirm' ? view.answer.location : null;
  const described = view.kind === 'confirm' || view.error;
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: delegation: focus and Escape bubble up from the controls inside
    <section
      ref={section}
      className="region-overlay"
      aria-label={t('region.label')}
      aria-describedby={described ? describedBy : undefined}
      onFocus={focusIn}
      onKeyDown={keyDown}
    >
      <div className="region-overlay__body">
        {view.kind === 'confirm' && location && (
          <>
            <p id={describedBy} className="region-overlay__question">
              {location.region_type_full
                ? t('region.question', { region: location.region, type: location.region_type_full })
                : t('region.questionShort', { region: location.region })}
            </p>
            <div className="region-overlay__actions">
              <button type="button" className="button button--small" onClick={() => confirm(view.answer)}>
                {t('region.confirm')}
              </button>
              <button type="button" className="button button--small button--secondary" onClick={() => chooseOther(view.answer)}>
                {t('region.other')}
              </button>
            </div>
          </>
        )}
        {view.kind === 'choose' && (
          <>
            {view.error && (
              <p id={describedBy} className="region-overlay__error">
                {t('region.error')}
              </p>
            )}
            <CityAutocomplete
              token={shell.token}
              domain={shell.site.host}
              label={t('region.choose')}
              placeholder={t('region.search')}
              inputRef={search}
              onSelect={(city) => pick(city, view.sites)}
            />
          </>
        )}
      </div>
      <button type="button" className="region-overlay__close" aria-label={t('region.close')} onClick={dismiss}>
        ×
      </button>
    </section>
  );
}
