/**
 * The calculator's rows (issue 21 item 5): body types, zones, layers and tiers — titles in Russian and in the other
 * languages, order, a zone's group and whether it opens ticked, a layer's category — each with a new row (optionally a
 * copy of another's figures) and removal; and the cars list. The same preview and confirmation as the tables' page:
 * removing a zone or a tier a ready kit uses shows the kit's figures before and after. Codes are fixed once made (they
 * are in every shared calculator link); a new name is a new title.
 *
 * Field names: <kind>.<code>.(title|sort|group|defaultOn|category|remove), <kind>.<code>.tr.<language>;
 * new-<kind>.(code|title|group|defaultOn|category|copyFrom); car.<slug>.(make|model|body|sort|remove);
 * new-car.(slug|make|model|body).
 */
import { CALC_TRANSLATED_LANGUAGES, type CalcRowKind, type CalcTables, MAX_CAR_NAME, MAX_ROW_TITLE } from '../../calculator/index.ts';
import { CalculatorForm, type CalculatorPageProps } from './calculator.tsx';

export type CalculatorStructurePageProps = CalculatorPageProps;

const KIND_HEADINGS: Record<CalcRowKind, { heading: string; added: string; hint: string }> = {
  body: { heading: 'Кузова', added: 'Новый кузов', hint: 'Площади нового кузова можно скопировать с похожего и поправить в таблицах.' },
  zone: {
    heading: 'Зоны',
    added: 'Новая зона',
    hint: 'Зоны одной группы предлагаются вместе («все двери»). Новая зона может взять площади, покрытие и товары другой.',
  },
  layer: { heading: 'Слои', added: 'Новый слой', hint: 'Покрытие и товары нового слоя задайте в таблицах после сохранения.' },
  tier: { heading: 'Уровни', added: 'Новый уровень', hint: 'Новый уровень может взять покрытие и товары другого.' },
};

