/** Prices and stock: the grid of products × price lists with the stock count, and a product's stock movements. */

import type { ImportPlan, MerchandiseRow, StockMovement } from '../../catalog/index.ts';
import { errorCount } from '../../catalog/index.ts';
import { IMPORT_ROWS_SHOWN, ImportErrors } from './fields.tsx';
import { Frame, type FrameProps, StaffPager, TokenField } from './layout.tsx';

type Page = Pick<FrameProps, 'nonce' | 'assets' | 'member' | 'areas' | 'path' | 'notice'> & { token: string };

export const MOVEMENT_REASONS: Record<string, string> = {
  checkout: 'Заказ оформлен',
  order_cancelled: 'Заказ отменён',
  count: 'Пересчёт',
  import: 'Загрузка CSV',
  other: 'Прочее',
};

export function StockPage(
  props: Page & {
    q?: string;
    rows: MerchandiseRow[];
    total: number;
    page: number;
    pages: number;
    lists: Array<{ code: string; currency: string; sites: string[]; editable: boolean }>;
  },
) {
  const link = (p: number) => `/staff/stock?${new URLSearchParams({ ...(props.q ? { q: props.q } : {}), page: String(p) })}`;
  return (
    <Frame title="Цены и остатки" {...props}>
      <form method="get" action="/staff/stock" className="staff-filters">
        <label>
          Поиск
          <input name="q" type="search" defaultValue={props.q} placeholder="Артикул или название" maxLength={100} />
        </label>
        <button type="submit">Показать</button>
        <span className="staff-muted">Товаров: {props.total}</span>
      </form>
      <div className="staff-table-wrap">
        <table className="staff-table staff-grid">
          <thead>
            <tr>
              <th>Артикул</th>
              <th>Товар</th>
              <th className="num">Остаток</th>
              {props.lists.map((l) => (
                <th key={l.code} className="num">
                  {l.code} ({l.currency})<div className="staff-muted">{l.sites.join(', ')}</div>
                </th>
              ))}
              <th>Заметка</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {props.rows.map((r) => {
              const form = `row-${r.id}`;
              return (
                <tr key={r.id} className={r.active ? undefined : 'staff-disabled'}>
                  <td>{r.sku}</td>
                  <td>
                    {r.title}
                    {r.madeToOrder && <div className="staff-muted">под заказ</div>}
                  </td>
                  <td className="num">
                    <input
                      form={form}
                      name="stock"
                      type="number"
                      min={0}
                      max={10_000_000}
                      defaultValue={r.stock}
                      aria-label={`Остаток ${r.sku}`}
                    />
                    <input form={form} type="hidden" name="stock_was" value={r.stock} />
                    <div>
                      <a href={`/staff/stock/${r.id}`}>движения</a>
                    </div>
                  </td>
                  {props.lists.map((l) => (
                    <td key={l.code} className="num">
                      <input
                        form={form}
                        name={`price_${l.code}`}
                        inputMode="decimal"
                        pattern="[0-9]+([.,][0-9]{1,2})?"
                        defaultValue={r.prices[l.code] ?? ''}
                        disabled={!l.editable}
                        aria-label={`Цена ${r.sku}, ${l.code}`}
                        placeholder="—"
                      />
                    </td>
                  ))}
                  <td>
                    <input form={form} name="note" maxLength={200} aria-label={`Заметка к пересчёту ${r.sku}`} />
                  </td>
                  <td>
                    <form id={form} method="post" action={`/staff/stock/${r.id}`}>
                      <input type="hidden" name="_token" value={props.token} />
                      <button type="submit">Сохранить</button>
                    </form>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="staff-muted">
        Пустая цена — товар не продаётся по этому прайс-листу. Покупатели увидят изменения в течение времени жизни кэша.
      </p>
      <StaffPager page={props.page} pages={props.pages} href={link} />
    </Frame>
  );
}

export function MovementsPage(props: Page & { product: { sku: string; title: string; stock: number }; movements: StockMovement[] }) {
  return (
    <Frame title={`Движения: ${props.product.sku}`} {...props}>
      <p>
        {props.product.title} · остаток сейчас: <strong>{props.product.stock}</strong> · <a href="/staff/stock">← К ценам и остаткам</a>
      </p>
      <table className="staff-table">
        <thead>
          <tr>
            <th>Когда (UTC)</th>
            <th className="num">Изменение</th>
            <th className="num">Стало</th>
            <th>Причина</th>
            <th>Кто / заказ</th>
            <th>Заметка</th>
          </tr>
        </thead>
        <tbody>
          {props.movements.map((m) => (
            <tr key={m.id}>
              <td>{m.createdAt.replace('T', ' ').slice(0, 19)}</td>
              <td className="num">{m.delta > 0 ? `+${m.delta}` : m.delta}</td>
              <td className="num">{m.stockAfter}</td>
              <td>{MOVEMENT_REASONS[m.reason] ?? m.reason}</td>
              <td>{m.staffEmail ?? (m.orderNumber ? <a href={`/staff/orders/${m.orderNumber}`}>{m.orderNumber}</a> : '—')}</td>
              <td>{m.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Frame>
  );
}

function ImportForm({ token }: { token: string }) {
  return (
    <form method="post" action="/staff/stock/import" encType="multipart/form-data" className="staff-form staff-narrow">
      <TokenField token={token} />
      <label className="staff-check">
        <input type="checkbox" name="dryRun" value="on" defaultChecked /> Только проверить (ничего не менять)
      </label>
      <label>
        Файл CSV (разделитель — запятая или точка с запятой, UTF-8)
        <input type="file" name="file" accept=".csv,text/csv" required />
      </label>
      <button type="submit">Загрузить</button>
    </form>
  );
}

export function ImportResultPage(props: Page & { plan: ImportPlan; dryRun: boolean; applied: boolean }) {
  const { plan } = props;
  const title = errorCount(plan) ? 'Файл не загружен: есть ошибки' : props.applied ? 'Файл загружен' : 'Проверка файла';
  return (
    <Frame title={title} {...props}>
      <p>
        Строк: {plan.rows} · изменений остатков: {plan.stock.length} · изменений цен: {plan.prices.length} · ошибок: {errorCount(plan)}
        {props.applied ? ' · всё применено.' : errorCount(plan) ? ' · ничего не изменено.' : ' · пока ничего не изменено.'}
      </p>
      <ImportErrors plan={plan} />
      {plan.changes.length > 0 && (
        <>
          <h2>{props.applied ? 'Изменено' : 'Изменится'}</h2>
          <table className="staff-table">
            <thead>
              <tr>
                <th>Строка</th>
                <th>Артикул</th>
                <th>Что</th>
                <th className="num">Было</th>
                <th className="num">Станет</th>
              </tr>
            </thead>
            <tbody>
              {plan.changes.slice(0, IMPORT_ROWS_SHOWN).map((c) => (
                <tr key={`${c.line}-${c.field}`}>
                  <td>{c.line}</td>
                  <td>{c.sku}</td>
                  <td>{c.field}</td>
                  <td className="num">{c.before ?? '—'}</td>
                  <td className="num">{c.after ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {plan.changes.length + plan.changesOmitted > Math.min(IMPORT_ROWS_SHOWN, plan.changes.length) && (
            <p className="staff-muted">
              …и ещё {plan.changes.length + plan.changesOmitted - Math.min(IMPORT_ROWS_SHOWN, plan.changes.length)}.
            </p>
          )}
        </>
      )}
      {props.dryRun && plan.errors.length === 0 && plan.changes.length > 0 && (
        <p>Чтобы применить, загрузите тот же файл ещё раз без отметки «Только проверить».</p>
      )}
      <ImportForm token={props.token} />
      <p>
        <a href="/staff/stock">← К ценам и остаткам</a>
      </p>
    </Frame>
  );
}
