/**
 * The calculator's tables editor (issue 21 item 5): the waste share and the tiers, the metal areas as a zone × body
 * grid, and per tier its coverages (zone × layer) and products (zone × layer, '*' for every zone). «Проверить примеры»
 * shows which worked examples and ready kits the change would move, before and after, on every price list a site sells
 * from; «Сохранить» keeps it — when it moves any, only with the confirmation ticked, which holds for the change set the
 * preview showed (`previewed`). The form carries the version of the tables it was rendered from (`tablesVersion`).
 * A member with a site scope sees the tables read-only: they serve every site.
 */

import type { ReactNode } from 'react';
import { ANY_ZONE, type CalcExample, type CalcTables, type ExampleTotals, MAX_TIER_TITLE } from '../../calculator/index.ts';
import { Frame, type FrameProps, TokenField } from './layout.tsx';

type Page = Pick<FrameProps, 'nonce' | 'assets' | 'member' | 'areas' | 'path' | 'notice'> & { token: string };

type PriceList = Pick<CalcExample['lists'][number], 'priceList' | 'currency'>;

export interface CalculatorPageProps extends Page {
  tables: CalcTables;
  /** The version of the tables the form's cells are based on (the posted one after a preview). */
  version: string;
  /** The price lists the examples are priced on (every site's, the default site's first). */
  priceLists: PriceList[];
  /** A member with a site scope: the tables are shown, not offered for change. */
  readOnly?: boolean;
  /** The values posted, by field name: shown instead of the stored ones after a preview or a refusal. */
  draft?: Record<string, string>;
  errors?: string[];
  examples?: CalcExample[];
  /** Cells the change touches. */
  cells?: number;
  /** The hash of the change set the examples are for: the confirmation holds for it only. */
  previewed?: string;
  /** A save was refused: the change moves examples and the confirmation was not ticked. */
  unconfirmed?: boolean;
  /** … or was ticked for another change set than this one (a cell edited after the preview). */
  otherChange?: boolean;
}

const number = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });
const mass = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function Figures({ before, after, pick }: { before: ExampleTotals; after: ExampleTotals; pick: (t: ExampleTotals) => string }) {
  const a = pick(before);
  const b = pick(after);
  return <td className="num">{a === b ? a : <strong>{`${a} → ${b}`}</strong>}</td>;
}

