/**
 * The calculator's tables in the back office (issue 21 item 5, decision 049): a content editor sees the grids; a change
 * that moves no worked example or ready kit saves at once and the storefront's /calc answers with it (this process's
 * cache cleared); a change that moves a kit's totals is shown before and after, refused without the confirmation and
 * kept with it; bad numbers, unknown SKUs and control characters change nothing; every save is audited; a manager may
 * not enter. A form from before a colleague's save is refused (it would revert the colleague's cells), a confirmation
 * holds only for the change set previewed, a member with a site scope sees the tables read-only, and the examples are
 * compared on every price list a site sells from.
 */
import t from 'tap';
import { startTestApp } from './helpers/app.ts';
import { type StaffAgent, staffMember, staffPost } from './helpers/staff.ts';

const app = await startTestApp(t);
const editor = await staffMember(app, 'content');

const URL = '/staff/calculator';

/** The page's form as a browser posts it: every input with its value, the checked radio, no unticked checkbox. */
async function formOf(agent: StaffAgent): Promise<Record<string, string>> {
  const res = await app.request({ url: URL, headers: { cookie: agent.cookie } });
  const form = /<form[^>]*action="\/staff\/calculator"[^>]*>[\s\S]*?<\/form>/.exec(res.body)![0];
  const fields: Record<string, string> = {};
  for (const [, attrs] of form.matchAll(/<input ([^>]*)>/g)) {
    const attr = (name: string) => new RegExp(`(?:^| )${name}="([^"]*)"`).exec(attrs!)?.[1];
    const name = attr('name');
    if (!name || name === '_token') continue;
    const type = attr('type');
    if ((type === 'radio' || type === 'checkbox') && !/ checked=""/.test(attrs!)) continue;
    fields[name] = (attr('value') ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  }
  return fields;
}

/** The version of the tables the page carries now (as a form opened now posts it). */
const versionOf = async () => (await formOf(editor)).tablesVersion!;

/** The change set a preview's confirmation holds for. */
const previewedOf = (html: string) => /name="previewed" value="([^"]+)"/.exec(html)?.[1];

/** Previews a change and saves it with the confirmation of what was previewed, as an editor who ticks the box does. */
async function saveConfirmed(agent: StaffAgent, fields: Record<string, string>) {
  const preview = await staffPost(app, agent, URL, { ...fields, intent: 'preview' });
  return staffPost(app, agent, URL, { ...fields, intent: 'save', confirm: 'on', previewed: previewedOf(preview.body) ?? '' });
}

const STALE = /Таблицы изменил коллега, пока страница была открыта: откройте страницу заново/;

/** The tables as stored, to show that a refused change changed nothing. */
async function snapshot() {
  const [areas, coverage, choices, tiers, settings, audit] = await Promise.all([
    app.db.query('SELECT body, zone, area_m2::text AS a FROM calc_areas ORDER BY 1, 2'),
    app.db.query('SELECT tier, zone, layer, coverage::text AS c FROM calc_coverage ORDER BY 1, 2, 3'),
    app.db.query('SELECT tier, layer, zone, rank, sku FROM calc_choices ORDER BY 1, 2, 3, 4'),
    app.db.query('SELECT code, title, is_default FROM calc_tiers ORDER BY code'),
    app.db.query('SELECT waste::text FROM calc_settings'),
    app.db.query(`SELECT count(*)::int AS n FROM staff_audit WHERE action = 'calculator.update'`),
  ]);
  return JSON.stringify({ areas, coverage, choices, tiers, settings, audit });
}

/** The text of a storefront page's <main> (for the calculator's "Цена …"). */
const mainText = (html: string) =>
  (html.split('<main')[1] ?? '')
    .split('</main>')[0]!
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0|\u202f/g, ' ')
    .replace(/\s+/g, ' ');
const pageText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0|\u202f/g, ' ')
    .replace(/\s+/g, ' ');

const COUPE_ROOF = '/calc?body=coupe&tier=good&zone=roof';
const DOORS = '/calc?body=sedan&tier=good&zone=door-skin&zone=door-inner&zone=door-trim';

