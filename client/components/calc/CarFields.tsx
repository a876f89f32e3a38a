/**
 * Choosing the car: a make and model (a grouped list, and with script a search field whose matches are one
 * click) or, with no model chosen, a body type. A model implies its body type (shared/calculator.ts).
 */
import { useId, useState } from 'react';
import type { CalcModel } from '../../../shared/calculator.ts';
import { useTranslation } from '../../i18n.tsx';
import { useNames } from './names.ts';

const MAX_MATCHES = 6;

/** Lower case, ё → е, no punctuation: "Хендай солярис", "rav 4" and "RAV4" all match. */
const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, '');

export function CarFields({
  model,
  car,
  body,
  onCar,
  onBody,
}: {
  model: CalcModel;
  car: string | null;
  body: string;
  onCar: (slug: string | null) => void;
  onBody: (code: string) => void;
}) {
  const { t } = useTranslation();
  const { name, nameLang } = useNames(model);
  const [query, setQuery] = useState('');
  const id = useId();
  const makes = [...new Set(model.cars.map((c) => c.make))];
  const folded = fold(query);
  const matches = folded ? model.cars.filter((c) => fold(`${c.make}${c.model}`).includes(folded) || fold(c.model).includes(folded)) : [];
  const choose = (slug: string) => {
    onCar(slug);
    setQuery('');
  };
  return (
    <fieldset className="calc-fieldset">
      <legend>{t('calc.carLegend')}</legend>
      <div className="calc-search needs-script">
        <label htmlFor={`${id}-q`}>{t('calc.search')}</label>
        <input
          id={`${id}-q`}
          type="search"
          className="calc-input"
          value={query}
          placeholder={t('calc.searchPlaceholder')}
          autoComplete="off"
          aria-describedby={`${id}-found`}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            // Enter picks the first match, as the list shows it; it never submits the form (a page load for nothing).
            // (Not the Enter that ends an IME composition: Safari sends it with keyCode 229 and isComposing false.)
            if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.keyCode === 229 || e.altKey || e.ctrlKey || e.metaKey) return;
            e.preventDefault();
            if (matches[0]) choose(matches[0].slug);
          }}
        />
        <p id={`${id}-found`} className="visually-hidden" aria-live="polite">
          {folded ? t('calc.found', { count: matches.length }) : ''}
        </p>
        {matches.length > 0 && (
          <ul className="calc-matches">
            {matches.slice(0, MAX_MATCHES).map((c) => (
              <li key={c.slug}>
                <button type="button" className="calc-chip" onClick={() => choose(c.slug)}>
                  {c.make} {c.model}{' '}
                  <span className="muted" lang={nameLang('body', c.body)}>
                    · {name('body', c.body)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {folded && matches.length === 0 && <p className="muted">{t('calc.notFound')}</p>}
      </div>
      <div className="calc-row">
        <label className="calc-field">
          <span>{t('calc.car')}</span>
          <select name="car" className="calc-input" value={car ?? ''} onChange={(e) => onCar(e.target.value || null)}>
            <option value="">{t('calc.anyCar')}</option>
            {makes.map((make) => (
              <optgroup key={make} label={make}>
                {model.cars
                  .filter((c) => c.make === make)
                  .map((c) => (
                    <option key={c.slug} value={c.slug}>
                      {c.make} {c.model}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label className="calc-field">
          <span>{t('calc.bodyLabel')}</span>
          <select
            name="body"
            className="calc-input"
            value={body}
            onChange={(e) => onBody(e.target.value)}
            aria-describedby={car ? `${id}-implied` : undefined}
          >
            {model.bodies.map((b) => (
              <option key={b.code} value={b.code} lang={nameLang('body', b.code)}>
                {name('body', b.code)}
              </option>
            ))}
          </select>
          {car && (
            <small id={`${id}-implied`} className="muted">
              {t('calc.bodyImplied')}
            </small>
          )}
        </label>
      </div>
    </fieldset>
  );
}
