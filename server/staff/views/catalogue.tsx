/** The category and kit editors: the lists, one category's titles and order, one kit's lines, discount and prices. */

import { formatMoney } from '../../../shared/format.ts';
import { KITS_PATH } from '../../../shared/navigation.ts';
import type { CategoryDraft, CategoryListRow, KitDraft, KitListRow, KitSitePrice } from '../../catalog/index.ts';
import { ErrorNotice, RussianTexts, TranslationFields } from './fields.tsx';
import { Frame, type FrameProps, TokenField } from './layout.tsx';

type Page = Pick<FrameProps, 'nonce' | 'assets' | 'member' | 'areas' | 'path' | 'notice'> & { token: string };

/** Empty rows below a kit's lines, for new ones. */
const BLANK_LINES = 3;

const percent = (d: number) => String(d).replace('.', ',');

export function CategoriesPage(props: Page & { rows: CategoryListRow[] }) {
  return (
    <Frame title="Категории" {...props}>
      <div className="staff-toolbar">
        <a className="staff-button" href="/staff/categories/new">
          Новая категория
        </a>
        <span className="staff-muted">Категорий: {props.rows.length}. Меню магазина показывает их в этом порядке.</span>
      </div>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <thead>
            <tr>
              <th>Порядок</th>
              <th>Название</th>
              <th>Адрес</th>
              <th>Товаров</th>
              <th>Переводы</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((r) => (
              <tr key={r.id}>
                <td>{r.sort}</td>
                <td>
                  <a href={`/staff/categories/${r.id}`}>{r.title}</a>
                </td>
                <td>/{r.slug}</td>
                <td>{r.products}</td>
                <td>{r.languages.length ? r.languages.join(', ') : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Frame>
  );
}

export function CategoryEditPage(props: Page & { draft: CategoryDraft; error?: string }) {
  const d = props.draft;
  return (
    <Frame title={d.id ? `Категория «${d.title}»` : 'Новая категория'} {...props}>
      <ErrorNotice error={props.error} />
      <form method="post" action="/staff/categories" className="staff-form staff-editor">
        <TokenField token={props.token} />
        {d.id && <input type="hidden" name="id" value={d.id} />}
        <div className="staff-inline">
          <label>
            Адрес (пусто — из названия)
            <input name="slug" maxLength={120} pattern="[a-z0-9]+(-[a-z0-9]+)*" defaultValue={d.slug} />
          </label>
          <label>
            Порядок в меню
            <input name="sort" type="number" step={1} min={-1000000} max={1000000} defaultValue={d.sort} />
          </label>
        </div>
        <RussianTexts title={d.title} description={d.description} />
        <TranslationFields translations={d.translations} />
        <div className="staff-buttons">
          <button type="submit">Сохранить</button>
          <a href="/staff/categories">← К категориям</a>
        </div>
      </form>
    </Frame>
  );
}

export function KitsPage(props: Page & { rows: KitListRow[] }) {
  return (
    <Frame title="Комплекты" {...props}>
      <div className="staff-toolbar">
        <a className="staff-button" href="/staff/kits/new">
          Новый комплект
        </a>
        <span className="staff-muted">Комплектов: {props.rows.length}</span>
      </div>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <thead>
            <tr>
              <th>Название</th>
              <th>Адрес</th>
              <th>Позиций</th>
              <th>Скидка</th>
              <th>Переводы</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <a href={`/staff/kits/${r.id}`}>{r.title}</a>
                </td>
                <td>
                  {KITS_PATH}/{r.slug}
                </td>
                <td>{r.lines}</td>
                <td>{percent(r.discountPercent)} %</td>
                <td>{r.languages.length ? r.languages.join(', ') : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Frame>
  );
}

export function KitEditPage(
  props: Page & {
    draft: KitDraft;
    products: Record<string, { title: string; active: boolean }>;
    prices: KitSitePrice[];
    discountText?: string;
    error?: string;
    preview?: boolean;
  },
) {
  const d = props.draft;
  const rows = [...d.lines, ...Array.from({ length: BLANK_LINES }, () => ({ sku: '', quantity: Number.NaN }))];
  const money = (amount: number, currency: string) => formatMoney(amount, currency, 'ru');
  return (
    <Frame title={d.id ? `Комплект «${d.title}»` : 'Новый комплект'} {...props}>
      <ErrorNotice error={props.error} />
      {props.preview && (
        <p className="staff-notice staff-notice-ok" role="status">
          Цены пересчитаны по позициям и скидке формы. Комплект ещё не сохранён.
        </p>
      )}
      <form method="post" action="/staff/kits" className="staff-form staff-editor">
        <TokenField token={props.token} />
        {d.id && <input type="hidden" name="id" value={d.id} />}
        <div className="staff-inline">
          <label>
            Адрес (пусто — из названия)
            <input name="slug" maxLength={120} pattern="[a-z0-9]+(-[a-z0-9]+)*" defaultValue={d.slug} />
          </label>
          <label>
            Скидка, %
            <input
              name="discount"
              inputMode="decimal"
              maxLength={10}
              pattern="\d{1,2}([.,]\d{1,2})?"
              defaultValue={props.discountText ?? percent(d.discountPercent)}
            />
          </label>
        </div>
        <RussianTexts title={d.title} description={d.description} />
        <fieldset>
          <legend>Состав</legend>
          <p className="staff-muted">Чтобы убрать позицию, сотрите её артикул. Пустые строки не сохраняются.</p>
          <div className="staff-table-wrap">
            <table className="staff-table">
              <thead>
                <tr>
                  <th>Артикул</th>
                  <th>Количество</th>
                  <th>Товар</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((line, i) => {
                  const product = line.sku ? props.products[line.sku] : undefined;
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions in the form, not entities
                    <tr key={i}>
                      <td>
                        <input name="lineSku" maxLength={64} aria-label={`Артикул, строка ${i + 1}`} defaultValue={line.sku} />
                      </td>
                      <td>
                        <input
                          name="lineQuantity"
                          type="number"
                          min={1}
                          max={9999}
                          step={1}
                          aria-label={`Количество, строка ${i + 1}`}
                          defaultValue={Number.isFinite(line.quantity) ? line.quantity : undefined}
                        />
                      </td>
                      <td>
                        {!line.sku ? '' : product ? `${product.title}${product.active ? '' : ' (снят с продажи)'}` : 'нет такого товара'}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </fieldset>
        <TranslationFields translations={d.translations} />
        <section>
          <h2>Цена для покупателей</h2>
          <p className="staff-muted">
            Сумма цен позиций по прайс-листу сайта минус скидка, с округлением сайта. Комплект продаётся на сайте, только если там продаются
            все его позиции.
          </p>
          <div className="staff-table-wrap">
            <table className="staff-table">
              <thead>
                <tr>
                  <th>Сайт</th>
                  <th>Прайс-лист</th>
                  <th>По отдельности</th>
                  <th>Цена комплекта</th>
                </tr>
              </thead>
              <tbody>
                {props.prices.map((p) => (
                  <tr key={p.site}>
                    <td>{p.site}</td>
                    <td>{p.priceList}</td>
                    <td>{p.separate === null ? '—' : money(p.separate, p.currency)}</td>
                    <td>
                      {p.price !== null ? money(p.price, p.currency) : p.unsold.length ? `не продаётся: ${p.unsold.join(', ')}` : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <div className="staff-buttons">
          <button type="submit">Сохранить</button>
          <button type="submit" name="preview" value="1" className="staff-secondary" formNoValidate>
            Пересчитать цену, не сохраняя
          </button>
          <a href="/staff/kits">← К комплектам</a>
        </div>
      </form>
    </Frame>
  );
}
