/**
 * The calculator's rows in the back office (issue 21 item 5, decision 049): a content editor adds a body type as a copy
 * of another and the storefront's calculator counts it the same; renames a zone in Russian and names it in English;
 * adds a tier and a layer; removes a zone a ready kit uses only after seeing the kit move and confirming; edits the cars
 * list. What would leave the calculator broken is refused by name and changes nothing; hostile posts are 4xx, never a
 * 500; every save is audited; the page posted back unchanged changes nothing.
 */
import fc from 'fast-check';
import t from 'tap';
import { startTestApp } from './helpers/app.ts';
import { staffMember, staffPost } from './helpers/staff.ts';

const app = await startTestApp(t);
const editor = await staffMember(app, 'content');
const URL = '/staff/calculator/structure';

/** The page's form as a browser posts it: inputs, the selected option of each select, ticked checkboxes only. */
async function formOf(): Promise<Record<string, string>> {
  const res = await app.request({ url: URL, headers: { cookie: editor.cookie } });
  const form = /<form[^>]*action="\/staff\/calculator\/structure"[^>]*>[\s\S]*?<\/form>/.exec(res.body)![0];
  const fields: Record<string, string> = {};
  const attr = (attrs: string, name: string) => new RegExp(`(?:^| )${name}="([^"]*)"`).exec(attrs)?.[1];
  const decoded = (v: string) => v.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  for (const [, attrs] of form.matchAll(/<input ([^>]*)>/g)) {
    const name = attr(attrs!, 'name');
    if (!name || name === '_token') continue;
    if (attr(attrs!, 'type') === 'checkbox' && !/ checked=""/.test(attrs!)) continue;
    fields[name] = decoded(attr(attrs!, 'value') ?? '');
  }
  for (const [, attrs, options] of form.matchAll(/<select ([^>]*)>([\s\S]*?)<\/select>/g)) {
    const selected =
      /<option [^>]*value="([^"]*)"[^>]*selected=""/.exec(options!)?.[1] ?? /<option [^>]*value="([^"]*)"/.exec(options!)?.[1];
    fields[attr(attrs!, 'name')!] = decoded(selected ?? '');
  }
  return fields;
}

const versionOf = async () => (await formOf()).tablesVersion!;
const post = async (fields: Record<string, string>, intent: 'preview' | 'save' = 'save') =>
  staffPost(app, editor, URL, { tablesVersion: await versionOf(), ...fields, intent });
const previewedOf = (html: string) => /name="previewed" value="([^"]+)"/.exec(html)?.[1];
const pageText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0|\u202f/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
const priceOf = async (url: string) => /Цена ([\d\s]+₽)/.exec(pageText((await app.request({ url })).body))?.[1];

