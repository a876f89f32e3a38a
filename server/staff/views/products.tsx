/** The product editor: the list of products and one product's names, descriptions, attributes and sale flags. */

import type { ProductDraft, ProductImportPlan, ProductListRow } from '../../catalog/index.ts';
import { errorCount, formatAttributes } from '../../catalog/index.ts';
import { ErrorNotice, IMPORT_ROWS_SHOWN, ImportErrors, RussianTexts, TranslationFields } from './fields.tsx';
import { Frame, type FrameProps, StaffPager, TokenField } from './layout.tsx';

type Page = Pick<FrameProps, 'nonce' | 'assets' | 'member' | 'areas' | 'path' | 'notice'> & { token: string };

export function ProductsPage(props: Page & { q?: string; rows: ProductListRow[]; total: number; page: number; pages: number }) {
  const link = (p: number) => `/staff/products?${new URLSearchParams({ ...(props.q ? { q: props.q } : {}), page: String(p) })}`;
  return (
    <Frame title="Товары" {...props}>
      <form method="get" action="/staff/products" className="staff-filters">
        <label>
          Поиск
          <input name="q" type="search" defaultValue={props.q} placeholder="Артикул или название" maxLength={100} />
        </label>
        <button type="submit">Показать</button>
        <a className="staff-button" href="/staff/products/new">
          Новый товар
        </a>
        <a className="staff-button" href="/staff/products.csv">
          Выгрузить CSV
        </a>
        <span className="staff-muted">Товаров: {props.total}</span>
      </form>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <thead>
            <tr>
              <th>Артикул</th>
              <th>Название</th>
              <th>Категория</th>
              <th>Переводы</th>
              <th>В продаже</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((r) => (
              <tr key={r.id} className={r.active ? undefined : 'staff-disabled'}>
                <td>
                  <a href={`/staff/products/${r.id}`}>{r.sku}</a>
                </td>
                <td>{r.title}</td>
                <td>{r.category}</td>
                <td>{r.languages.length ? r.languages.join(', ') : '—'}</td>
                <td>{r.active ? 'да' : 'нет'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <StaffPager page={props.page} pages={props.pages} href={link} />
      <h2>Загрузка CSV</h2>
      <ProductImportForm token={props.token} />
    </Frame>
  );
}

export function ProductEditPage(
  props: Page & {
    draft: ProductDraft;
    attributesText?: string;
    categories: Array<{ id: number; title: string; slug: string }>;
    error?: string;
  },
) {
  const d = props.draft;
  // The product as shoppers see it (the main site; a saved product only, at its saved address).
  const shopUrl = d.id && d.slug ? `/${props.categories.find((c) => c.id === d.categoryId)?.slug}/${d.slug}` : undefined;
  return (
    <Frame title={d.id ? `Товар ${d.sku}` : 'Новый товар'} {...props}>
      <ErrorNotice error={props.error} />
      <form method="post" action="/staff/products" className="staff-form staff-editor">
        <TokenField token={props.token} />
        {d.id && <input type="hidden" name="id" value={d.id} />}
        <div className="staff-inline">
          <label>
            Артикул
            <input name="sku" required maxLength={64} pattern="[A-Za-z0-9\-]+" defaultValue={d.sku} />
          </label>
          <label>
            Категория
            <select name="categoryId" defaultValue={String(d.categoryId)}>
              {props.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </label>
          <label>
            Адрес (пусто — из названия)
            <input name="slug" maxLength={120} defaultValue={d.slug} />
          </label>
          <label className="staff-check">
            <input type="checkbox" name="active" value="on" defaultChecked={d.active} /> В продаже
          </label>
          <label className="staff-check">
            <input type="checkbox" name="madeToOrder" value="on" defaultChecked={d.madeToOrder} /> Под заказ (без учёта остатка)
          </label>
        </div>
        <RussianTexts title={d.title} description={d.description} />
        <label>
          Характеристики (по строке: ключ = значение)
          <textarea
            name="attributes"
            rows={6}
            maxLength={5000}
            defaultValue={props.attributesText ?? formatAttributes(d.attributes)}
            className="staff-code"
          />
        </label>
        <TranslationFields translations={d.translations} />
        <div className="staff-buttons">
          <button type="submit">Сохранить</button>
          {d.id && <a href={`/staff/products/${d.id}/images`}>Фотографии</a>}
          {shopUrl && (
            <a href={shopUrl} target="_blank" rel="noopener">
              На сайте ↗
            </a>
          )}
          <a href="/staff/products">← К товарам</a>
        </div>
      </form>
    </Frame>
  );
}

/** The products CSV upload: checked first (nothing changes), applied only with the second button. */
function ProductImportForm({ token }: { token: string }) {
  return (
    <form method="post" action="/staff/products/import" encType="multipart/form-data" className="staff-form staff-narrow">
      <TokenField token={token} />
      <label>
        Файл CSV (как выгрузка: разделитель — запятая или точка с запятой, UTF-8; обязательны колонки sku, category, title)
        <input type="file" name="file" accept=".csv,text/csv" required />
      </label>
      <div className="staff-buttons">
        <button type="submit">Проверить (ничего не менять)</button>
        <button type="submit" name="apply" value="on">
          Загрузить и применить
        </button>
      </div>
    </form>
  );
}

/** What a products CSV would change (a dry run) or changed, and every row's error. */
export function ProductImportResultPage(props: Page & { plan: ProductImportPlan; applied: boolean }) {
  const { plan } = props;
  const title = errorCount(plan) ? 'Файл не загружен: есть ошибки' : props.applied ? 'Файл загружен' : 'Проверка файла';
  return (
    <Frame title={title} {...props}>
      <p>
        Строк: {plan.rows} · новых товаров: {plan.create.length} · изменённых товаров: {plan.update.length} · ошибок: {errorCount(plan)}
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
                <th>Было</th>
                <th>Станет</th>
              </tr>
            </thead>
            <tbody>
              {plan.changes.slice(0, IMPORT_ROWS_SHOWN).map((c) => (
                <tr key={`${c.line}-${c.field}`}>
                  <td>{c.line}</td>
                  <td>{c.sku}</td>
                  <td>{c.field}</td>
                  <td>{c.before ?? '—'}</td>
                  <td>{c.after ?? '—'}</td>
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
      {!props.applied && plan.errors.length === 0 && plan.changes.length > 0 && (
        <p>Чтобы применить, загрузите тот же файл ещё раз кнопкой «Загрузить и применить».</p>
      )}
      <ProductImportForm token={props.token} />
      <p>
        <a href="/staff/products">← К товарам</a>
      </p>
    </Frame>
  );
}
