/**
 * The products CSV of the back office (issue 21 item 3, decision 049): the export (formula-looking cells as text)
 * round-trips to an empty plan; a dry run lists every change and changes nothing; a good file creates and updates
 * products in one go, audited, and the storefront follows; a file with bad rows changes nothing and names every error
 * with its line; a bad header is named; a 50,000-row file streams through; a manager may not use it.
 */
import t from 'tap';
import { startTestApp } from './helpers/app.ts';
import { type StaffAgent, staffMember } from './helpers/staff.ts';

const app = await startTestApp(t);

/** The list page's upload form as a browser sends it: multipart, the token before the file, `apply` from its button. */
async function upload(agent: StaffAgent, csv: string, opts: { apply?: boolean; token?: string } = {}) {
  const form = new FormData();
  form.set('_token', opts.token ?? agent.token);
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  if (opts.apply) form.set('apply', 'on');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return app.request({
    method: 'POST',
    url: '/staff/products/import',
    payload: body,
    headers: { 'content-type': request.headers.get('content-type')!, cookie: agent.cookie },
  });
}

const productOf = async (sku: string) =>
  (
    await app.db.query<{ id: number; title: string; slug: string; active: boolean; attributes: Record<string, unknown> }>(
      'SELECT id, title, slug, is_active AS active, attributes FROM products WHERE sku = $1',
      [sku],
    )
  )[0];
const translationOf = async (sku: string, language: string) =>
  (
    await app.db.query<{ title: string; description: string }>(
      'SELECT t.title, t.description FROM product_translations t JOIN products p ON p.id = t.product_id WHERE p.sku = $1 AND t.language = $2',
      [sku, language],
    )
  )[0];
const countProducts = async () => (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM products'))[0]!.n;

t.test('export: the header, the demo products, formula-looking cells as text; the round trip changes nothing', async (t) => {
  const owner = await staffMember(app, 'owner');
  await app.db.query(`UPDATE products SET title = '=HYPERLINK("x")' WHERE sku = 'BAR-IZ-4'`);
  t.teardown(() => app.db.query(`UPDATE products SET title = 'Барьер ИЗ 4' WHERE sku = 'BAR-IZ-4'`));
  const res = await app.request({ url: '/staff/products.csv', headers: { cookie: owner.cookie } });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^text\/csv/);
  t.match(res.headers['content-disposition'], /attachment; filename="products-\d{4}-\d\d-\d\d\.csv"/);
  const body = res.body.replace(/^\uFEFF/, '');
  const header = body.split(/\r?\n/)[0];
  t.equal(
    header,
    'sku,slug,category,active,made_to_order,title,description,title_en,description_en,title_zh-CN,description_zh-CN,' +
      'title_tr,description_tr,title_kk,description_kk,title_ro,description_ro,title_uz,description_uz,title_ky,description_ky,attributes',
  );
  t.match(body, /\nVIB-STD-22,[a-z0-9-]+,vibroizolyaciya,1,0,/, 'a demo product with its category slug and flags');
  t.match(body, `"'=HYPERLINK(""x"")"`, 'a formula-looking title is written as text');
  t.equal(body.split('\nBAR-IZ-4,').length, 2, 'each product once');

  const roundTrip = await upload(owner, res.body);
  t.equal(roundTrip.statusCode, 200, 'the export imports as it is');
  t.match(roundTrip.body, /новых товаров: 0 · изменённых товаров: 0 · ошибок: 0/, 'an empty plan');
  t.notMatch(roundTrip.body, /Изменится/, 'nothing listed');
  const applied = await upload(owner, res.body, { apply: true });
  t.equal(applied.statusCode, 200);
  t.equal((await productOf('BAR-IZ-4'))!.title, '=HYPERLINK("x")', 'the formula guard is taken off on import');
});

