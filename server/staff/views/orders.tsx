/** The staff's orders: the list with filters, one order with its actions, and the packing slip. */

import { localized } from '../../../shared/delivery.ts';
import { formatMoney } from '../../../shared/format.ts';
import { orders as orderTexts } from '../../../shared/locales/features/orders.ts';
import { ORDER_STATES, ORDER_TRANSITIONS, type OrderState, PAYMENT_STATES } from '../../../shared/orders.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { ORDER_DESK_PAGE_SIZE, type OrderDeskFilter, type OrderDeskOrder, type OrderDeskRow } from '../../checkout/index.ts';
import { Frame, type FrameProps, StaffPager, TokenField } from './layout.tsx';

const STATE = orderTexts.ru.states as Record<string, string>;
const PAYMENT = orderTexts.ru.paymentStates as Record<string, string>;
export const stateLabel = (s: string) => STATE[s] ?? s;
const paymentLabel = (s: string | null) => (s ? (PAYMENT[s] ?? s) : '—');
const money = (amount: number, currency: string) => formatMoney(amount, currency, 'ru');
const dateTime = (iso: string) => iso.replace('T', ' ').slice(0, 16);
/** A stored snapshot's label ({ru, en …} or a string). */
const label = (value: unknown) =>
  typeof value === 'string' ? value : value && typeof value === 'object' ? localized(value as never, 'ru') : '';

const REFUND_STATES: Record<string, string> = { pending: 'в обработке', succeeded: 'выполнен', canceled: 'отменён', failed: 'отклонён' };

/** The action a transition's button names. */
const MOVE_LABELS: Record<OrderState, string> = {
  new: 'Вернуть в новые',
  confirmed: 'Подтвердить',
  awaiting_payment: 'Ждать оплату',
  paid: 'Отметить оплаченным',
  in_progress: 'Взять в работу',
  shipped: 'Отправить',
  delivered: 'Отметить доставленным',
  cancelled: 'Отменить заказ',
};

type Page = Pick<FrameProps, 'nonce' | 'assets' | 'member' | 'areas' | 'path' | 'notice'> & { token: string };