t.test('a content editor opens the tables; the menu names them', async (t) => {
  const res = await app.request({ url: URL, headers: { cookie: editor.cookie } });
  t.equal(res.statusCode, 200);
  t.match(res.body, /<h1>Калькулятор<\/h1>/);
  t.match(res.body, /href="\/staff\/calculator" aria-current="page">Калькулятор</, 'in the menu');
  const form = await formOf(editor);
  t.equal(form['area.sedan.roof'], '1.9', 'areas: body × zone');
  t.equal(form['cov.good.door-skin.absorber'], '0.85', 'coverage per tier');
  t.equal(form['sku.good.vibration.*'], 'VIB-STD-22', 'choices per tier, every zone');
  t.equal(form['sku.good.absorber.hood'], 'ABS-AK-10F ABS-AK-10', 'a zone’s own choice with its alternative');
  t.equal(form['waste'], '0.1');
  t.equal(form['defaultTier'], 'good');
  t.equal(form['title.max'], 'Максимальный');
});

t.test('a change that moves no example saves at once; /calc answers with it', async (t) => {
  // Warm this process's calculator cache (the test app's TTL is 30 s): the save must clear it.
  t.match(mainText((await app.request({ url: COUPE_ROOF })).body), /Цена 3 350 ₽/, 'coupe roof before: 4 × 320 + 3 × 690');
  const form = await formOf(editor);
  const fields = { ...form, 'area.coupe.roof': '3', 'sku.practical.antisqueak.*': 'ASQ-LNT-15 ASQ-BIT-5' };

  const preview = await staffPost(app, editor, URL, { ...fields, intent: 'preview' });
  t.equal(preview.statusCode, 200);
  t.match(pageText(preview.body), /Изменяемых ячеек: 2/);
  t.match(pageText(preview.body), /Ни один пример не меняется/);
  t.match(pageText(preview.body), /Готовый комплект/, 'the kits are among the examples checked');
  t.match(preview.body, /name="area\.coupe\.roof"[^>]*value="3"/, 'the form keeps the proposed value');
  t.equal(
    (await app.db.query(`SELECT area_m2::float8 AS a FROM calc_areas WHERE body = 'coupe' AND zone = 'roof'`))[0]!.a,
    1.6,
    'a preview keeps nothing',
  );

  const save = await staffPost(app, editor, URL, { ...fields, intent: 'save' });
  t.equal(save.statusCode, 303);
  t.equal(save.headers.location, '/staff/calculator?notice=calcSaved');
  t.equal((await app.db.query(`SELECT area_m2::float8 AS a FROM calc_areas WHERE body = 'coupe' AND zone = 'roof'`))[0]!.a, 3);
  t.same(
    await app.db.query(`SELECT rank, sku FROM calc_choices WHERE tier = 'practical' AND layer = 'antisqueak' AND zone = '*' ORDER BY rank`),
    [
      { rank: 1, sku: 'ASQ-LNT-15' },
      { rank: 2, sku: 'ASQ-BIT-5' },
    ],
    'the tier → product mapping, ranked',
  );
  // 3.0 × 0.7 × 1.1 = 2.31 m² / 0.3525 → 7 × 320; 3.3 m² / 0.75 → 5 × 690.
  t.match(mainText((await app.request({ url: COUPE_ROOF })).body), /Цена 5 690 ₽/, 'the storefront follows at once');

  const audit = await app.db.query<{ entity_id: string; before: unknown; after: unknown; staff_email: string }>(
    `SELECT entity_id, before, after, staff_email FROM staff_audit WHERE action = 'calculator.update' ORDER BY id`,
  );
  t.same(
    audit.map((a) => a.entity_id),
    ['areas', 'choices'],
  );
  t.same(audit[0]!.before, { 'coupe/roof': 1.6 });
  t.same(audit[0]!.after, { 'coupe/roof': 3 });
  t.same(audit[1]!.after, { 'practical/antisqueak/*': ['ASQ-LNT-15', 'ASQ-BIT-5'] });
  t.equal(audit[0]!.staff_email, editor.email);

  const again = await staffPost(app, editor, URL, { ...(await formOf(editor)), intent: 'save' });
  t.equal(again.headers.location, '/staff/calculator?notice=calcUnchanged', 'the same form again changes nothing');
});

