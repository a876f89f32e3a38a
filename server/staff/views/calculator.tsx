/**
 * The calculator's tables editor (issue 21 item 5): the waste share and the tiers, the metal areas as a zone × body
 * grid, and per tier its coverages (zone × layer) and products (zone × layer, '*' for every zone). «Проверить примеры»
 * shows which worked examples and ready kits the change would move, before and after; «Сохранить» keeps it — when it
 * moves any, only with the confirmation ticked.
 */
import { ANY_ZONE, type CalcExample, type CalcTables, type ExampleTotals, MAX_TIER_TITLE } from '../../calculator/index.ts';
import { Frame, type FrameProps, TokenField } from './layout.tsx';

type Page = Pick<FrameProps, 'nonce' | 'assets' | 'member' | 'areas' | 'path' | 'notice'> & { token: string };

export interface CalculatorPageProps extends Page {
  tables: CalcTables;
  /** The price list the examples' prices come from (the default site's). */
  priceList: string;
  /** The values posted, by field name: shown instead of the stored ones after a preview or a refusal. */
  draft?: Record<string, string>;
  errors?: string[];
  examples?: CalcExample[];
  /** Cells the change touches. */
  cells?: number;
  /** A save was refused: the change moves examples and the confirmation was not ticked. */
  unconfirmed?: boolean;
}

const number = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });
const mass = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function Figures({ before, after, pick }: { before: ExampleTotals; after: ExampleTotals; pick: (t: ExampleTotals) => string }) {
  const a = pick(before);
  const b = pick(after);
  return <td className="num">{a === b ? a : <strong>{`${a} → ${b}`}</strong>}</td>;
}

function Examples(props: { tables: CalcTables; examples: CalcExample[]; cells: number; priceList: string; unconfirmed?: boolean }) {
  const titleOf = (list: Array<{ code: string; title: string }>, code: string) => list.find((x) => x.code === code)?.title ?? code;
  const changed = props.examples.filter((e) => e.changed);
  const row = (e: CalcExample) => (
    <tr key={`${e.tier}|${e.body}|${e.zones.join(',')}`}>
      <td>
        {e.labels.map((l) => (
          <div key={l}>{l}</div>
        ))}
        <div className="staff-muted">
          {titleOf(props.tables.bodies, e.body)} · «{titleOf(props.tables.tiers, e.tier)}» ·{' '}
          {e.zones.length === props.tables.zones.length ? 'все зоны' : e.zones.map((z) => titleOf(props.tables.zones, z)).join(', ')}
        </div>
      </td>
      <Figures before={e.before} after={e.after} pick={(t) => number.format(t.price)} />
      <Figures before={e.before} after={e.after} pick={(t) => String(t.sheets)} />
      <Figures before={e.before} after={e.after} pick={(t) => mass.format(t.massKg)} />
      <td className="staff-code">
        {e.before.contents.join(', ') === e.after.contents.join(', ') ? (
          e.before.contents.join(', ')
        ) : (
          <>
            <div>было: {e.before.contents.join(', ') || '—'}</div>
            <div>
              <strong>станет: {e.after.contents.join(', ') || '—'}</strong>
            </div>
          </>
        )}
      </td>
    </tr>
  );
  const head = (
    <thead>
      <tr>
        <th>Пример</th>
        <th className="num">Цена ({props.priceList})</th>
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
        сегодня совпадает с комплектом) и примеры из описания расчёта; цены по прайс-листу {props.priceList}. Ничего не сохранено.
      </p>
      {changed.length === 0 ? (
        <p className="staff-notice staff-notice-ok" role="status">
          Ни один пример не меняется — изменение можно сохранить.
        </p>
      ) : (
        <>
          <p className="staff-notice staff-notice-error" role="alert">
            {props.unconfirmed ? 'Не сохранено: изменятся' : 'Изменятся'} примеры ({changed.length}). Чтобы сохранить, отметьте
            подтверждение ниже.
          </p>
          <div className="staff-table-wrap">
            <table className="staff-table" data-examples="changed">
              {head}
              <tbody>{changed.map(row)}</tbody>
            </table>
          </div>
          <div className="staff-form">
            <label className="staff-check">
              <input type="checkbox" name="confirm" value="on" /> Я понимаю, что изменятся примеры/готовые комплекты
            </label>
          </div>
        </>
      )}
      {changed.length < props.examples.length && (
        <details>
          <summary>Примеры без изменений ({props.examples.length - changed.length})</summary>
          <div className="staff-table-wrap">
            <table className="staff-table">
              {head}
              <tbody>{props.examples.filter((e) => !e.changed).map(row)}</tbody>
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
  return (
    <Frame title="Калькулятор" {...props}>
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
      <form method="post" action="/staff/calculator">
        <TokenField token={props.token} />
        {props.examples && props.cells !== undefined && (
          <Examples tables={t} examples={props.examples} cells={props.cells} priceList={props.priceList} unconfirmed={props.unconfirmed} />
        )}
        <div className="staff-buttons">
          <button type="submit" name="intent" value="preview">
            Проверить примеры
          </button>
          <button type="submit" name="intent" value="save">
            Сохранить
          </button>
          <a href="/staff/calculator">Отменить правки</a>
        </div>

        <h2>Общие</h2>
        <div className="staff-form staff-narrow">
          <label>
            Запас на подрезку и нахлёст (доля: 0.1 = 10 %)
            <input name="waste" type="number" step="0.001" min="0" max="0.999" required defaultValue={value('waste', t.waste)} />
          </label>
        </div>
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption className="staff-muted">
              Уровни: название на русском (переводы — в языковых файлах) и уровень, с которым открывается калькулятор
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
        <div className="staff-buttons">
          <button type="submit" name="intent" value="preview">
            Проверить примеры
          </button>
          <button type="submit" name="intent" value="save">
            Сохранить
          </button>
        </div>
      </form>
    </Frame>
  );
}