/** The worked examples before and after a change, and the confirmation a change that moves one needs. */
export function Examples(props: {
  tables: CalcTables;
  examples: CalcExample[];
  cells: number;
  priceLists: PriceList[];
  previewed?: string;
  unconfirmed?: boolean;
  otherChange?: boolean;
}) {
  const titleOf = (list: Array<{ code: string; title: string }>, code: string) => list.find((x) => x.code === code)?.title ?? code;
  const changed = props.examples.filter((e) => e.changed);
  const listName = (l: PriceList) => `${l.priceList}, ${l.currency}`;
  /** A changed example on every list (a change may show on one list only); an unchanged one on the first list. */
  const rows = (e: CalcExample, all: boolean) => {
    const lists = all ? e.lists : e.lists.slice(0, 1);
    return lists.map((l, i) => (
      <tr key={`${e.tier}|${e.body}|${e.zones.join(',')}|${l.priceList}`} data-list={l.priceList}>
        {i === 0 && (
          <td rowSpan={lists.length}>
            {e.labels.map((label) => (
              <div key={label}>{label}</div>
            ))}
            <div className="staff-muted">
              {titleOf(props.tables.bodies, e.body)} · «{titleOf(props.tables.tiers, e.tier)}» ·{' '}
              {e.zones.length === props.tables.zones.length ? 'все зоны' : e.zones.map((z) => titleOf(props.tables.zones, z)).join(', ')}
            </div>
          </td>
        )}
        <td className="staff-code">{l.changed ? <strong>{listName(l)}</strong> : listName(l)}</td>
        <Figures before={l.before} after={l.after} pick={(t) => number.format(t.price)} />
        <Figures before={l.before} after={l.after} pick={(t) => String(t.sheets)} />
        <Figures before={l.before} after={l.after} pick={(t) => mass.format(t.massKg)} />
        <td className="staff-code">
          {l.before.contents.join(', ') === l.after.contents.join(', ') ? (
            l.before.contents.join(', ')
          ) : (
            <>
              <div>было: {l.before.contents.join(', ') || '—'}</div>
              <div>
                <strong>станет: {l.after.contents.join(', ') || '—'}</strong>
              </div>
            </>
          )}
        </td>
      </tr>
    ));
  };
  const head = (
    <thead>
      <tr>
        <th>Пример</th>
        <th>Прайс-лист</th>
        <th className="num">Цена</th>
        <th className="num">Листов</th>
        <th className="num">Масса, кг</th>
        <th>Состав</th>
      </tr>
    </thead>
  );
  return (
    <section>
      <h2>Проверка примеров</h2>
      <p>
        Изменяемых ячеек: {props.cells}. Проверено примеров: {props.examples.length} — готовые комплекты (уровень × кузов × зоны, чей расчёт
        сегодня совпадает с комплектом) и примеры из описания расчёта — на каждом прайс-листе сайтов:{' '}
        {props.priceLists.map(listName).join('; ')}. Ничего не сохранено.
      </p>
      {changed.length === 0 ? (
        <p className="staff-notice staff-notice-ok" role="status">
          Ни один пример не меняется — изменение можно сохранить.
        </p>
      ) : (
        <>
          <p className="staff-notice staff-notice-error" role="alert">
            {props.otherChange && 'Подтверждение было дано для другого изменения: после проверки правили ячейки. '}
            {props.unconfirmed ? 'Не сохранено: изменятся' : 'Изменятся'} примеры ({changed.length}). Чтобы сохранить, отметьте
            подтверждение ниже.
          </p>
          <div className="staff-table-wrap">
            <table className="staff-table" data-examples="changed">
              {head}
              <tbody>{changed.flatMap((e) => rows(e, true))}</tbody>
            </table>
          </div>
          <div className="staff-form">
            {/* The confirmation holds for this change set only: a cell edited after the preview asks for it again. */}
            {props.previewed && <input type="hidden" name="previewed" value={props.previewed} />}
            <label className="staff-check">
              <input type="checkbox" name="confirm" value="on" /> Я понимаю, что изменятся примеры/готовые комплекты
            </label>
          </div>
        </>
      )}
      {changed.length < props.examples.length && (
        <details>
          <summary>
            Примеры без изменений ни на одном прайс-листе ({props.examples.length - changed.length}; цифры — по{' '}
            {listName(props.priceLists[0]!)})
          </summary>
          <div className="staff-table-wrap">
            <table className="staff-table">
              {head}
              <tbody>{props.examples.filter((e) => !e.changed).flatMap((e) => rows(e, false))}</tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}

export function CalculatorPage(props: CalculatorPageProps) {
  const t = props.tables;
  const value = (name: string, stored: number | string | undefined) => props.draft?.[name] ?? (stored === undefined ? '' : String(stored));
  const defaultTier = props.draft?.defaultTier ?? t.tiers.find((x) => x.isDefault)?.code;
  const zoneRows = [{ code: ANY_ZONE, title: 'Все зоны (если у зоны нет своей строки)', group: '' }, ...t.zones];
  const readOnly = props.readOnly === true;
  return (
    <CalculatorForm {...props} title="Калькулятор" page="tables">
      <h2>Общие</h2>
      <div className="staff-form staff-narrow">
        <label>
          Запас на подрезку и нахлёст (доля: 0.1 = 10 %)
          <input
            name="waste"
            disabled={readOnly}
            type="number"
            step="0.001"
            min="0"
            max="0.999"
            required
            defaultValue={value('waste', t.waste)}
          />
        </label>
      </div>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <caption className="staff-muted">
            Уровни: название на русском (переводы и новые уровни — на странице «Кузова, зоны, слои, уровни и машины») и уровень, с которым
            открывается калькулятор
          </caption>
          <thead>
            <tr>
              <th>Код</th>
              <th>Название</th>
              <th>По умолчанию</th>
            </tr>
          </thead>
          <tbody>
            {t.tiers.map((tier) => (
              <tr key={tier.code}>
                <td className="staff-code">{tier.code}</td>
                <td>
                  <input
                    name={`title.${tier.code}`}
                    disabled={readOnly}
                    required
                    maxLength={MAX_TIER_TITLE}
                    defaultValue={value(`title.${tier.code}`, tier.title)}
                    aria-label={`Название уровня ${tier.code}`}
                  />
                </td>
                <td>
                  <input
                    type="radio"
                    name="defaultTier"
                    disabled={readOnly}
                    value={tier.code}
                    defaultChecked={tier.code === defaultTier}
                    aria-label={`Уровень по умолчанию: ${tier.title}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Площадь металла, м²</h2>
      <p className="staff-muted">Зона × тип кузова. Пусто — у кузова нет такой зоны.</p>
      <div className="staff-table-wrap">
        <table className="staff-table staff-grid">
          <thead>
            <tr>
              <th>Зона</th>
              {t.bodies.map((b) => (
                <th key={b.code} className="num">
                  {b.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {t.zones.map((z) => (
              <tr key={z.code}>
                <th scope="row">{z.title}</th>
                {t.bodies.map((b) => {
                  const name = `area.${b.code}.${z.code}`;
                  return (
                    <td key={b.code} className="num">
                      <input
                        name={name}
                        disabled={readOnly}
                        type="number"
                        step="0.001"
                        min="0.001"
                        max="99.999"
                        defaultValue={value(name, t.areas[b.code]?.[z.code])}
                        aria-label={`${z.title}, ${b.title}, м²`}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {t.layers.map((l) => (
        <datalist key={l.code} id={`calc-skus-${l.code}`}>
          {(t.skus[l.code] ?? []).slice(0, 300).map((sku) => (
            <option key={sku} value={sku} />
          ))}
        </datalist>
      ))}
      {t.tiers.map((tier) => (
        <section key={tier.code}>
          <h2>
            Уровень «{tier.title}» ({tier.code})
          </h2>
          <p className="staff-muted">Покрытие — доля металла зоны под слоем (0.8 = 80 %); пусто — уровень не кладёт этот слой на зону.</p>
          <div className="staff-table-wrap">
            <table className="staff-table staff-grid">
              <thead>
                <tr>
                  <th>Зона</th>
                  {t.layers.map((l) => (
                    <th key={l.code} className="num">
                      {l.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {t.zones.map((z) => (
                  <tr key={z.code}>
                    <th scope="row">{z.title}</th>
                    {t.layers.map((l) => {
                      const name = `cov.${tier.code}.${z.code}.${l.code}`;
                      return (
                        <td key={l.code} className="num">
                          <input
                            name={name}
                            disabled={readOnly}
                            type="number"
                            step="0.001"
                            min="0.001"
                            max="1"
                            defaultValue={value(name, t.coverage[tier.code]?.[z.code]?.[l.code])}
                            aria-label={`Покрытие: ${tier.title}, ${z.title}, ${l.title}`}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="staff-muted">
            Товары по артикулу: первый — выбор уровня, следующие через пробел — замены, если сайт не продаёт первый. Строка зоны заменяет
            «Все зоны».
          </p>
          <div className="staff-table-wrap">
            <table className="staff-table">
              <thead>
                <tr>
                  <th>Зона</th>
                  {t.layers.map((l) => (
                    <th key={l.code}>{l.title}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {zoneRows.map((z) => (
                  <tr key={z.code}>
                    <th scope="row">{z.title}</th>
                    {t.layers.map((l) => {
                      const name = `sku.${tier.code}.${l.code}.${z.code}`;
                      return (
                        <td key={l.code}>
                          <input
                            name={name}
                            disabled={readOnly}
                            className="staff-code"
                            list={`calc-skus-${l.code}`}
                            maxLength={400}
                            pattern="[A-Za-z0-9\-]+([ ,;]+[A-Za-z0-9\-]+)*"
                            defaultValue={value(name, t.choices[tier.code]?.[l.code]?.[z.code]?.join(' '))}
                            aria-label={`Товары: ${tier.title}, ${z.title}, ${l.title}`}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      {!readOnly && <SubmitButtons />}
    </CalculatorForm>
  );
}

function SubmitButtons({ cancel }: { cancel?: string }) {
  return (
    <div className="staff-buttons">
      <button type="submit" name="intent" value="preview">
        Проверить примеры
      </button>
      <button type="submit" name="intent" value="save">
        Сохранить
      </button>
      {cancel && <a href={cancel}>Отменить правки</a>}
    </div>
  );
}

const PAGES = {
  tables: { href: '/staff/calculator', label: 'Таблицы' },
  structure: { href: '/staff/calculator/structure', label: 'Кузова, зоны, слои, уровни и машины' },
};

/**
 * The frame of both calculator pages: the tabs, the read-only note, the refusals, and the form with the tables'
 * version, the examples a preview checked and the buttons; `children` are the page's own fields.
 */
export function CalculatorForm(props: CalculatorPageProps & { title: string; page: keyof typeof PAGES; children: ReactNode }) {
  const readOnly = props.readOnly === true;
  const { href } = PAGES[props.page];
  return (
    <Frame {...props} title={props.title}>
      <p className="staff-tabs">
        {Object.entries(PAGES).map(([key, tab]) => (
          <a key={key} href={tab.href} aria-current={key === props.page ? 'page' : undefined}>
            {tab.label}
          </a>
        ))}
      </p>
      {readOnly && (
        <p className="staff-notice" role="note" data-read-only="">
          Калькулятор общий для всех сайтов, а ваша учётная запись ограничена сайтами: здесь он только для просмотра. Изменить его может
          сотрудник без ограничения по сайтам.
        </p>
      )}
      {props.errors && props.errors.length > 0 && (
        <div className="staff-notice staff-notice-error" role="alert">
          <p>Изменение не сохранено:</p>
          <ul>
            {props.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      {/* Not a .staff-form grid: a grid item grows to its widest table, and the grids must scroll in their own wrappers. */}
      <form method="post" action={href}>
        {!readOnly && <TokenField token={props.token} />}
        {/* The tables the cells were rendered from: a save from before a colleague's is refused, not applied over it. */}
        <input type="hidden" name="tablesVersion" value={props.version} />
        {props.examples && props.cells !== undefined && (
          <Examples
            tables={props.tables}
            examples={props.examples}
            cells={props.cells}
            priceLists={props.priceLists}
            previewed={props.previewed}
            unconfirmed={props.unconfirmed}
            otherChange={props.otherChange}
          />
        )}
        {!readOnly && <SubmitButtons cancel={href} />}
        {props.children}
      </form>
    </Frame>
  );
}
