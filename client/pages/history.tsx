/**
 * /history: the account's orders on this site, newest first, in pages: each with its number, state, delivery (method
 * and address), payment (method and its state) and total in the order's currency.
 */
import { Link, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/history.ts';
import { AccountLayout } from '../components/AccountNav.tsx';
import { OrderFacts } from '../components/OrderFacts.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { Pager } from '../components/Pager.tsx';
import { useTranslation } from '../i18n.tsx';
import { useShell } from '../loader-data.ts';

export function Component() {
  const { t } = useTranslation();
  const { site } = useShell();
  const { orders, page, pages } = useLoaderData<typeof loader>();
  return (
    <AccountLayout current="history">
      <section>
        <PageHead title={t('history.title')} description={t('seo.history')} noindex />
        <h1>{t('history.title')}</h1>
        <p className="account__note">{t('account.history.siteNote', { host: site.host })}</p>
        {orders.length === 0 ? (
          <p>{t('history.empty')}</p>
        ) : (
          <ul className="history">
            {orders.map((o) => (
              <li key={o.number} className="history__order">
                <h2 className="history__number">
                  <Link to={`/history/${o.number}`}>{t('order.title', { number: o.number })}</Link>
                </h2>
                <OrderFacts order={o} />
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pages={pages} label={t('account.history.pagination')} path="/history" />
      </section>
    </AccountLayout>
  );
}
