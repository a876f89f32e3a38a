/**
 * /records: the shopper's saved calculations, constructions and installation appointments on this site, newest first:
 * each with its kind, date, what it came to (the details the saving page kept: total, mass, date, city), a link
 * back to the result, and delete (a fetcher form; without JavaScript a plain post).
 */
import { Link, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/records.ts';
import { formatMoney, formatNumber } from '../../shared/format.ts';
import type { SavedRecord } from '../../shared/records.ts';
import { safeLocalPath } from '../../shared/safe-path.ts';
import { useBoot } from '../boot.ts';
import { AccountLayout } from '../components/AccountNav.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { Pager } from '../components/Pager.tsx';
import { useTranslation } from '../i18n.tsx';
import { FormError, RouteForm } from '../route-form.tsx';

export function Component() {
  const { t } = useTranslation();
  const { records, page, hasNext } = useLoaderData<typeof loader>();
  return (
    <AccountLayout current="records">
      <section className="account">
        <PageHead title={t('account.records.title')} description={t('seo.records')} noindex />
        <h1>{t('account.records.title')}</h1>
        {records.length === 0 ? (
          <p>{t('account.records.empty')}</p>
        ) : (
          <ul className="records">
            {records.map((r) => (
              <RecordItem key={r.id} record={r} />
            ))}
          </ul>
        )}
        <Pager page={page} pages={hasNext ? null : page} label={t('account.records.pagination')} path="/records" />
      </section>
    </AccountLayout>
  );
}

function RecordItem({ record }: { record: SavedRecord & { date: string } }) {
  const { t } = useTranslation();
  const { language } = useBoot();
  const { date } = record;
  // Only a local path is a link (the table admits any text starting with '/', "//host" included).
  const link = safeLocalPath(record.link);
  const d = record.details as Record<string, unknown>;
  const facts: Array<[string, string]> = [];
  if (typeof d.total === 'number' && typeof d.currency === 'string')
    facts.push([t('account.records.total'), formatMoney(d.total, d.currency, language)]);
  if (typeof d.mass === 'number') facts.push([t('account.records.mass'), formatNumber(d.mass, language)]);
  if (typeof d.date === 'string') facts.push([t('account.records.date'), d.date]);
  if (typeof d.city === 'string') facts.push([t('account.records.city'), d.city]);
  return (
    <li className="records__item">
      <div>
        <span className="records__kind">{t(`account.records.${record.kind}`)}</span>
        <h2 className="records__title">{link ? <Link to={link}>{record.title}</Link> : record.title}</h2>
        <p className="records__date">{t('account.records.saved', { date })}</p>
        {facts.length > 0 && (
          <dl className="records__facts">
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <RouteForm action="/records" formKey={`records:delete:${record.id}`} className="inline-form">
        {(state) => (
          <>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={record.id} />
            <button
              type="submit"
              className="button button--secondary"
              disabled={state.pending}
              aria-label={t('account.records.remove', { title: record.title })}
            >
              ×
            </button>
            <FormError state={state} />
          </>
        )}
      </RouteForm>
    </li>
  );
}