/** Every calculator table and the audit's count, to show that a refused change changed nothing. */
async function snapshot() {
  const tables = [
    'calc_bodies',
    'calc_zones',
    'calc_layers',
    'calc_tiers',
    'calc_cars',
    'calc_translations',
    'calc_areas',
    'calc_coverage',
    'calc_choices',
  ];
  const rows = await Promise.all(tables.map((table) => app.db.query(`SELECT * FROM ${table} ORDER BY 1, 2, 3`)));
  const [audit] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_audit WHERE action = 'calculator.update'`);
  return JSON.stringify({ rows, audit });
}

t.test('the page lists every row and car, and the tables page links to it', async (t) => {
  const res = await app.request({ url: URL, headers: { cookie: editor.cookie } });
  t.equal(res.statusCode, 200);
  const form = await formOf();
  t.equal(form['body.sedan.title'], 'Седан');
  t.equal(form['zone.door-skin.group'], 'doors');
  t.equal(form['zone.door-skin.defaultOn'], 'yes');
  t.equal(form['zone.roof.defaultOn'], 'no');
  t.equal(form['layer.vibration.category'], 'vibroizolyaciya');
  t.equal(form['tier.good.sort'], '2');
  t.equal(form['body.sedan.tr.en'], '', 'no translation in the database yet');
  t.ok(
    Object.keys(form).some((k) => /^car\.[a-z0-9-]+\.make$/.test(k)),
    'the cars',
  );
  t.notOk('tier.good.remove' in form, 'the default tier offers no removal');
  t.match((await app.request({ url: '/staff/calculator', headers: { cookie: editor.cookie } })).body, 'href="/staff/calculator/structure"');

  const again = await staffPost(app, editor, URL, { ...form, intent: 'save' });
  t.equal(again.headers.location, `${URL}?notice=calcUnchanged`, 'the page posted back as it is changes nothing');
});

t.test('a new body as a copy of another: the calculator counts it the same, offers it, audits it', async (t) => {
  const res = await post({ 'new-body.code': 'estate', 'new-body.title': 'Универсал длинный', 'new-body.copyFrom': 'wagon' });
  t.equal(res.statusCode, 303, 'a new row moves no example: saved at once');
  t.equal(res.headers.location, `${URL}?notice=calcSaved`);
  const [wagon, estate] = await Promise.all([
    app.db.query(`SELECT zone, area_m2::text AS a FROM calc_areas WHERE body = 'wagon' ORDER BY zone`),
    app.db.query(`SELECT zone, area_m2::text AS a FROM calc_areas WHERE body = 'estate' ORDER BY zone`),
  ]);
  t.same(estate, wagon, 'its areas are the copy');
  t.equal(estate.length, 11);
  t.same(await app.db.query(`SELECT sort FROM calc_bodies WHERE code = 'estate'`), [{ sort: 8 }], 'placed last');
  const page = (await app.request({ url: '/calc?body=estate&tier=good&zone=roof' })).body;
  t.match(page, /<option value="estate"[^>]*>Универсал длинный<\/option>/, 'the storefront offers it');
  t.equal(
    await priceOf('/calc?body=estate&tier=good&zone=roof'),
    await priceOf('/calc?body=wagon&tier=good&zone=roof'),
    'and counts it like the wagon',
  );

  const [audit] = await app.db.query<{ entity_id: string; before: unknown; after: Record<string, unknown> }>(
    `SELECT entity_id, before, after FROM staff_audit WHERE action = 'calculator.update' ORDER BY id DESC LIMIT 1`,
  );
  t.equal(audit!.entity_id, 'bodies');
  t.same(audit!.before, { estate: null });
  t.match(audit!.after, { estate: { title: 'Универсал длинный', copyFrom: 'wagon' } });

  const taken = await post({ 'new-body.code': 'estate', 'new-body.title': 'Другой' });
  t.equal(taken.statusCode, 422, 'a new row cannot take a code in use (it would rename that row)');
  t.match(pageText(taken.body), /Кузов «estate»: такой код уже есть/);
  t.match(taken.body, /name="new-body\.title"[^>]*value="Другой"/, 'the form keeps what was typed');
});

t.test('a zone renamed in Russian and named in English: both storefronts follow', async (t) => {
  const res = await post({ 'zone.roof.title': 'Крыша и стойки', 'zone.roof.tr.en': 'Roof and pillars' });
  t.equal(res.statusCode, 303);
  t.match((await app.request({ url: '/calc' })).body, '<span>Крыша и стойки</span>', "the Russian page shows the editor's title");
  t.match((await app.request({ url: '/en/calc' })).body, '<span>Roof and pillars</span>', 'the English page its translation');
  t.same(await app.db.query(`SELECT language, title FROM calc_translations WHERE kind = 'zone' AND code = 'roof'`), [
    { language: 'en', title: 'Roof and pillars' },
  ]);

  t.equal((await post({ 'zone.roof.tr.en': '' })).statusCode, 303, 'an emptied translation');
  t.same(await app.db.query(`SELECT 1 FROM calc_translations WHERE kind = 'zone' AND code = 'roof'`), [], 'is removed');
  t.match((await app.request({ url: '/en/calc' })).body, '<span>Roof</span>', "and the locale's name is back");
});

t.test('a new tier copied from another and a new layer: counted, then removable', async (t) => {
  const res = await post({
    'new-tier.code': 'premium',
    'new-tier.title': 'Премиум',
    'new-tier.copyFrom': 'max',
    'new-layer.code': 'sealant',
    'new-layer.title': 'Герметик',
    'new-layer.category': 'antiskrip',
  });
  t.equal(res.statusCode, 303);
  t.equal(
    await priceOf('/calc?body=sedan&tier=premium&zone=floor'),
    await priceOf('/calc?body=sedan&tier=max&zone=floor'),
    'the copied tier counts like the one it came from',
  );
  t.same(await app.db.query(`SELECT category_slug FROM calc_layers WHERE code = 'sealant'`), [{ category_slug: 'antiskrip' }]);
  t.match((await formOf())['layer.sealant.category'], 'antiskrip', 'the new layer is on the page');

  const removed = await post({ 'tier.premium.remove': 'on', 'layer.sealant.remove': 'on' });
  t.equal(removed.statusCode, 303, 'a row no example uses goes without confirmation');
  t.same(
    await app.db.query(`SELECT 1 FROM calc_coverage WHERE tier = 'premium' UNION ALL SELECT 1 FROM calc_choices WHERE tier = 'premium'`),
    [],
    'with its figures',
  );
  t.same(await app.db.query(`SELECT 1 FROM calc_layers WHERE code = 'sealant'`), []);
});

t.test('removing a zone a ready kit uses: the kit shown moving, refused unconfirmed, kept confirmed', async (t) => {
  await app.db.query(`INSERT INTO calc_translations (kind, code, language, title) VALUES ('zone', 'door-trim', 'en', 'Door cards')`);
  const before = await snapshot();
  const fields = { 'zone.door-trim.remove': 'on' };
  const preview = await post(fields, 'preview');
  t.equal(preview.statusCode, 200);
  const changed = pageText(/<table class="staff-table" data-examples="changed">[\s\S]*?<\/table>/.exec(preview.body)?.[0] ?? '');
  t.match(changed, /Готовый комплект/, 'the doors kit is named');
  t.match(changed, /Пример: седан, двери ×4, «Хороший»/, "and domain.md's worked example");
  t.match(preview.body, /name="zone\.door-trim\.remove"[^>]*checked=""/, 'the form keeps the ticked removal');

  const refused = await post(fields);
  t.equal(refused.statusCode, 409, 'not without the confirmation');
  t.equal(await snapshot(), before, 'nothing changed');

  const saved = await post({ ...fields, confirm: 'on', previewed: previewedOf(preview.body)! });
  t.equal(saved.statusCode, 303);
  for (const table of ['calc_areas', 'calc_coverage', 'calc_choices'])
    t.same(await app.db.query(`SELECT 1 FROM ${table} WHERE zone = 'door-trim'`), [], `${table}: its rows went with it`);
  t.same(await app.db.query(`SELECT 1 FROM calc_translations WHERE code = 'door-trim'`), [], 'and its translation');
  t.notMatch((await app.request({ url: '/calc' })).body, /value="door-trim"/, 'the storefront no longer offers it');
  const [audit] = await app.db.query<{ before: unknown; after: Record<string, unknown> }>(
    `SELECT before, after FROM staff_audit WHERE action = 'calculator.update' AND entity_id = 'zones' ORDER BY id DESC LIMIT 1`,
  );
  t.match(audit!.before, { 'door-trim': { title: 'Обшивки дверей ×4' } });
  t.match(audit!.after.examplesChanged, [/Готовый комплект/], 'the audit names the examples the editor accepted to change');
});

t.test('cars: added with a body, moved to another, removed; a body cars imply cannot go', async (t) => {
  const add = await post({ 'new-car.make': 'Москвич', 'new-car.model': '3', 'new-car.body': 'estate' });
  t.equal(add.statusCode, 303);
  t.same(
    await app.db.query(`SELECT slug, body FROM calc_cars WHERE make = 'Москвич' AND model = '3'`),
    [{ slug: 'moskvich-3', body: 'estate' }],
    'the address from make and model',
  );
  t.match((await app.request({ url: '/calc?car=moskvich-3' })).body, 'Москвич 3', 'the storefront finds it');

  const before = await snapshot();
  const refused = await post({ 'body.estate.remove': 'on' });
  t.equal(refused.statusCode, 422);
  t.match(pageText(refused.body), /Машина «Москвич 3»: кузова «estate» не останется/);
  t.equal(await snapshot(), before, 'nothing changed');

  t.equal((await post({ 'car.moskvich-3.body': 'wagon', 'body.estate.remove': 'on' })).statusCode, 303, 'the car moved, the body goes');
  t.same(await app.db.query(`SELECT body FROM calc_cars WHERE slug = 'moskvich-3'`), [{ body: 'wagon' }]);
  t.same(await app.db.query(`SELECT 1 FROM calc_areas WHERE body = 'estate'`), []);
  t.equal((await post({ 'car.moskvich-3.remove': 'on' })).statusCode, 303);
  t.same(await app.db.query(`SELECT 1 FROM calc_cars WHERE slug = 'moskvich-3'`), []);
});

t.test('what would break the calculator is refused by name and changes nothing', async (t) => {
  const before = await snapshot();
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ 'tier.good.remove': 'on' }, /Уровень «good»: он открывается по умолчанию/],
    [
      Object.fromEntries(['vibration', 'absorber', 'barrier', 'antisqueak'].map((l) => [`layer.${l}.remove`, 'on'])),
      /Слой: последний удалить нельзя/,
    ],
    [{ 'new-zone.code': 'spoiler', 'new-zone.title': 'Спойлер' }, /Зона «spoiler»: группа/],
    [{ 'new-layer.code': 'foam', 'new-layer.title': 'Пена' }, /Слой «foam»: выберите категорию/],
    [{ 'new-layer.code': 'foam', 'new-layer.title': 'Пена', 'new-layer.category': 'no-such' }, /категории «no-such» нет/],
    [{ 'new-tier.code': 'gold', 'new-tier.title': '' }, /Уровень «gold»: название от 1 до 100/],
    [{ 'new-tier.code': 'gold', 'new-tier.title': 'Золото', 'new-tier.copyFrom': 'platinum' }, /копировать не из чего/],
    [{ 'body.sedan.title': '   ' }, /Кузов «sedan»: название от 1 до 100/],
    [{ 'new-car.make': 'Москвич', 'new-car.model': '6' }, /Машина «moskvich-6»: выберите кузов/],
    [{ 'car.no-such-car.remove': 'on' }, /Машина «no-such-car»: такой нет/],
  ];
  for (const [fields, message] of cases) {
    const res = await post(fields);
    t.equal(res.statusCode, 422, JSON.stringify(fields));
    t.match(pageText(res.body), message);
  }
  t.equal(await snapshot(), before, 'nothing changed');
});

t.test('hostile posts: named 4xx, never a 500, nothing changed', async (t) => {
  const before = await snapshot();
  for (const [fields, status] of [
    [{ 'body.sedan.title': 'Седан\u0000' }, 400],
    [{ 'body.sedan.sort': '-1' }, 400],
    [{ 'body.sedan.sort': '1e3' }, 400],
    [{ 'zone.roof.defaultOn': 'maybe' }, 400],
    [{ 'body.Sedan.title': 'x' }, 400],
    [{ 'body.sedan.tr.xx': 'x' }, 400],
    [{ 'new-body.code': 'Кузов', 'new-body.title': 'x' }, 400],
    [{ 'body.sedan.drop': 'x' }, 400],
    [{ 'car.a.b.c': 'x' }, 400],
  ] as Array<[Record<string, string>, number]>) {
    const res = await post(fields);
    t.equal(res.statusCode, status, JSON.stringify(fields));
  }
  const stale = await staffPost(app, editor, URL, { tablesVersion: 'f'.repeat(64), 'body.sedan.title': 'Седан 2', intent: 'save' });
  t.equal(stale.statusCode, 409, 'a form from other tables is refused');

  const key = fc.oneof(
    fc.constantFrom(
      'body.sedan.title',
      'zone.roof.group',
      'tier.max.sort',
      'new-zone.code',
      'new-car.make',
      'car.x.body',
      'layer.barrier.category',
    ),
    fc.string({ maxLength: 40 }),
  );
  const value = fc.oneof(
    fc.string({ maxLength: 120 }),
    fc.constantFrom('', 'on', 'yes', '0', '99999', 'a'.repeat(300), '\u202e', 'x\u0000'),
  );
  const version = await versionOf();
  await fc.assert(
    fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 6 }), async (fields) => {
      const res = await staffPost(app, editor, URL, { ...fields, tablesVersion: version, intent: 'preview' });
      return res.statusCode < 500;
    }),
    { numRuns: 150 },
  );
  t.equal(await snapshot(), before, 'previews and refusals changed nothing');
});

t.test('a member with a site scope sees the rows and may not change them', async (t) => {
  const scoped = await staffMember(app, 'owner', ['kz']);
  const res = await app.request({ url: URL, headers: { cookie: scoped.cookie } });
  t.equal(res.statusCode, 200);
  t.match(res.body, 'data-read-only=""');
  t.notMatch(res.body, 'name="new-body.code"');
  const refused = await staffPost(
    app,
    scoped,
    URL,
    { tablesVersion: await versionOf(), 'body.sedan.title': 'Седан!', intent: 'save' },
    scoped.token,
  );
  t.equal(refused.statusCode, 403);
});
