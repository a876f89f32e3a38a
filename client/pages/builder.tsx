/**
 * /constructor: the shopper builds the treatment by hand on a picture of the car — zones picked on the side and top
 * views (or in the list), per zone the product of each layer from that layer's category (or none) — and sees the
 * running sheets (rounded up once per product), price and mass. Same model and arithmetic as /calc
 * (shared/calculator.ts); the state is the query string, so a link reopens it and Back undoes a step.
 */
import { useId } from 'react';
import { Link, useHref, useLoaderData, useLocation } from 'react-router-dom';
import type { loader } from '../../server/pages/builder.ts';
import {
  type BuildState,
  buildSearch,
  construct,
  layerKey,
  layerOptions,
  NONE,
  needOf,
  parseBuildQuery,
  tierPicks,
  zoneLayers,
} from '../../shared/calculator.ts';
import { formatMoney, formatNumber } from '../../shared/format.ts';
import { useBoot } from '../boot.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CarFields } from '../components/calc/CarFields.tsx';
import { CarPicture } from '../components/calc/CarPicture.tsx';
import { useNames } from '../components/calc/names.ts';
import { JumpToResult, Notices, Totals } from '../components/calc/parts.tsx';
import { ResultActions } from '../components/calc/ResultActions.tsx';
import { useQueryState } from '../components/calc/use-query-state.ts';
import { PageHead } from '../components/PageHead.tsx';
import { Price } from '../components/Price.tsx';
import { useTranslation } from '../i18n.tsx';