t.test('a new product and a changed translation: the dry run lists both and changes nothing; applied, the shop follows', async (t) => {
  const owner = await staffMember(app, 'owner');
  const std = (await productOf('VIB-STD-22'))!;
  // The category page is cached: it shows the old title until the import clears the caches.
  const listingBefore = await app.request({ url: '/vibroizolyaciya' });
  t.match(listingBefore.body, std.title);
  const before = await countProducts();
  const csv = [
    'sku;category;title;title_en;description_en;active;attributes',
    `VIB-CSV-1;vibroizolyaciya;Вибро Импорт 1,5;Vibro Import 1.5;"A sheet,\nfor doors";1;"thickness_mm = 1.5\nmaterial = бутил"`,
    `VIB-STD-22;vibroizolyaciya;${std.title} (новая);Vibro Standard, renamed;;;`,
  ].join('\n');
  const dry = await upload(owner, csv);
  t.equal(dry.statusCode, 200);
  t.match(dry.body, /Строк: 2 · новых товаров: 1 · изменённых товаров: 1 · ошибок: 0 · пока ничего не изменено/);
  t.match(dry.body, /<td>новый товар<\/td><td>—<\/td><td>vibroizolyaciya\/vibro-import-1-5: Вибро Импорт 1,5<\/td>/);
  t.match(
    dry.body,
    /<td>VIB-STD-22<\/td><td>title_en<\/td><td>[^<]+<\/td><td>Vibro Standard, renamed<\/td>/,
    'the translation: before → after',
  );
  t.match(dry.body, /<td>VIB-STD-22<\/td><td>title<\/td>/, 'the Russian title');
  t.notMatch(dry.body, /<td>VIB-STD-22<\/td><td>active<\/td>/, 'an empty flag changes nothing');
  t.equal(await countProducts(), before, 'a dry run creates nothing');
  t.equal((await productOf('VIB-STD-22'))!.title, std.title, 'a dry run changes nothing');

  const applied = await upload(owner, csv, { apply: true });
  t.equal(applied.statusCode, 200);
  t.match(applied.body, /всё применено/);
  const created = (await productOf('VIB-CSV-1'))!;
  t.same([created.slug, created.active, created.attributes], ['vibro-import-1-5', true, { thickness_mm: 1.5, material: 'бутил' }]);
  t.same(await translationOf('VIB-CSV-1', 'en'), { title: 'Vibro Import 1.5', description: 'A sheet,\nfor doors' });
  t.equal((await translationOf('VIB-STD-22', 'en'))!.title, 'Vibro Standard, renamed');
  t.equal((await productOf('VIB-STD-22'))!.title, `${std.title} (новая)`);
  t.equal((await productOf('VIB-STD-22'))!.active, std.active, 'an empty flag left as it was');

  const listingAfter = await app.request({ url: '/vibroizolyaciya' });
  t.match(listingAfter.body, `${std.title} (новая)`, 'the cached listing follows (caches cleared)');
  const en = await app.request({ url: `/en/vibroizolyaciya/${std.slug}` });
  t.match(en.body, 'Vibro Standard, renamed', 'the English name on /en');
  // Priced on the main site's list (the prices CSV's job), the new product is on sale.
  await app.db.query(`INSERT INTO product_prices (product_id, price_list, amount) VALUES ($1, 'ru', 990)`, [created.id]);
  const page = await app.request({ url: '/vibroizolyaciya/vibro-import-1-5' });
  t.equal(page.statusCode, 200);
  t.match(page.body, 'Вибро Импорт 1,5');

  const [audit] = await app.db.query<{ staff_id: number; after: { rows: number; created: number; updated: number } }>(
    `SELECT staff_id, after FROM staff_audit WHERE action = 'product.import' ORDER BY id DESC LIMIT 1`,
  );
  t.equal(audit!.staff_id, owner.id, 'audited, naming the member');
  t.same([audit!.after.rows, audit!.after.created, audit!.after.updated], [2, 1, 1]);

  // A description without its name is named; emptying a translated name removes the translation with its description.
  const alone = await upload(
    owner,
    'sku,category,title,title_kk,description_kk\nVIB-CSV-1,vibroizolyaciya,"Вибро Импорт 1,5",,Сипаттама\n',
  );
  t.equal(alone.statusCode, 422);
  t.match(alone.body, /строка 2: description_kk: описание перевода без названия \(title_kk\) не сохранится/);
  const removed = await upload(owner, 'sku,category,title,title_en\nVIB-CSV-1,vibroizolyaciya,"Вибро Импорт 1,5",\n', { apply: true });
  t.equal(removed.statusCode, 200);
  t.match(removed.body, /<td>title_en<\/td><td>Vibro Import 1\.5<\/td><td>—<\/td>/);
  t.match(removed.body, /<td>description_en<\/td><td>A sheet,\nfor doors<\/td><td>—<\/td>/);
  t.notOk(await translationOf('VIB-CSV-1', 'en'), 'the translation is removed');
});