function query(filter: OrderDeskFilter, page?: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v) params.set(k, String(v));
  if (page && page > 1) params.set('page', String(page));
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function OrdersPage(props: Page & { filter: OrderDeskFilter; sites: string[]; rows: OrderDeskRow[]; total: number; page: number }) {
  const { filter, rows, total, page } = props;
  const pages = Math.max(1, Math.ceil(total / ORDER_DESK_PAGE_SIZE));
  return (
    <Frame title="Заказы" {...props}>
      <form method="get" action="/staff/orders" className="staff-filters">
        <label>
          Поиск
          <input name="q" type="search" defaultValue={filter.q} placeholder="Номер, имя, телефон, почта" maxLength={100} />
        </label>
        <label>
          Сайт
          <select name="site" defaultValue={filter.site ?? ''}>
            <option value="">все</option>
            {props.sites.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Статус
          <select name="status" defaultValue={filter.status ?? ''}>
            <option value="">любой</option>
            {ORDER_STATES.map((s) => (
              <option key={s} value={s}>
                {stateLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Оплата
          <select name="paymentState" defaultValue={filter.paymentState ?? ''}>
            <option value="">любая</option>
            {PAYMENT_STATES.map((s) => (
              <option key={s} value={s}>
                {paymentLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          С
          <input type="date" name="from" defaultValue={filter.from} />
        </label>
        <label>
          По
          <input type="date" name="to" defaultValue={filter.to} />
        </label>
        <button type="submit">Показать</button>
        <a href={`/staff/orders.csv${query(filter)}`}>Скачать CSV</a>
      </form>
      <p className="staff-muted">Найдено заказов: {total}</p>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <thead>
            <tr>
              <th>Номер</th>
              <th>Дата (UTC)</th>
              <th>Сайт</th>
              <th>Покупатель</th>
              <th>Статус</th>
              <th>Оплата</th>
              <th className="num">Сумма</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.number}>
                <td>
                  <a href={`/staff/orders/${r.number}`}>{r.number}</a>
                </td>
                <td>{dateTime(r.createdAt)}</td>
                <td>{r.site}</td>
                <td>
                  {r.customerName}
                  <br />
                  <span className="staff-muted">{formatPhone(r.customerPhone)}</span>
                </td>
                <td>
                  <span className={`staff-state staff-state-${r.status}`}>{stateLabel(r.status)}</span>
                </td>
                <td>{paymentLabel(r.paymentState)}</td>
                <td className="num">{money(r.total, r.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <StaffPager page={page} pages={pages} href={(p) => `/staff/orders${query(filter, p)}`} />
    </Frame>
  );
}

export function OrderPage(props: Page & { order: OrderDeskOrder; refundKey: string }) {
  const { order, token } = props;
  const paidOnline = order.payments.some((p) => p.status === 'succeeded');
  const c = order.customer;
  const moves = ORDER_TRANSITIONS[order.status] ?? [];
  return (
    <Frame title={`Заказ ${order.number}`} {...props}>
      <p className="staff-toolbar">
        <span className={`staff-state staff-state-${order.status}`}>{stateLabel(order.status)}</span>
        <span>Сайт {order.site}</span>
        <span>Оплата: {paymentLabel(order.paymentState)}</span>
        {order.trackingNumber && <span>Трек-номер: {order.trackingNumber}</span>}
        <a href={`/staff/orders/${order.number}/slip`}>Упаковочный лист</a>
        <a href={`/staff/orders/${order.number}/invoice`}>Счёт</a>
        <a href="/staff/orders">← К списку</a>
      </p>
      <div className="staff-columns">
        <section>
          <h2>Покупатель</h2>
          <dl className="staff-facts">
            <dt>Имя</dt>
            <dd>{c.name}</dd>
            <dt>Телефон</dt>
            <dd>{formatPhone(c.phone)}</dd>
            <dt>Почта</dt>
            <dd>{c.email}</dd>
            {c.type === 'legal' && (
              <>
                <dt>Организация</dt>
                <dd>
                  {c.company}, ИНН {c.inn}
                  {c.kpp ? `, КПП ${c.kpp}` : ''}
                </dd>
              </>
            )}
            <dt>Язык</dt>
            <dd>{order.language}</dd>
          </dl>
          <h2>Доставка и оплата</h2>
          <dl className="staff-facts">
            <dt>Доставка</dt>
            <dd>{label(order.delivery?.label) || '—'}</dd>
            <dt>Город</dt>
            <dd>{order.delivery?.city || '—'}</dd>
            <dt>Адрес</dt>
            <dd>{order.delivery?.point?.address ?? (order.delivery?.address || '—')}</dd>
            <dt>Способ оплаты</dt>
            <dd>{label(order.payment?.label) || '—'}</dd>
            {order.comment && (
              <>
                <dt>Комментарий</dt>
                <dd className="staff-pre">{order.comment}</dd>
              </>
            )}
          </dl>
        </section>
        <section>
          <h2>Действия</h2>
          {moves.length === 0 && <p className="staff-muted">Заказ закрыт: дальше его не двигают.</p>}
          {moves.map((to) => (
            <form
              key={to}
              method="post"
              action={`/staff/orders/${order.number}/status`}
              className="staff-form staff-move"
              data-confirm={
                to === 'cancelled' ? `Отменить заказ ${order.number}? Товары вернутся на склад, покупатель получит письмо.` : undefined
              }
            >
              <TokenField token={token} />
              <input type="hidden" name="to" value={to} />
              {to === 'shipped' && (
                <label>
                  Трек-номер
                  <input name="trackingNumber" required maxLength={100} />
                </label>
              )}
              <label>
                Заметка в историю (покупателю не видна)
                <input name="note" maxLength={500} />
              </label>
              <button type="submit" className={to === 'cancelled' ? 'staff-danger' : undefined}>
                {MOVE_LABELS[to]}
              </button>
            </form>
          ))}
          <p className="staff-muted">Покупатель получает письмо о каждой смене статуса на языке заказа.</p>
        </section>
      </div>
      <h2>Состав</h2>
      <OrderLines order={order} />
      <h2>История</h2>
      <ol className="staff-history">
        {order.history.map((h) => (
          <li key={h.id}>
            <strong>{stateLabel(h.status)}</strong> · {dateTime(h.createdAt)} · {h.staffEmail ?? 'магазин'}
            {h.note && <span className="staff-pre"> — {h.note}</span>}
          </li>
        ))}
      </ol>
      {paidOnline && (
        <section>
          <h2>Возврат денег</h2>
          {order.refunds.length > 0 && (
            <ul>
              {order.refunds.map((r) => (
                <li key={r.id}>
                  {money(r.amount, r.currency)} · {REFUND_STATES[r.status] ?? r.status} · {dateTime(r.createdAt)} · {r.staffEmail ?? '—'}
                  {r.lines.length > 0 && ` · ${r.lines.map((l) => `${l.title} × ${l.quantity}`).join(', ')}`}
                  {r.failure && <span className="staff-muted"> — {r.failure}</span>}
                  {r.stuck && <ManualRefund orderNumber={order.number} refund={r} token={token} />}
                </li>
              ))}
            </ul>
          )}
          <form
            method="post"
            action={`/staff/orders/${order.number}/refund`}
            className="staff-form staff-move"
            data-confirm={`Вернуть деньги покупателю по заказу ${order.number} через платёжную систему?`}
          >
            <TokenField token={token} />
            <input type="hidden" name="key" value={props.refundKey} />
            <fieldset className="staff-sites">
              <legend>Что вернуть</legend>
              <label>
                <input type="radio" name="scope" value="all" defaultChecked /> всё, что осталось от оплаты
              </label>
              <label>
                <input type="radio" name="scope" value="lines" /> выбранные позиции:
              </label>
            </fieldset>
            {order.lines.map((l) => (
              <label key={l.productId}>
                {l.title} (из {l.quantity})
                <input type="number" name={`qty_${l.productId}`} min={0} max={l.quantity} defaultValue={0} />
              </label>
            ))}
            <button type="submit" className="staff-danger">
              Вернуть деньги
            </button>
          </form>
        </section>
      )}
      {order.payments.length > 0 && (
        <>
          <h2>Платежи</h2>
          <ul>
            {order.payments.map((p) => (
              <li key={p.attempt}>
                Попытка {p.attempt}: {p.status}, {money(p.amount, order.currency)}, {dateTime(p.createdAt)}
              </li>
            ))}
          </ul>
        </>
      )}
    </Frame>
  );
}

/**
 * A refund no call may repeat any more (pending past the key's lifetime): a person checks it in ЮKassa's dashboard and
 * says how it ended, with a note the audit keeps.
 */
function ManualRefund({ orderNumber, refund, token }: { orderNumber: string; refund: OrderDeskOrder['refunds'][number]; token: string }) {
  const action = `/staff/orders/${orderNumber}/refunds/${refund.id}/manual`;
  const amount = money(refund.amount, refund.currency);
  const forms = [
    {
      outcome: 'succeeded',
      label: 'Возврат проведён вручную',
      confirm: `Отметить возврат ${amount} проведённым? Покупатель получит письмо о возврате.`,
    },
    {
      outcome: 'failed',
      label: 'Возврат не состоялся',
      confirm: `Отметить возврат ${amount} несостоявшимся? Сумму снова можно будет вернуть.`,
    },
  ];
  return (
    <div className="staff-manual-refund">
      <p className="staff-muted">
        Платёжная система не ответила больше суток. Проверьте возврат в личном кабинете ЮKassa и отметьте, чем он закончился.
      </p>
      {forms.map((f) => (
        <form key={f.outcome} method="post" action={action} className="staff-form staff-move" data-confirm={f.confirm}>
          <TokenField token={token} />
          <input type="hidden" name="outcome" value={f.outcome} />
          <label>
            Кто и что проверил
            <input name="note" required maxLength={500} />
          </label>
          <button type="submit" className={f.outcome === 'failed' ? 'staff-danger' : undefined}>
            {f.label}
          </button>
        </form>
      ))}
    </div>
  );
}

function OrderLines({ order }: { order: OrderDeskOrder }) {
  return (
    <table className="staff-table">
      <thead>
        <tr>
          <th>Товар</th>
          <th>Артикул</th>
          <th className="num">Цена</th>
          <th className="num">Кол-во</th>
          <th className="num">Скидка</th>
          <th className="num">Сумма</th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((l) => (
          <tr key={l.productId}>
            <td>{l.title}</td>
            <td>{l.sku}</td>
            <td className="num">{money(l.price, order.currency)}</td>
            <td className="num">{l.quantity}</td>
            <td className="num">{l.discount ? money(l.discount, order.currency) : '—'}</td>
            <td className="num">{money(l.total, order.currency)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={5}>Товары</td>
          <td className="num">{money(order.subtotal, order.currency)}</td>
        </tr>
        {order.discount > 0 && (
          <tr>
            <td colSpan={5}>Скидка</td>
            <td className="num">−{money(order.discount, order.currency)}</td>
          </tr>
        )}
        <tr>
          <td colSpan={5}>Доставка</td>
          <td className="num">{money(order.deliveryCost, order.currency)}</td>
        </tr>
        <tr>
          <th colSpan={5}>Итого</th>
          <th className="num">{money(order.total, order.currency)}</th>
        </tr>
      </tfoot>
    </table>
  );
}

/** What the warehouse packs: the lines with their quantities, where it goes, no prices — printed from the browser. */
export function PackingSlipPage(props: Page & { order: OrderDeskOrder }) {
  const { order } = props;
  return (
    <Frame title={`Упаковочный лист к заказу ${order.number}`} {...props}>
      <p>
        Получатель: {order.customer.name}, {formatPhone(order.customer.phone)}
        <br />
        {label(order.delivery?.label)}: {order.delivery?.city}, {order.delivery?.point?.address ?? order.delivery?.address}
      </p>
      <table className="staff-table">
        <thead>
          <tr>
            <th>Артикул</th>
            <th>Товар</th>
            <th className="num">Кол-во</th>
            <th>Собрано</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.productId}>
              <td>{l.sku}</td>
              <td>{l.title}</td>
              <td className="num">{l.quantity}</td>
              <td>☐</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="staff-no-print">
        <button type="button" data-print="">
          Печать
        </button>
      </p>
    </Frame>
  );
}

/**
 * The invoice as the staff print it for any order (a legal entity paying by transfer asks for one by phone too): the
 * seller's requisites of the order's site, the buyer, the lines, the total and the VAT included.
 */
export function InvoicePage(
  props: Page & { order: OrderDeskOrder; seller: Array<{ label: string; value: string }>; vat: { rate: number; amount: number } | null },
) {
  const { order } = props;
  const c = order.customer;
  return (
    <Frame title={`Счёт № ${order.number} от ${order.createdAt.slice(0, 10).split('-').reverse().join('.')}`} {...props}>
      <dl className="staff-facts">
        {props.seller.map((r) => (
          <div key={r.label} className="staff-fact">
            <dt>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
        <div className="staff-fact">
          <dt>Покупатель</dt>
          <dd>{c.type === 'legal' ? `${c.company}, ИНН ${c.inn}${c.kpp ? `, КПП ${c.kpp}` : ''}` : c.name}</dd>
        </div>
      </dl>
      <OrderLines order={order} />
      <p>
        {props.vat
          ? props.vat.rate === 0
            ? 'НДС 0 %.'
            : `В том числе НДС ${props.vat.rate} %: ${money(props.vat.amount, order.currency)}.`
          : 'Без НДС.'}
      </p>
      <p className="staff-no-print">
        <button type="button" data-print="">
          Печать
        </button>
      </p>
    </Frame>
  );
}
