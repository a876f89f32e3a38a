/** Small pieces both pages show: the notice about an unusable link and the totals (price, mass, sheets). */
import { CALC_KEYS, type CalcNotice, type CalcTotals } from '../../../shared/calculator.ts';
import { formatNumber } from '../../../shared/format.ts';
import { useBoot } from '../../boot.ts';
import { useTranslation } from '../../i18n.tsx';
import { Price } from '../Price.tsx';

export function Notices({ notices }: { notices: CalcNotice[] }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <div className="calc-notice" role="status">
      <p>{t('calc.notice.intro')}</p>
      <ul>
        {notices.map((n) => (
          <li key={n}>{t(`calc.notice.${n}`)}</li>
        ))}
      </ul>
    </div>
  );
}

/** The totals, announced politely as they change. */
export function Totals({ totals, currency }: { totals: CalcTotals; currency: string }) {
  const { t } = useTranslation();
  const { language } = useBoot();
  return (
    <dl className="calc-totals" aria-live="polite" aria-atomic="true">
      <div>
        <dt>{t('calc.totalPrice')}</dt>
        <dd className="calc-totals__price">
          <Price amount={totals.price} currency={currency} />
        </dd>
      </div>
      <div>
        <dt>{t('calc.totalMass')}</dt>
        <dd className="calc-totals__mass">{t('calc.kg', { kg: formatNumber(totals.massKg, language, 1) })}</dd>
      </div>
      <div>
        <dt>{t('calc.totalSheets')}</dt>
        <dd className="calc-totals__sheets">{totals.sheets}</dd>
      </div>
    </dl>
  );
}

/**
 * On a phone the result comes after the form: the total stays in sight at the bottom, a link to the result.
 * It appears once the address holds a calculation (a calculator key): after the shopper's first choice, or from a
 * shared calculation. A campaign's `?utm_source=…` alone is no calculation.
 * The first view of the page thus has no bar over the form. There the bar covered the first zone checkboxes at the
 * fold, where a target under a sticky bar is hard to tap (WCAG 2.2 target size; Lighthouse's accessibility audit of
 * /calc).
 */
export function JumpToResult({ search, target, total, currency }: { search: string; target: string; total: number; currency: string }) {
  const { t } = useTranslation();
  const params = new URLSearchParams(search);
  if (!Object.values(CALC_KEYS).some((key) => params.has(key))) return null;
  return (
    <a className="calc-jump" href={`#${target}`}>
      <span>{t('calc.jump')}</span>
      <Price amount={total} currency={currency} />
    </a>
  );
}
