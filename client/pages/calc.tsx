/**
 * /calc: the calculator. The car (model or body type), the zones and a tier → per zone and layer the product,
 * sheets, price on this site and added mass; the totals; every line into the cart at once. The state is the query
 * string (a GET form without script; hydrated, every change updates the address and the answer at once, computed
 * here by shared/calculator.ts from the loader's model — docs/decisions/028-calculator.md).
 */
import { useId } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/calc.ts';
import { type CalcState, calcSearch, calculate, parseCalcQuery } from '../../shared/calculator.ts';
import { formatNumber } from '../../shared/format.ts';
import { useBoot } from '../boot.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CarFields } from '../components/calc/CarFields.tsx';
import { CarPicture } from '../components/calc/CarPicture.tsx';
import { useNames, zoneGroups } from '../components/calc/names.ts';
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
  const { name, nameLang, carName } = useNames(model);
  const { state, notices } = parseCalcQuery(model, search);
  const result = calculate(model, state);
  const set = (next: Partial<CalcState>, control: string) => go(calcSearch({ ...state, ...next }), control);
  const toggle = (zones: string[], on: boolean) =>
    set({ zones: model.zones.map((z) => z.code).filter((z) => (zones.includes(z) ? on : state.zones.includes(z))) }, 'zone');
  const car = carName(state.car);
  const subject = car ? `${car} (${name('body', state.body).toLowerCase()})` : name('body', state.body);
  const unsold = result.lines.filter((l) => !l.sold);
  const substitutes = result.lines.filter((l) => l.substitute);
  const kg = (value: number) => formatNumber(value, language, 1);
  const m2 = (value: number) => formatNumber(value, language, 2);

  return (
    <article className="calc-page">
      <PageHead title={t('calc.title')} description={t('calc.description')} />
      <Breadcrumbs items={[{ label: t('productPage.home'), to: '/' }, { label: t('calc.title') }]} />
      <h1>{t('calc.title')}</h1>
      <p className="lead">{t('calc.lead')}</p>
      <Notices notices={notices} />
      {model.zones.length === 0 || model.tiers.length === 0 ? (
        <p>{t('calc.unavailable')}</p>
      ) : (
        <div className="calc">
          <form method="get" className="calc-form" aria-label={t('calc.formLabel')}>
            <CarFields
              model={model}
              car={state.car}
              body={state.body}
              onCar={(slug) => set({ car: slug, body: model.cars.find((c) => c.slug === slug)?.body ?? state.body }, 'car')}
              onBody={(body) => set({ car: null, body }, 'body')}
            />
            <fieldset className="calc-fieldset">
              <legend>{t('calc.zonesLegend')}</legend>
              <p className="calc-bulk needs-script">
                {([true, false] as const).map((on) => (
                  <button
                    key={String(on)}
                    type="button"
                    className="link-button"
                    onClick={() =>
                      toggle(
                        model.zones.map((z) => z.code),
                        on,
                      )
                    }
                  >
                    {t(on ? 'calc.allZones' : 'calc.noZones')}
                  </button>
                ))}
              </p>
              <div className="calc-zones">
                {zoneGroups(model).map(([group, codes]) =>
                  codes.length > 1 ? (
                    <fieldset key={group} className="calc-group">
                      <legend>
                        <label className="calc-check needs-script">
                          <input
                            type="checkbox"
                            checked={codes.every((c) => state.zones.includes(c))}
                            ref={(el) => {
                              if (el)
                                el.indeterminate =
                                  codes.some((c) => state.zones.includes(c)) && !codes.every((c) => state.zones.includes(c));
                            }}
                            onChange={(e) => toggle(codes, e.target.checked)}
                          />
                          {t('calc.wholeGroup', { group: name('group', group) })}
                        </label>
                        <span className="without-script">{name('group', group)}</span>
                      </legend>
                      {codes.map((code) => (
                        <ZoneCheck
                          key={code}
                          code={code}
                          label={name('zone', code)}
                          lang={nameLang('zone', code)}
                          on={state.zones.includes(code)}
                          onChange={(on) => toggle([code], on)}
                        />
                      ))}
                    </fieldset>
                  ) : (
                    <ZoneCheck
                      key={codes[0]}
                      code={codes[0]!}
                      label={name('zone', codes[0]!)}
                      lang={nameLang('zone', codes[0]!)}
                      on={state.zones.includes(codes[0]!)}
                      onChange={(on) => toggle(codes, on)}
                    />
                  ),
                )}
              </div>
            </fieldset>
            <fieldset className="calc-fieldset">
              <legend>{t('calc.tierLegend')}</legend>
              <div className="calc-tiers">
                {model.tiers.map((tier) => (
                  <label key={tier.code} className="calc-tier">
                    <input
                      type="radio"
                      name="tier"
                      value={tier.code}
                      checked={state.tier === tier.code}
                      onChange={() => set({ tier: tier.code }, 'tier')}
                    />
                    <span className="calc-tier__name" lang={nameLang('tier', tier.code)}>
                      {name('tier', tier.code)}
                    </span>
                    <span className="calc-tier__hint">{t(`calc.tierHint.${tier.code}`, { defaultValue: '' })}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <JumpToResult search={search} target={`${id}-calc-result-title`} total={result.totals.price} currency={currency} />
            <button type="submit" className="button without-script">
              {t('calc.compute')}
            </button>
          </form>

          <section className="calc-result" aria-labelledby={`${id}-calc-result-title`}>
            <h2 id={`${id}-calc-result-title`}>
              {subject} · {name('tier', state.tier)}
            </h2>
            <CarPicture chosen={state.zones} zones={model.zones.map((z) => z.code)} name={(z) => name('zone', z)} />
            <Totals totals={result.totals} currency={currency} />
            {state.zones.length === 0 ? (
              <p className="calc-empty">{t('calc.noZonesChosen')}</p>
            ) : (
              <>
                <ResultActions page="calc" items={result.items} suggestedTitle={`${subject} · ${name('tier', state.tier)}`}>
                  <Link className="button button--secondary" to={`/constructor?${calcSearch(state)}`}>
                    {t('calc.refine')}
                  </Link>
                </ResultActions>
                {unsold.length > 0 && (
                  <p className="form__error" role="alert">
                    {t('calc.unsold', { list: unsold.map((l) => `${name('zone', l.zone)} — ${name('layer', l.layer)}`).join('; ') })}
                  </p>
                )}
                {substitutes.length > 0 && <p className="muted">{t('calc.substituted')}</p>}
                <div className="calc-table-wrap">
                  <table className="calc-table">
                    <caption className="visually-hidden">{t('calc.tableCaption')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('calc.col.product')}</th>
                        <th scope="col">{t('calc.col.sheets')}</th>
                        <th scope="col">{t('calc.col.price')}</th>
                        <th scope="col">{t('calc.col.mass')}</th>
                      </tr>
                    </thead>
                    {state.zones.map((zone) => {
                      const lines = result.lines.filter((l) => l.zone === zone);
                      return (
                        <tbody key={zone}>
                          <tr className="calc-table__zone">
                            <th scope="rowgroup" colSpan={4}>
                              <span lang={nameLang('zone', zone)}>{name('zone', zone)}</span>{' '}
                              <span className="muted">
                                · {t('calc.area', { area: m2(lines[0]?.areaM2 ?? model.areas[state.body]?.[zone] ?? 0) })}
                              </span>
                            </th>
                          </tr>
                          {lines.map((line) => {
                            const product = line.sku ? model.products[line.sku] : undefined;
                            return (
                              <tr key={line.layer} data-zone={zone} data-layer={line.layer}>
                                <td>
                                  <span className="calc-table__layer" lang={nameLang('layer', line.layer)}>
                                    {name('layer', line.layer)}
                                  </span>
                                  {product ? (
                                    <Link to={product.url} lang={product.lang ?? undefined}>
                                      {product.title}
                                    </Link>
                                  ) : (
                                    (line.sku ?? '—')
                                  )}
                                  <span className="calc-table__need">
                                    {t('calc.need', { need: m2(line.needM2), coverage: Math.round(line.coverage * 100) })}
                                    {line.substitute && ` · ${t('calc.alternative')}`}
                                  </span>
                                </td>
                                <td className="num">{line.sheets}</td>
                                <td className="num">
                                  {line.price !== null ? <Price amount={line.price} currency={currency} /> : t('product.notSold')}
                                </td>
                                <td className="num">{line.massKg !== null ? kg(line.massKg) : '—'}</td>
                              </tr>
                            );
                          })}
                        </tbody>
                      );
                    })}
                    <tfoot>
                      <tr>
                        <th scope="row">{t('calc.total')}</th>
                        <td className="num">{result.totals.sheets}</td>
                        <td className="num">
                          <Price amount={result.totals.price} currency={currency} />
                        </td>
                        <td className="num">{kg(result.totals.massKg)}</td>
                      </tr>
                    </tfoot>
                  </table>
                </div>
                <p className="muted calc-fineprint">{t('calc.fineprint', { waste: Math.round(model.waste * 100) })}</p>
              </>
            )}
          </section>
        </div>
      )}
    </article>
  );
}

function ZoneCheck({
  code,
  label,
  lang,
  on,
  onChange,
}: {
  code: string;
  label: string;
  lang?: 'ru';
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="calc-check">
      <input type="checkbox" name="zone" value={code} checked={on} onChange={(e) => onChange(e.target.checked)} />
      <span lang={lang}>{label}</span>
    </label>
  );
}
