/**
 * /history/{number}: one of the account's orders, printed (it forces the light colour mode), and 'Повторить заказ': a
 * fetcher form whose answer lists what went into the cart and what changed since (prices, lines no longer sold).
 */
import { Link, useFetcher, useLoaderData } from 'react-router-dom';
import type { loader, RepeatResult } from '../../server/pages/history-entry.ts';
import type { ActionResult } from '../../shared/contracts.ts';
import { formatMoney } from '../../shared/format.ts';
import type { RepeatSummary } from '../../shared/orders.ts';
import type { RouteHandle } from '../../shared/routes.ts';
import { useBoot } from '../boot.ts';
import { OrderView } from '../components/OrderView.tsx';
import { useTranslation } from '../i18n.tsx';
import { FormBasics, FormError, useFormState } from '../route-form.tsx';

export const handle: RouteHandle = { colorMode: 'light' };

export function Component() {
  const { t } = useTranslation();
  const { order } = useLoaderData<typeof loader>();
  const formKey = `history:repeat:${order.number}`;
  const fetcher = useFetcher<RepeatResult | ActionResult>({ key: formKey });
  const state = useFormState(formKey, fetcher.data, fetcher.state !== 'idle');
  return (
    <>
      <OrderView order={order} />
      <fetcher.Form method="post" action={`/history/${order.number}`} className="repeat-order">
        <FormBasics formKey={formKey} />
        <input type="hidden" name="intent" value="repeat" />
        <button type="submit" className="button" disabled={state.pending}>
          {t('account.history.repeat')}
        </button>
        <FormError state={state} />
        <RepeatOutcome summary={summaryOf(fetcher.data, state)} />
      </fetcher.Form>
    </>
  );
}

/** The summary from the fetcher's answer, or from the flash a no-JS post left (one JSON value). */
function summaryOf(answer: unknown, state: { done: boolean; values: Partial<Record<string, string>> }): RepeatSummary | null {
  const summary = (answer as RepeatResult | undefined)?.summary;
  if (summary) return summary;
  if (!state.done || !state.values.summary) return null;
  try {
    return JSON.parse(state.values.summary) as RepeatSummary;
  } catch {
    return null;
  }
}

function RepeatOutcome({ summary }: { summary: RepeatSummary | null }) {
  const { t } = useTranslation();
  const { language } = useBoot();
  if (!summary) return null;
  const money = (amount: number) => formatMoney(amount, summary.currency, language);
  const changed = summary.added.filter((l) => l.was !== l.now);
  return (
    <div role="status" className="repeat-order__outcome">
      <p>{summary.added.length ? t('account.history.repeated') : t('account.history.nothing')}</p>
      {(changed.length > 0 || summary.unavailable.length > 0) && (
        <ul>
          {changed.map((l) => (
            <li key={l.title}>{t('account.history.priceChanged', { title: l.title, was: money(l.was), now: money(l.now) })}</li>
          ))}
          {summary.unavailable.map((title) => (
            <li key={title}>{t('account.history.unavailable', { title })}</li>
          ))}
        </ul>
      )}
      {summary.added.length > 0 && <Link to="/cart">{t('account.history.toCart')}</Link>}
    </div>
  );
}