t.test('a change that breaks a kit: shown before and after, refused without the confirmation, kept with it', async (t) => {
  t.match(mainText((await app.request({ url: DOORS })).body), /Цена 7 910 ₽/);
  const fields = { ...(await formOf(editor)), 'cov.good.door-skin.absorber': '1' };
  const before = await snapshot();

  const preview = await staffPost(app, editor, URL, { ...fields, intent: 'preview' });
  t.equal(preview.statusCode, 200);
  const changed = pageText(/<table class="staff-table" data-examples="changed">[\s\S]*?<\/table>/.exec(preview.body)?.[0] ?? '');
  // 2.4 × 1.0 × 1.1 = 2.64 m² / 0.75 → 4 × Акустик 10 (690 ₽) instead of 3: 7 910 → 8 600 ₽, 22 → 23 sheets.
  t.match(changed, /Готовый комплект/, 'the doors kit is named');
  t.match(changed, /Пример: седан, двери ×4, «Хороший»/, 'and the worked example of domain.md');
  t.match(changed, /7 910 → 8 600/, 'the price before and after');
  t.match(changed, /22 → 23/, 'the sheets before and after');
  t.match(changed, /ABS-AK-10 × 3/);
  t.match(changed, /ABS-AK-10 × 4/);
  t.notMatch(changed, /хэтчбек, крыша/, 'an example the change does not touch is not among the changed');
  t.match(preview.body, /name="confirm"/, 'the confirmation is offered');
  t.match(pageText(preview.body), /Я понимаю, что изменятся примеры\/готовые комплекты/);

  const refused = await staffPost(app, editor, URL, { ...fields, intent: 'save' });
  t.equal(refused.statusCode, 409, 'not saved without the confirmation');
  t.match(pageText(refused.body), /Не сохранено: изменятся примеры/);
  t.equal(await snapshot(), before, 'nothing changed');

  const saved = await staffPost(app, editor, URL, { ...fields, intent: 'save', confirm: 'on', previewed: previewedOf(preview.body)! });
  t.equal(saved.statusCode, 303);
  t.equal(saved.headers.location, '/staff/calculator?notice=calcSaved');
  t.match(mainText((await app.request({ url: DOORS })).body), /Цена 8 600 ₽/);
  const [row] = await app.db.query<{ after: Record<string, unknown> }>(
    `SELECT after FROM staff_audit WHERE action = 'calculator.update' AND entity_id = 'coverage' ORDER BY id DESC LIMIT 1`,
  );
  t.equal(row!.after['good/door-skin/absorber'], 1);
  t.match(row!.after.examplesChanged, [/Готовый комплект/], 'the audit row names the examples the editor accepted to change');

  // Back as it was (a confirmed change again: the kit moves back to its contents).
  const back = await saveConfirmed(editor, { tablesVersion: await versionOf(), 'cov.good.door-skin.absorber': '0.85' });
  t.equal(back.statusCode, 303);
  t.match(mainText((await app.request({ url: DOORS })).body), /Цена 7 910 ₽/);
});

t.test('the default tier: exactly one, and only a known one', async (t) => {
  const save = await staffPost(app, editor, URL, { tablesVersion: await versionOf(), defaultTier: 'max', intent: 'save', confirm: 'on' });
  t.equal(save.statusCode, 303);
  t.same(await app.db.query('SELECT code FROM calc_tiers WHERE is_default'), [{ code: 'max' }]);
  const unknown = await staffPost(app, editor, URL, {
    tablesVersion: await versionOf(),
    defaultTier: 'gold',
    intent: 'save',
    confirm: 'on',
  });
  t.equal(unknown.statusCode, 422);
  t.match(pageText(unknown.body), /уровня «gold» нет/);
  await staffPost(app, editor, URL, { tablesVersion: await versionOf(), defaultTier: 'good', intent: 'save', confirm: 'on' });
  t.same(await app.db.query('SELECT code FROM calc_tiers WHERE is_default'), [{ code: 'good' }]);
});