export function CalculatorStructurePage(props: CalculatorStructurePageProps) {
  const t = props.tables;
  const readOnly = props.readOnly === true;
  const value = (name: string, stored: string | number | undefined) => props.draft?.[name] ?? (stored === undefined ? '' : String(stored));
  const lists: Record<CalcRowKind, CalcTables['zones'] | CalcTables['bodies']> = {
    body: t.bodies,
    zone: t.zones,
    layer: t.layers,
    tier: t.tiers,
  };
  const categorySelect = (name: string, stored: string | undefined) => (
    <select
      name={name}
      disabled={readOnly}
      defaultValue={value(name, stored)}
      required={name.startsWith('layer.')}
      aria-label="Категория товаров"
    >
      {!name.startsWith('layer.') && <option value="">—</option>}
      {t.categories.map((c) => (
        <option key={c.slug} value={c.slug}>
          {c.title} ({c.slug})
        </option>
      ))}
    </select>
  );
  const rowTable = (kind: CalcRowKind) => {
    const list = lists[kind];
    const { heading, added, hint } = KIND_HEADINGS[kind];
    return (
      <section key={kind} data-kind={kind}>
        <h2>{heading}</h2>
        <p className="staff-muted">{hint}</p>
        <div className="staff-table-wrap">
          <table className="staff-table staff-rows">
            <thead>
              <tr>
                <th>Код</th>
                <th>Название</th>
                <th>Переводы</th>
                {kind === 'zone' && (
                  <>
                    <th>Группа</th>
                    <th>Отмечена сразу</th>
                  </>
                )}
                {kind === 'layer' && <th>Категория товаров</th>}
                <th>Порядок</th>
                <th>{kind === 'layer' ? 'Удалить' : 'Удалить / цифры нового из'}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((row) => {
                const at = (field: string) => `${kind}.${row.code}.${field}`;
                const translated = CALC_TRANSLATED_LANGUAGES.filter((l) => value(at(`tr.${l}`), row.titles[l]) !== '').length;
                const zone = kind === 'zone' ? (row as CalcTables['zones'][number]) : undefined;
                return (
                  <tr key={row.code} data-code={row.code}>
                    <td className="staff-code">{row.code}</td>
                    <td>
                      <input
                        name={at('title')}
                        disabled={readOnly}
                        required
                        maxLength={MAX_ROW_TITLE}
                        defaultValue={value(at('title'), row.title)}
                        aria-label={`Название «${row.code}»`}
                      />
                    </td>
                    <td>
                      <details>
                        <summary>
                          {translated} из {CALC_TRANSLATED_LANGUAGES.length}
                        </summary>
                        {CALC_TRANSLATED_LANGUAGES.map((l) => (
                          <label key={l} className="staff-row-translation">
                            <span className="staff-code">{l}</span>
                            <input
                              name={at(`tr.${l}`)}
                              disabled={readOnly}
                              maxLength={MAX_ROW_TITLE}
                              defaultValue={value(at(`tr.${l}`), row.titles[l])}
                            />
                          </label>
                        ))}
                      </details>
                    </td>
                    {zone && (
                      <>
                        <td>
                          <input
                            name={at('group')}
                            disabled={readOnly}
                            required
                            className="staff-code"
                            defaultValue={value(at('group'), zone.group)}
                            aria-label="Группа"
                          />
                        </td>
                        <td>
                          <select
                            name={at('defaultOn')}
                            disabled={readOnly}
                            defaultValue={value(at('defaultOn'), zone.defaultOn ? 'yes' : 'no')}
                            aria-label="Отмечена сразу"
                          >
                            <option value="no">нет</option>
                            <option value="yes">да</option>
                          </select>
                        </td>
                      </>
                    )}
                    {kind === 'layer' && <td>{categorySelect(at('category'), (row as CalcTables['layers'][number]).category)}</td>}
                    <td>
                      <input
                        name={at('sort')}
                        disabled={readOnly}
                        type="number"
                        min="0"
                        max="9999"
                        step="1"
                        defaultValue={value(at('sort'), row.sort)}
                        aria-label="Порядок"
                      />
                    </td>
                    <td>
                      {kind === 'tier' && (row as CalcTables['tiers'][number]).isDefault ? (
                        <span className="staff-muted">по умолчанию</span>
                      ) : (
                        <label className="staff-check">
                          <input
                            type="checkbox"
                            name={at('remove')}
                            value="on"
                            disabled={readOnly}
                            defaultChecked={props.draft?.[at('remove')] === 'on'}
                          />{' '}
                          удалить
                        </label>
                      )}
                    </td>
                  </tr>
                );
              })}
              {!readOnly && (
                <tr data-new={kind}>
                  <td>
                    <input
                      name={`new-${kind}.code`}
                      className="staff-code"
                      pattern="[a-z][a-z0-9\-]{0,30}"
                      defaultValue={value(`new-${kind}.code`, '')}
                      aria-label={`${added}: код`}
                      placeholder={`${added}: код`}
                    />
                  </td>
                  <td>
                    <input
                      name={`new-${kind}.title`}
                      maxLength={MAX_ROW_TITLE}
                      defaultValue={value(`new-${kind}.title`, '')}
                      aria-label={`${added}: название`}
                      placeholder="название"
                    />
                  </td>
                  <td className="staff-muted">после сохранения</td>
                  {kind === 'zone' && (
                    <>
                      <td>
                        <input
                          name="new-zone.group"
                          className="staff-code"
                          defaultValue={value('new-zone.group', '')}
                          aria-label="Новая зона: группа"
                          placeholder="группа"
                        />
                      </td>
                      <td>
                        <select
                          name="new-zone.defaultOn"
                          defaultValue={value('new-zone.defaultOn', 'no')}
                          aria-label="Новая зона: отмечена сразу"
                        >
                          <option value="no">нет</option>
                          <option value="yes">да</option>
                        </select>
                      </td>
                    </>
                  )}
                  {kind === 'layer' && <td>{categorySelect('new-layer.category', '')}</td>}
                  <td className="staff-muted">в конец</td>
                  <td>
                    {kind !== 'layer' && (
                      <select
                        name={`new-${kind}.copyFrom`}
                        defaultValue={value(`new-${kind}.copyFrom`, '')}
                        aria-label={`${added}: скопировать цифры из`}
                      >
                        <option value="">пустой</option>
                        {list.map((r) => (
                          <option key={r.code} value={r.code}>
                            как «{r.title}»
                          </option>
                        ))}
                      </select>
                    )}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </section>
    );
  };

  return (
    <CalculatorForm {...props} title="Калькулятор: кузова, зоны, слои, уровни и машины" page="structure">
      <p className="staff-muted">
        Код строки не меняется: он стоит в ссылках на расчёты, которыми делятся покупатели. Переименование — это новое название. Пустой
        перевод — покупатель увидит название из языкового файла или русское.
      </p>
      {(['body', 'zone', 'layer', 'tier'] as const).map(rowTable)}

      <section data-kind="car">
        <h2>Машины</h2>
        <p className="staff-muted">Марка и модель в поиске калькулятора; выбранная машина задаёт кузов.</p>
        <div className="staff-table-wrap">
          <table className="staff-table staff-rows">
            <thead>
              <tr>
                <th>Адрес</th>
                <th>Марка</th>
                <th>Модель</th>
                <th>Кузов</th>
                <th>Порядок</th>
                <th>Удалить</th>
              </tr>
            </thead>
            <tbody>
              {t.cars.map((car) => {
                const at = (field: string) => `car.${car.slug}.${field}`;
                return (
                  <tr key={car.slug} data-car={car.slug}>
                    <td className="staff-code">{car.slug}</td>
                    <td>
                      <input
                        name={at('make')}
                        disabled={readOnly}
                        required
                        maxLength={MAX_CAR_NAME}
                        defaultValue={value(at('make'), car.make)}
                        aria-label={`${car.slug}: марка`}
                      />
                    </td>
                    <td>
                      <input
                        name={at('model')}
                        disabled={readOnly}
                        required
                        maxLength={MAX_CAR_NAME}
                        defaultValue={value(at('model'), car.model)}
                        aria-label={`${car.slug}: модель`}
                      />
                    </td>
                    <td>
                      <select
                        name={at('body')}
                        disabled={readOnly}
                        defaultValue={value(at('body'), car.body)}
                        aria-label={`${car.slug}: кузов`}
                      >
                        {t.bodies.map((b) => (
                          <option key={b.code} value={b.code}>
                            {b.title}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input
                        name={at('sort')}
                        disabled={readOnly}
                        type="number"
                        min="0"
                        max="9999"
                        step="1"
                        defaultValue={value(at('sort'), car.sort)}
                        aria-label="Порядок"
                      />
                    </td>
                    <td>
                      <label className="staff-check">
                        <input
                          type="checkbox"
                          name={at('remove')}
                          value="on"
                          disabled={readOnly}
                          defaultChecked={props.draft?.[at('remove')] === 'on'}
                        />{' '}
                        удалить
                      </label>
                    </td>
                  </tr>
                );
              })}
              {!readOnly && (
                <tr data-new="car">
                  <td>
                    <input
                      name="new-car.slug"
                      className="staff-code"
                      defaultValue={value('new-car.slug', '')}
                      aria-label="Новая машина: адрес"
                      placeholder="из марки и модели"
                    />
                  </td>
                  <td>
                    <input
                      name="new-car.make"
                      maxLength={MAX_CAR_NAME}
                      defaultValue={value('new-car.make', '')}
                      aria-label="Новая машина: марка"
                      placeholder="марка"
                    />
                  </td>
                  <td>
                    <input
                      name="new-car.model"
                      maxLength={MAX_CAR_NAME}
                      defaultValue={value('new-car.model', '')}
                      aria-label="Новая машина: модель"
                      placeholder="модель"
                    />
                  </td>
                  <td>
                    <select name="new-car.body" defaultValue={value('new-car.body', '')} aria-label="Новая машина: кузов">
                      <option value="">—</option>
                      {t.bodies.map((b) => (
                        <option key={b.code} value={b.code}>
                          {b.title}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="staff-muted">в конец</td>
                  <td />
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </section>
    </CalculatorForm>
  );
}