t.test('bad rows: nothing changes, every error named with its line; a bad header is named', async (t) => {
  const owner = await staffMember(app, 'owner');
  const std = (await productOf('VIB-STD-22'))!;
  const before = await countProducts();
  const csv = [
    'sku,category,title,slug',
    'VIB-OK-1,vibroizolyaciya,Годный товар,',
    'VIB-BAD-1,no-such-category,Товар,',
    'VIB-OK-1,vibroizolyaciya,Ещё раз,',
    'VIB-BAD-2,vibroizolyaciya,Нулевой\u0000байт,',
    `VIB-BAD-3,vibroizolyaciya,${'Д'.repeat(301)},`,
    `VIB-BAD-4,vibroizolyaciya,Чужой адрес,${std.slug}`,
    'VIB-STD-22,vibroizolyaciya,,',
  ].join('\n');
  const res = await upload(owner, csv, { apply: true });
  t.equal(res.statusCode, 422);
  t.match(res.body, /Файл не загружен: есть ошибки/);
  t.match(res.body, /строка 3: нет категории «no-such-category»/);
  t.match(res.body, /строка 4: артикул VIB-OK-1 повторяется \(уже в строке 2\)/);
  t.match(res.body, /строка 5: title: управляющие символы недопустимы/);
  t.match(res.body, /строка 6: title: длиннее 300 знаков/);
  t.match(res.body, new RegExp(`строка 7: адрес «${std.slug}» в категории «vibroizolyaciya» уже у товара VIB-STD-22`));
  t.match(res.body, /строка 8: title: название обязательно/);
  t.match(res.body, /ошибок: 6 · ничего не изменено/);
  t.equal(await countProducts(), before, 'not even the good row is created');
  t.notOk(await productOf('VIB-OK-1'));

  const header = await upload(owner, 'sku,title,colour\nVIB-STD-22,Товар,red\n');
  t.equal(header.statusCode, 422);
  t.match(header.body, /строка 1: неизвестная колонка «colour»/);
  t.match(header.body, /строка 1: нет колонки category/);
  const garbage = await upload(owner, 'sku,category,title\n"unterminated,x,y\n');
  t.equal(garbage.statusCode, 422, 'a malformed file is named, not a 500');
  t.match(garbage.body, /CSV не читается/);
  t.equal((await upload(owner, csv, { token: 'forged' })).statusCode, 403, 'the form token');
});

t.test('a manager (no catalogue area) may neither export nor import', async (t) => {
  const manager = await staffMember(app, 'manager');
  t.equal((await app.request({ url: '/staff/products.csv', headers: { cookie: manager.cookie } })).statusCode, 403);
  t.equal((await upload(manager, 'sku,category,title\nVIB-M-1,vibroizolyaciya,Товар\n', { apply: true })).statusCode, 403);
  t.notOk(await productOf('VIB-M-1'));
});

t.test('a 50,000-row file streams through and applies', async (t) => {
  const owner = await staffMember(app, 'owner');
  const rows = Array.from(
    { length: 50_000 },
    (_, i) => `BULK-${i + 1},vibroizolyaciya,Товар ${i + 1},Product ${i + 1},1,"thickness_mm = ${(i % 9) + 1}"`,
  );
  const csv = `sku,category,title,title_en,active,attributes\n${rows.join('\n')}\n`;
  t.ok(csv.length > 2 * 1024 * 1024, `the file (${Math.round(csv.length / 1024)} KB)`);
  const started = Date.now();
  const res = await upload(owner, csv, { apply: true });
  t.comment(`50,000 rows planned and applied in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  t.equal(res.statusCode, 200, 'accepted');
  t.match(res.body, /Строк: 50000 · новых товаров: 50000 · изменённых товаров: 0 · ошибок: 0 · всё применено/);
  const [{ n, translated }] = (await app.db.query<{ n: number; translated: number }>(
    `SELECT count(*)::int AS n, count(t.product_id)::int AS translated
       FROM products p LEFT JOIN product_translations t ON t.product_id = p.id AND t.language = 'en' WHERE p.sku LIKE 'BULK-%'`,
  )) as [{ n: number; translated: number }];
  t.same([n, translated], [50_000, 50_000], 'every row applied');
});