t.test('bad input changes nothing: out of range, unknown SKU, NUL byte, unknown cell', async (t) => {
  const before = await snapshot();
  const tablesVersion = await versionOf();
  const bad400: Array<[string, Record<string, string>]> = [
    ['an area of 100 m²', { 'area.sedan.roof': '100' }],
    ['an area of 0', { 'area.sedan.roof': '0' }],
    ['a negative area', { 'area.sedan.roof': '-1' }],
    ['a coverage above 1', { 'cov.good.roof.vibration': '1.5' }],
    ['a waste of 1', { waste: '1' }],
    ['a waste that is no number', { waste: 'abc' }],
    ['a NUL byte in a title', { 'title.good': 'Хор\u0000оший' }],
    ['a NUL byte in a SKU cell', { 'sku.good.vibration.*': 'VIB-STD-22\u0000' }],
    ['an empty tier title', { 'title.good': '' }],
    ['ten SKUs in one cell', { 'sku.good.vibration.*': Array.from({ length: 10 }, (_, i) => `VIB-${i}`).join(' ') }],
    ['an unknown cell', { 'price.good': '1' }],
    ['a code with capitals', { 'area.Sedan.roof': '1' }],
    ['no intent', {}],
  ];
  for (const [what, fields] of bad400) {
    const res = await staffPost(app, editor, URL, {
      tablesVersion,
      intent: 'save',
      confirm: 'on',
      ...fields,
      ...(what === 'no intent' ? { intent: '' } : {}),
    });
    t.equal(res.statusCode, 400, `${what}: 400`);
    if (what !== 'no intent') t.match(JSON.parse(res.body).message, /Invalid body/, `${what}: named`);
  }
  const named: Array<[string, Record<string, string>, RegExp]> = [
    ['an unknown SKU', { 'sku.good.vibration.*': 'NOPE-1' }, /товара с артикулом NOPE-1 нет в категории слоя/],
    ['a SKU of another layer', { 'sku.good.vibration.*': 'BAR-IZ-8' }, /BAR-IZ-8 нет в категории слоя/],
    ['a SKU named twice', { 'sku.good.vibration.*': 'VIB-STD-22 VIB-STD-22' }, /товар назван дважды/],
    ['an unknown body', { 'area.tank.roof': '1' }, /кузова «tank» нет/],
    ['an unknown zone of a choice', { 'sku.good.vibration.wing': 'VIB-STD-22' }, /зоны «wing» нет/],
  ];
  for (const [what, fields, message] of named) {
    const res = await staffPost(app, editor, URL, { tablesVersion, intent: 'save', confirm: 'on', ...fields });
    t.equal(res.statusCode, 422, `${what}: 422`);
    t.match(pageText(res.body), message, `${what}: named`);
    t.match(pageText(res.body), /Изменение не сохранено/);
  }
  t.equal(await snapshot(), before, 'nothing changed, no audit row');
});

t.test('a manager may not open or change the tables', async (t) => {
  const manager = await staffMember(app, 'manager');
  t.equal((await app.request({ url: URL, headers: { cookie: manager.cookie } })).statusCode, 403);
  const before = await snapshot();
  t.equal((await staffPost(app, manager, URL, { 'area.sedan.roof': '2', intent: 'save', confirm: 'on' })).statusCode, 403);
  t.equal(await snapshot(), before);
  const res = await app.request({ url: '/staff', headers: { cookie: manager.cookie } });
  t.notMatch(res.body, /href="\/staff\/calculator"/, 'no menu entry');
});

const areaOf = async (body: string, zone: string) =>
  (await app.db.query<{ a: number }>('SELECT area_m2::float8 AS a FROM calc_areas WHERE body = $1 AND zone = $2', [body, zone]))[0]?.a;

