/**
 * /map, where to buy: the site's partners as an accessible list filtered by city (the city autocomplete) and kind
 * — a GET form, complete without JavaScript — and, when the site has a maps key, the same partners on a Yandex map
 * loaded on demand (clustered pins, a card per partner). A map that fails leaves the list and a short notice.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useLoaderData, useSubmit } from 'react-router-dom';
import type { loader } from '../../server/pages/map.ts';
import { CITY_FILTER_MAX, DEALER_KINDS, type Dealer, dealerJsonLd, formatHours } from '../../shared/dealers.ts';
import { telHref } from '../../shared/navigation.ts';
import { useBoot, useStoredRussian } from '../boot.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CityAutocomplete } from '../components/CityAutocomplete.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { useCanonicalUrl } from '../components/SeoLinks.tsx';
import { useTranslation } from '../i18n.tsx';
import { useShell } from '../loader-data.ts';
import { createDealerMap, type DealerMapHandle } from '../third-party/dealer-map.ts';
import { useMapsApi } from '../third-party/maps.ts';

function DealerDetails({ dealer }: { dealer: Dealer }) {
  const { t } = useTranslation();
  const { language } = useBoot();
  // Partners' names and addresses are kept as written in Russian.
  const storedLang = useStoredRussian();
  return (
    <dl className="dealer__details">
      <dt>{t('map.address')}</dt>
      <dd lang={storedLang}>
        {dealer.city}, {dealer.address}
      </dd>
      {dealer.phone && (
        <>
          <dt>{t('map.phone')}</dt>
          <dd>
            <a href={telHref(dealer.phone)}>{dealer.phone}</a>
          </dd>
        </>
      )}
      {dealer.hours && (
        <>
          <dt>{t('map.hours')}</dt>
          <dd>{formatHours(dealer.hours, language)}</dd>
        </>
      )}
      {dealer.website && (
        <>
          <dt>{t('map.website')}</dt>
          <dd>
            <a href={dealer.website} rel="noopener">
              {dealer.website.replace(/^https:\/\/|\/$/g, '')}
            </a>
          </dd>
        </>
      )}
      {dealer.email && (
        <>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${dealer.email}`}>{dealer.email}</a>
          </dd>
        </>
      )}
    </dl>
  );
}

/**
 * The map: a container the API draws into once loaded after hydration, the chosen partner's card beside it, and
 * a notice instead when the script or the API fails. `focus` is how the list asks for one partner.
 */