export function Component() {
  const { t } = useTranslation();
  const { language } = useBoot();
  const id = useId();
  const { model, currency } = useLoaderData<typeof loader>();
  const { search, go } = useQueryState();
  const location = useLocation();
  const base = useHref(location.pathname);
  const { name, nameLang, carName } = useNames(model);
  const { state, notices } = parseBuildQuery(model, search);
  const result = construct(model, state);
  const set = (next: Partial<BuildState>, control: string) => go(buildSearch({ ...state, ...next }), control);
  /** The state with a zone ticked (from the tier's picks) or unticked. */
  const toggled = (zone: string): BuildState => {
    const on = !state.zones.includes(zone);
    const zones = model.zones.map((z) => z.code).filter((z) => (z === zone ? on : state.zones.includes(z)));
    const picks = { ...state.picks };
    if (on) picks[zone] = tierPicks(model, state.tier, zone);
    else delete picks[zone];
    return { ...state, zones, picks };
  };
  const pick = (zone: string, layer: string, sku: string | null) =>
    set({ picks: { ...state.picks, [zone]: { ...state.picks[zone], [layer]: sku } } }, `pick:${zone}.${layer}`);
  const car = carName(state.car);
  const subject = car ?? name('body', state.body);
  const m2 = (value: number) => formatNumber(value, language, 2);
  const options = Object.fromEntries(model.layers.map((l) => [l.code, layerOptions(model, l.code)]));

  return (
    <article className="calc-page">
      <PageHead title={t('calc.builder.title')} description={t('calc.builder.description')} />
      <Breadcrumbs items={[{ label: t('productPage.home'), to: '/' }, { label: t('calc.builder.title') }]} />
      <h1>{t('calc.builder.title')}</h1>
      <p className="lead">{t('calc.builder.lead')}</p>
      <Notices notices={notices} />
      {model.zones.length === 0 || model.tiers.length === 0 ? (
        <p>{t('calc.unavailable')}</p>
      ) : (
        <div className="calc">
          <form method="get" className="calc-form build-form" aria-label={t('calc.builder.formLabel')}>
            <CarFields
              model={model}
              car={state.car}
              body={state.body}
              onCar={(slug) => set({ car: slug, body: model.cars.find((c) => c.slug === slug)?.body ?? state.body }, 'car')}
              onBody={(body) => set({ car: null, body }, 'body')}
            />
            <label className="calc-field">
              <span>{t('calc.builder.tier')}</span>
              <select
                name="tier"
                className="calc-input"
                value={state.tier}
                onChange={(e) => {
                  const tier = e.target.value;
                  set({ tier, picks: Object.fromEntries(state.zones.map((z) => [z, tierPicks(model, tier, z)])) }, 'tier');
                }}
              >
                {model.tiers.map((tier) => (
                  <option key={tier.code} value={tier.code} lang={nameLang('tier', tier.code)}>
                    {name('tier', tier.code)}
                  </option>
                ))}
              </select>
              <small className="muted">{t('calc.builder.tierHint')}</small>
            </label>
            <section className="build-picture" aria-labelledby={`${id}-build-picture-title`}>
              <h2 id={`${id}-build-picture-title`}>{t('calc.builder.pictureTitle')}</h2>
              <p className="muted">{t('calc.builder.pictureHint')}</p>
              <CarPicture
                chosen={state.zones}
                zones={model.zones.map((z) => z.code)}
                name={(z) => name('zone', z)}
                toggle={{ href: (z) => `${base}?${buildSearch(toggled(z))}`, onToggle: (z) => go(buildSearch(toggled(z)), 'zone') }}
              />
            </section>
            <fieldset className="calc-fieldset">
              <legend>{t('calc.builder.zonesLegend')}</legend>
              <ul className="build-zones">
                {model.zones.map(({ code }) => {
                  const on = state.zones.includes(code);
                  return (
                    <li key={code} className={`build-zone${on ? ' build-zone--on' : ''}`}>
                      <label className="calc-check">
                        <input
                          type="checkbox"
                          name="zone"
                          value={code}
                          checked={on}
                          onChange={() => go(buildSearch(toggled(code)), 'zone')}
                        />
                        <span lang={nameLang('zone', code)}>{name('zone', code)}</span>
                        <span className="muted"> · {t('calc.area', { area: m2(model.areas[state.body]?.[code] ?? 0) })}</span>
                      </label>
                      {on &&
                        zoneLayers(model, code).map((layer) => {
                          const sku = state.picks[code]?.[layer] ?? null;
                          const need = needOf(model, state.body, code, layer, state.tier);
                          return (
                            <label key={layer} className="calc-field build-layer">
                              <span>
                                <span lang={nameLang('layer', layer)}>{name('layer', layer)}</span>{' '}
                                <span className="muted">
                                  · {t('calc.need', { need: m2(need.needM2), coverage: Math.round(need.coverage * 100) })}
                                </span>
                              </span>
                              <select
                                name={layerKey(code, layer)}
                                className="calc-input"
                                value={sku ?? NONE}
                                onChange={(e) => pick(code, layer, e.target.value === NONE ? null : e.target.value)}
                              >
                                <option value={NONE}>{t('calc.builder.none')}</option>
                                {options[layer]!.map((p) => (
                                  <option key={p.sku} value={p.sku} lang={p.lang ?? undefined}>
                                    {p.title} — {formatMoney(p.price!, currency, language)}
                                  </option>
                                ))}
                              </select>
                            </label>
                          );
                        })}
                    </li>
                  );
                })}
              </ul>
            </fieldset>
            <JumpToResult search={search} target={`${id}-build-summary-title`} total={result.totals.price} currency={currency} />
            <button type="submit" className="button without-script">
              {t('calc.builder.update')}
            </button>
          </form>

          <section className="calc-result build-summary" aria-labelledby={`${id}-build-summary-title`}>
            <h2 id={`${id}-build-summary-title`}>
              {t('calc.builder.summary')}: {subject}
            </h2>
            <Totals totals={result.totals} currency={currency} />
            {result.items.length === 0 ? (
              <p className="calc-empty">{t('calc.builder.empty')}</p>
            ) : (
              <>
                <ResultActions page="builder" items={result.items} suggestedTitle={`${subject} · ${t('calc.builder.title')}`} />
                <div className="calc-table-wrap">
                  <table className="calc-table">
                    <caption className="visually-hidden">{t('calc.builder.tableCaption')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('calc.col.product')}</th>
                        <th scope="col">{t('calc.col.sheets')}</th>
                        <th scope="col">{t('calc.col.price')}</th>
                        <th scope="col">{t('calc.col.mass')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {result.items.map((item) => {
                        const product = model.products[item.sku]!;
                        const zones = result.lines.filter((l) => l.sku === item.sku);
                        return (
                          <tr key={item.sku} data-sku={item.sku}>
                            <td>
                              <Link to={product.url} lang={product.lang ?? undefined}>
                                {product.title}
                              </Link>
                              <span className="calc-table__need">
                                {zones.map((l) => name('zone', l.zone)).join(', ')} ·{' '}
                                {t('calc.needOnly', { need: m2(zones.reduce((s, l) => s + l.needM2, 0)) })}
                              </span>
                            </td>
                            <td className="num">{item.quantity}</td>
                            <td className="num">
                              <Price amount={item.price} currency={currency} />
                            </td>
                            <td className="num">{item.massKg !== null ? formatNumber(item.massKg, language, 1) : '—'}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
                <p className="muted calc-fineprint">{t('calc.builder.fineprint', { waste: Math.round(model.waste * 100) })}</p>
              </>
            )}
          </section>
        </div>
      )}
    </article>
  );
}