t.test('a form opened before a colleague’s save is refused, not applied over it', async (t) => {
  const colleague = await staffMember(app, 'content');
  const stale = await formOf(colleague); // B opens the page …
  const mine = await formOf(editor); // … and so does A
  t.match(stale.tablesVersion, /^[0-9a-f]{64}$/, 'the page carries the version of the tables it shows');
  t.equal(stale.tablesVersion, mine.tablesVersion);
  const roofBefore = stale['area.sedan.roof']!;

  const saved = await saveConfirmed(editor, { ...mine, 'area.sedan.roof': '2.5' });
  t.equal(saved.statusCode, 303, 'A saves sedan / roof');
  t.equal(await areaOf('sedan', 'roof'), 2.5);
  t.not((await formOf(editor)).tablesVersion, stale.tablesVersion, 'the save gives the tables a new version');

  // B changes an unrelated cell on the page opened before A's save: the form still says 1.9 for sedan / roof.
  const before = await snapshot();
  const fields = { ...stale, 'area.coupe.roof': '2' };
  const preview = await staffPost(app, colleague, URL, { ...fields, intent: 'preview' });
  t.equal(preview.statusCode, 409, 'the preview is refused');
  t.match(pageText(preview.body), STALE);
  t.match(preview.body, /name="area\.sedan\.roof"[^>]*value="2\.5"/, 'the page shows the tables as they are now');
  t.notMatch(preview.body, /name="area\.coupe\.roof"[^>]*value="2"/, 'not the stale form');
  // Unconfirmed, or confirmed with whatever the refused preview offered to confirm.
  const confirmations: Array<Record<string, string>> = [{}, { confirm: 'on', previewed: previewedOf(preview.body) ?? '' }];
  for (const confirm of confirmations) {
    const save = await staffPost(app, colleague, URL, { ...fields, intent: 'save', ...confirm });
    t.equal(save.statusCode, 409, 'the save is refused');
    t.match(pageText(save.body), STALE);
  }
  const garbled = await staffPost(app, colleague, URL, { ...fields, tablesVersion: 'x', intent: 'save', confirm: 'on' });
  t.equal(garbled.statusCode, 409, 'so is a form with a version of no tables');
  t.equal(await snapshot(), before, 'nothing changed');
  t.equal(await areaOf('sedan', 'roof'), 2.5, 'A’s value stays');

  // Reopened, B's change goes on top of A's.
  const fresh = await formOf(colleague);
  const again = await saveConfirmed(colleague, { ...fresh, 'area.coupe.roof': '2' });
  t.equal(again.statusCode, 303);
  t.equal(await areaOf('coupe', 'roof'), 2);
  t.equal(await areaOf('sedan', 'roof'), 2.5);

  const back = await saveConfirmed(editor, { ...(await formOf(editor)), 'area.sedan.roof': roofBefore, 'area.coupe.roof': '3' });
  t.equal(back.statusCode, 303);
  t.equal(await areaOf('sedan', 'roof'), Number(roofBefore));
});

t.test('the confirmation holds for the change previewed, not for one edited after it', async (t) => {
  const fields = { ...(await formOf(editor)), 'cov.good.door-skin.absorber': '1' };
  const before = await snapshot();
  const preview = await staffPost(app, editor, URL, { ...fields, intent: 'preview' });
  t.equal(preview.statusCode, 200);
  t.match(preview.body, /data-examples="changed"/, 'the change breaks the doors kit');
  const previewed = previewedOf(preview.body);
  t.match(previewed, /^[0-9a-f]{64}$/, 'the preview names the change set it shows');

  // Another cell edited after the preview, saved with the confirmation ticked for the first change.
  const edited = { ...fields, 'area.sedan.roof': '2.2' };
  const refused = await staffPost(app, editor, URL, { ...edited, intent: 'save', confirm: 'on', previewed: previewed! });
  t.equal(refused.statusCode, 409, 'refused');
  t.equal(await snapshot(), before, 'nothing saved');
  t.match(pageText(refused.body), /Подтверждение было дано для другого изменения/);
  t.match(pageText(refused.body), /Не сохранено: изменятся примеры/);
  t.match(pageText(refused.body), /Изменяемых ячеек: 2/, 'the preview again, of the change being saved');
  t.notMatch(refused.body, /name="confirm"[^>]*checked/, 'the confirmation is asked again');
  const again = previewedOf(refused.body);
  t.match(again, /^[0-9a-f]{64}$/);
  t.not(again, previewed, 'for the new change set');

  const noHash = await staffPost(app, editor, URL, { ...edited, intent: 'save', confirm: 'on' });
  t.equal(noHash.statusCode, 409, 'a confirmation without the preview it answers is none');
  t.equal(await snapshot(), before);

  const saved = await staffPost(app, editor, URL, { ...edited, intent: 'save', confirm: 'on', previewed: again! });
  t.equal(saved.statusCode, 303, 'confirmed for what it is, the change is kept');
  t.equal(await areaOf('sedan', 'roof'), 2.2);

  const back = await saveConfirmed(editor, { ...(await formOf(editor)), 'area.sedan.roof': '1.9', 'cov.good.door-skin.absorber': '0.85' });
  t.equal(back.statusCode, 303);
  t.match(mainText((await app.request({ url: DOORS })).body), /Цена 7 910 ₽/);
});