function DealerMap({ dealers, onReady }: { dealers: Dealer[]; onReady: (focus: ((d: Dealer) => void) | null) => void }) {
  const { t } = useTranslation();
  // Partners' names and addresses are kept as written in Russian.
  const storedLang = useStoredRussian();
  const api = useMapsApi();
  const element = useRef<HTMLDivElement>(null);
  const handle = useRef<DealerMapHandle | null>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const [chosen, setChosen] = useState<Dealer | null>(null);
  const cardTitle = useId();
  // The latest list, for the map built once the API is ready.
  const latest = useRef(dealers);
  latest.current = dealers;

  useEffect(() => {
    if (api.status !== 'ready' || !element.current) return;
    let live = true;
    createDealerMap(api.api, element.current, latest.current, {
      onSelect: (d) => setChosen(d),
      pinLabel: (d) => `${d.name}, ${t(`map.types.${d.kind}`)}`,
      clusterLabel: (count) => t('map.cluster', { count }),
    }).then(
      (map) => {
        if (!live) return map.destroy();
        handle.current = map;
        setReady(true);
      },
      (error: unknown) => {
        console.warn('the map could not be built', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
      handle.current?.destroy();
      handle.current = null;
      setReady(false);
    };
  }, [api, t]);

  useEffect(() => {
    handle.current?.show(dealers);
    setChosen((current) => (current && dealers.some((d) => d.id === current.id) ? current : null));
  }, [dealers]);

  // The list's "show on the map" buttons appear once the map can take them.
  useEffect(() => {
    onReady(
      ready
        ? (d) => {
            handle.current?.focus(d);
            setChosen(d);
            element.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
          }
        : null,
    );
  }, [ready, onReady]);

  if (api.status === 'error' || failed) {
    return (
      <p className="dealer-map__notice" role="status">
        {t('map.mapFailed')}
      </p>
    );
  }
  return (
    <section className="dealer-map" aria-label={t('map.mapLabel')}>
      <div ref={element} className="dealer-map__canvas" data-state={api.status}>
        {api.status === 'loading' && <p className="dealer-map__loading">{t('map.mapLoading')}</p>}
      </div>
      {chosen && (
        <article className="dealer-card" aria-labelledby={cardTitle}>
          <h2 id={cardTitle} className="dealer-card__title" lang={storedLang}>
            {chosen.name}
          </h2>
          <p className="dealer__kind">{t(`map.types.${chosen.kind}`)}</p>
          <DealerDetails dealer={chosen} />
          <div className="dealer-card__actions">
            <a href={`#dealer-${chosen.slug}`}>{t('map.inList')}</a>
            <button type="button" className="button button--small button--secondary" onClick={() => setChosen(null)}>
              {t('map.close')}
            </button>
          </div>
        </article>
      )}
    </section>
  );
}

export function Component() {
  const { t } = useTranslation();
  // Partners' names and addresses are kept as written in Russian.
  const storedLang = useStoredRussian();
  const { filter, dealers, total, problem } = useLoaderData<typeof loader>();
  const shell = useShell();
  const url = useCanonicalUrl();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [focusOnMap, setFocusOnMap] = useState<((d: Dealer) => void) | null>(null);
  const onMapReady = useCallback((focus: ((d: Dealer) => void) | null) => setFocusOnMap(() => focus), []);
  const hasMap = !!shell.site.tags?.maps && total > 0;
  const filtered = filter.city !== '' || filter.kind !== null;
  const apply = useCallback(() => {
    if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
  }, [submit]);

  return (
    <>
      <PageHead title={t('map.title')} description={t('map.description')} jsonLd={dealers.map((d) => dealerJsonLd(d, url))} />
      <Breadcrumbs items={[{ label: t('productPage.home'), to: '/' }, { label: t('map.title') }]} />
      <h1>{t('map.title')}</h1>
      <p className="lead">{t('map.lead')}</p>
      <Form ref={formRef} method="get" action="/map" className="dealer-filters" aria-label={t('map.filters')}>
        <CityAutocomplete
          key={filter.city}
          token={shell.token}
          domain={shell.site.host}
          label={t('map.city')}
          placeholder={t('map.cityPlaceholder')}
          name="city"
          className="dealer-filters__city"
          defaultValue={filter.city}
          // After the chosen city is in the field.
          onSelect={() => setTimeout(apply, 0)}
        />
        {/* The select inside its label: the name holds whatever ids the server and the browser give (it is re-keyed). */}
        <label className="dealer-filters__type">
          <span>{t('map.type')}</span>
          <select name="type" key={filter.kind ?? ''} defaultValue={filter.kind ?? ''} onChange={apply}>
            <option value="">{t('map.typeAll')}</option>
            {DEALER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`map.types.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="dealer-filters__actions">
          <button type="submit" className="button">
            {t('map.apply')}
          </button>
          {filtered && <Link to="/map">{t('map.reset')}</Link>}
        </div>
        {problem === 'cityTooLong' && (
          <p className="form__error" role="alert">
            {t('map.cityTooLong', { count: CITY_FILTER_MAX })}
          </p>
        )}
      </Form>
      {hasMap && <DealerMap dealers={dealers} onReady={onMapReady} />}
      <div className="dealers">
        {/* Announced when the filter changes: the count and the "nothing here", not every card. */}
        <div aria-live="polite">
          <p className="muted dealers__count">{total === 0 ? t('map.empty') : t('map.found', { count: dealers.length })}</p>
          {total > 0 && dealers.length === 0 && <p className="dealers__nothing">{t('map.nothing')}</p>}
        </div>
        <ul className="dealer-list">
          {dealers.map((dealer) => (
            <li key={dealer.id} id={`dealer-${dealer.slug}`} className={`dealer dealer--${dealer.kind}`}>
              <h2 className="dealer__name" lang={storedLang}>
                {dealer.name}
              </h2>
              <p className="dealer__kind">{t(`map.types.${dealer.kind}`)}</p>
              <DealerDetails dealer={dealer} />
              {focusOnMap && (
                <button type="button" className="button button--small button--secondary" onClick={() => focusOnMap(dealer)}>
                  {t('map.showOnMap')}
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
      <p className="dealers__cta">
        {t('map.partnerCta')} <Link to="/stat-partnerom">{t('map.partnerLink')}</Link>
      </p>
    </>
  );
}