t.test('a member scoped to sites sees the tables read-only and may not change them', async (t) => {
  const scoped = await staffMember(app, 'content', ['kz']);
  const res = await app.request({ url: URL, headers: { cookie: scoped.cookie } });
  t.equal(res.statusCode, 200);
  t.match(pageText(res.body), /общий для всех сайтов/, 'a note says why');
  t.match(pageText(res.body), /только для просмотра/);
  t.match(res.body, /<input disabled=""[^>]*name="area\.sedan\.roof"/, 'the cells are shown, disabled');
  t.notMatch(res.body, /name="intent"/, 'no preview or save button');

  const before = await snapshot();
  const fields = { ...(await formOf(editor)), 'area.sedan.roof': '2' };
  for (const intent of ['preview', 'save']) {
    const post = await staffPost(app, scoped, URL, { ...fields, intent, confirm: 'on' });
    t.equal(post.statusCode, 403, `${intent}: 403`);
  }
  t.equal(await snapshot(), before, 'nothing changed');
  t.equal(
    (await app.request({ url: URL, headers: { cookie: editor.cookie } })).body.includes('только для просмотра'),
    false,
    'an unscoped editor edits',
  );
});

t.test('the examples are compared on every price list: a fallback pick may change on one list only', async (t) => {
  // Kazakhstan does not sell ABS-AK-10F: the hood's absorber falls back to ABS-AK-10 there.
  await app.db.query(
    `DELETE FROM product_prices WHERE price_list = 'kz' AND product_id = (SELECT id FROM products WHERE sku = 'ABS-AK-10F')`,
  );
  t.teardown(() =>
    app.db.query(
      `INSERT INTO product_prices (product_id, price_list, amount) SELECT id, 'kz', 4420 FROM products WHERE sku = 'ABS-AK-10F'`,
    ),
  );
  // Another alternative: nothing changes where the first choice is sold, the pick changes on kz.
  const fields = { ...(await formOf(editor)), 'sku.good.absorber.hood': 'ABS-AK-10F ABS-AK-15' };
  const before = await snapshot();

  const preview = await staffPost(app, editor, URL, { ...fields, intent: 'preview' });
  t.equal(preview.statusCode, 200);
  t.match(pageText(preview.body), /kz, KZT/, 'the lists are named with their currency');
  const table = /<table class="staff-table" data-examples="changed">[\s\S]*?<\/table>/.exec(preview.body)?.[0] ?? '';
  t.ok(table, 'an example changes');
  const rowsOf = (list: string) =>
    [...table.matchAll(new RegExp(`<tr[^>]*data-list="${list}"[^>]*>[\\s\\S]*?</tr>`, 'g'))].map((m) => pageText(m[0]));
  t.ok(
    rowsOf('kz').some((r) => /ABS-AK-10 × \d+/.test(r) && /ABS-AK-15 × \d+/.test(r) && /→/.test(r)),
    'on kz: ABS-AK-10 becomes ABS-AK-15, the price moves',
  );
  t.ok(rowsOf('ru').length > 0, 'the same example on the default list is shown beside it');
  t.notOk(
    rowsOf('ru').some((r) => /→|станет/.test(r)),
    'and does not move there',
  );
  t.match(pageText(table), /седан целиком, «Хороший»/);

  const refused = await staffPost(app, editor, URL, { ...fields, intent: 'save' });
  t.equal(refused.statusCode, 409, 'not saved without the confirmation');
  t.equal(await snapshot(), before, 'nothing changed');

  const saved = await staffPost(app, editor, URL, { ...fields, intent: 'save', confirm: 'on', previewed: previewedOf(preview.body)! });
  t.equal(saved.statusCode, 303);
  const [row] = await app.db.query<{ after: Record<string, unknown> }>(
    `SELECT after FROM staff_audit WHERE action = 'calculator.update' AND entity_id = 'choices' ORDER BY id DESC LIMIT 1`,
  );
  t.match(row!.after.examplesChanged, [/\(kz\)$/], 'the audit names the list the examples changed on');
  const back = await saveConfirmed(editor, { ...(await formOf(editor)), 'sku.good.absorber.hood': 'ABS-AK-10F ABS-AK-10' });
  t.equal(back.statusCode, 303);
});
