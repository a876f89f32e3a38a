/**
 * The products CSV of the back office (issue 21 item 3, decision 049): the export (formula-looking cells as text)
 * round-trips to an empty plan; a dry run lists every change and changes nothing; a good file creates and updates
 * products in one go, audited, and the storefront follows; a file with bad rows changes nothing and names every error
 * with its line; a bad header is named; a 50,000-row file streams through; a manager may not use it. What a plan holds
 * is bounded (rows read, errors kept, changes listed) whatever is uploaded; a plan whose products a colleague changed
 * before it was applied is refused whole (409), and an update writes only the file's columns.
 */
import { Readable } from 'node:stream';
import t from 'tap';
import {
  CSV_MAX_CHANGES_LISTED,
  CSV_MAX_ERRORS,
  CSV_MAX_ROWS,
  type CsvRecord,
  omittedErrorsNote,
  planCsvStream,
} from '../server/catalog/csv-import.ts';
import { applyProductImport, PRODUCTS_CHANGED, type ProductImportPlan, planProductImport } from '../server/catalog/product-csv.ts';
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

/** A products CSV planned as the import route plans an upload, without HTTP: to act between the plan and its apply. */
const planOf = (csv: string | Readable) =>
  planCsvStream(
    typeof csv === 'string' ? Readable.from([Buffer.from(csv)]) : csv,
    (rows: AsyncIterable<CsvRecord>, header) => planProductImport(app.db, rows, header),
    (error): ProductImportPlan => ({
      rows: 0,
      errors: [error],
      errorsOmitted: 0,
      columns: [],
      create: [],
      update: [],
      changes: [],
      changesOmitted: 0,
    }),
  );

/** A colleague's save in the product editor: the product as stored, with `change` on top. */
async function colleagueSaves(sku: string, change: Record<string, unknown>) {
  const id = (await productOf(sku))!.id;
  const draft = (await app.services.productDesk.find(id))!;
  const saved = await app.services.productDesk.save({ ...draft, ...change }, { id: null, email: 'colleague@staff.example' });
  if (!saved.ok) throw new Error(saved.error);
}

/** A 20 MB upload of empty rows (`,,`): millions of rows, each with several errors. */
const EMPTY_ROWS = 6_900_000;
const emptyRowsCsv = () => `sku,category,title\n${',,\n'.repeat(EMPTY_ROWS)}`;

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

t.test('a colleague saves a product between the plan and its apply: refused whole (409), the colleague’s change kept', async (t) => {
  const owner = await staffMember(app, 'owner');
  const actor = { id: owner.id, email: owner.email };
  const seed =
    'sku,category,title,description,title_en\nSTALE-1,vibroizolyaciya,Старое 1,Описание 1,Old 1\nSTALE-2,vibroizolyaciya,Старое 2,Описание 2,\n';
  t.equal((await upload(owner, seed, { apply: true })).statusCode, 200);

  // A plan (what the route reads before its transaction), then a colleague's save of one of its products.
  const csv = 'sku,category,title\nSTALE-1,vibroizolyaciya,Новое 1\nSTALE-2,vibroizolyaciya,Новое 2\nSTALE-NEW,vibroizolyaciya,Новый\n';
  const plan = await planOf(csv);
  t.same([plan.errors, plan.update.length, plan.create.length], [[], 2, 1], 'two updates and a new product planned');
  await colleagueSaves('STALE-1', { title: 'Коллега 1' });
  t.equal(await applyProductImport(app.db, plan, actor), 'stale', 'refused');
  t.equal((await productOf('STALE-1'))!.title, 'Коллега 1', 'the colleague’s title kept');
  t.equal((await productOf('STALE-2'))!.title, 'Старое 2', 'nothing of the file written');
  t.notOk(await productOf('STALE-NEW'), 'not even its new product');

  // A planned-new SKU created meanwhile, an address taken meanwhile (a unique violation), a category gone (a
  // foreign-key one): each refuses the import rather than failing with a 500.
  const fresh = await planOf('sku,category,title,slug\nSTALE-NEW,vibroizolyaciya,Новый,stale-new\n');
  t.same(fresh.errors, []);
  await app.services.productDesk.save(
    {
      sku: 'STALE-NEW',
      slug: 'stale-new-x',
      categoryId: (await app.services.productDesk.categories()).find((c) => c.slug === 'vibroizolyaciya')!.id,
      title: 'Коллега',
      description: '',
      active: true,
      madeToOrder: false,
      attributes: {},
      translations: {},
    },
    actor,
  );
  t.equal(await applyProductImport(app.db, fresh, actor), 'stale', 'a planned-new SKU that exists now');
  const taken = await planOf('sku,category,title,slug\nSTALE-ADDR,vibroizolyaciya,Адрес,stale-address\n');
  t.same(taken.errors, []);
  await app.db.query(
    `INSERT INTO products (sku, slug, category_id, title) SELECT 'STALE-OTHER', 'stale-address', id, 'Другой' FROM categories WHERE slug = 'vibroizolyaciya'`,
  );
  t.equal(await applyProductImport(app.db, taken, actor), 'stale', 'an address taken meanwhile (23505)');
  t.notOk(await productOf('STALE-ADDR'));
  await app.db.query(`INSERT INTO categories (id, slug, title) VALUES (9001, 'stale-gone', 'Исчезнет')`);
  const gone = await planOf('sku,category,title\nSTALE-GONE,stale-gone,Без категории\n');
  t.same(gone.errors, []);
  await app.db.query('DELETE FROM categories WHERE id = 9001');
  t.equal(await applyProductImport(app.db, gone, actor), 'stale', 'a category gone meanwhile');
  t.notOk(await productOf('STALE-GONE'));

  // Through the route: the colleague's save lands while the upload is being planned → a 409 page, nothing written.
  const db = app.services.db;
  const query = db.query;
  t.teardown(() => {
    db.query = query;
  });
  db.query = (async (sql: string, params?: unknown[]) => {
    const rows = await query(sql, params);
    if (/FROM products p JOIN categories c/.test(sql)) {
      db.query = query;
      await colleagueSaves('STALE-2', { title: 'Коллега 2' });
    }
    return rows;
  }) as typeof db.query;
  const res = await upload(owner, 'sku,category,title\nSTALE-2,vibroizolyaciya,Новое 2\n', { apply: true });
  t.equal(db.query, query, 'the colleague saved during the upload');
  t.equal(res.statusCode, 409);
  t.match(res.body, PRODUCTS_CHANGED);
  t.match(res.body, /ничего не изменено/);
  t.equal((await productOf('STALE-2'))!.title, 'Коллега 2', 'the colleague’s title kept');
});

t.test('an update writes only the file’s columns: a colleague’s description stays when the file has no description', async (t) => {
  const owner = await staffMember(app, 'owner');
  const actor = { id: owner.id, email: owner.email };
  const seed = 'sku,category,title,description,title_en,description_en\nCOLS-1,vibroizolyaciya,Колонки,Описание,Columns,English\n';
  t.equal((await upload(owner, seed, { apply: true })).statusCode, 200);
  const plan = await planOf('sku,category,title,title_en\nCOLS-1,vibroizolyaciya,Колонки (новое),Columns (new)\n');
  t.same([plan.errors, plan.update.length], [[], 1]);
  // The colleague changes what the file does not name (the Russian description) — not what the plan relies on.
  await app.db.query(`UPDATE products SET description = 'Описание коллеги' WHERE sku = 'COLS-1'`);
  t.equal(await applyProductImport(app.db, plan, actor), 'applied');
  const [row] = await app.db.query<{ title: string; description: string }>(`SELECT title, description FROM products WHERE sku = 'COLS-1'`);
  t.same(row, { title: 'Колонки (новое)', description: 'Описание коллеги' }, 'the title written, the description untouched');
  t.same(await translationOf('COLS-1', 'en'), { title: 'Columns (new)', description: 'English' }, 'the translation’s description kept');

  // Through the route, a file without description leaves every description as it is.
  await app.db.query(`UPDATE products SET description = 'Ещё описание' WHERE sku = 'COLS-1'`);
  const res = await upload(owner, 'sku,category,title\nCOLS-1,vibroizolyaciya,Колонки (снова)\n', { apply: true });
  t.equal(res.statusCode, 200);
  const [again] = await app.db.query<{ title: string; description: string }>(
    `SELECT title, description FROM products WHERE sku = 'COLS-1'`,
  );
  t.same(again, { title: 'Колонки (снова)', description: 'Ещё описание' });
});

t.test('a 20 MB file of empty rows: read up to the row cap, errors kept up to their cap and counted, the rest drained', async (t) => {
  const owner = await staffMember(app, 'owner');
  const csv = emptyRowsCsv();
  t.ok(csv.length > 19 * 1024 * 1024 && csv.length < 20 * 1024 * 1024, `the file (${Math.round(csv.length / 1024)} KB)`);
  const file = Readable.from([Buffer.from(csv)]);
  const plan = await planOf(file);
  t.ok(file.readableEnded, 'the upload is read to its end');
  t.equal(plan.rows, CSV_MAX_ROWS, 'rows past the cap are not planned');
  t.equal(plan.errors.length, CSV_MAX_ERRORS, 'errors kept up to their cap');
  t.same(plan.errors[0], { line: CSV_MAX_ROWS + 2, message: plan.errors[0]!.message });
  t.match(plan.errors[0]!.message, `в файле больше ${CSV_MAX_ROWS} строк`, 'the file-level error first, at the line it stopped');
  // Three errors a row (no SKU, no title, no category), and the file's.
  t.equal(plan.errorsOmitted, CSV_MAX_ROWS * 3 + 1 - CSV_MAX_ERRORS, 'the rest counted');
  t.equal(omittedErrorsNote(plan), `и ещё ${CSV_MAX_ROWS * 3 + 1 - CSV_MAX_ERRORS} ошибка`);

  const started = Date.now();
  const res = await upload(owner, csv, { apply: true });
  t.comment(`answered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  t.equal(res.statusCode, 422);
  t.match(res.body, `строка ${CSV_MAX_ROWS + 2}: в файле больше ${CSV_MAX_ROWS} строк`);
  t.match(res.body, `ошибок: ${CSV_MAX_ROWS * 3 + 1}`, 'the page counts every error, not only those kept');
  t.match(res.body, `…и ещё ${CSV_MAX_ROWS * 3 + 1 - 500}.`, 'and says how many it does not list');
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

  // Changed again: the plan lists the first changes only, counts the rest, and applies every one.
  const renamed = csv.replace(/,Товар (\d+),/g, ',Товар $1 (новое),');
  const plan = await planOf(renamed);
  t.same([plan.errors.length, plan.update.length], [0, 50_000]);
  t.equal(plan.changes.length, CSV_MAX_CHANGES_LISTED, 'changes listed up to their cap');
  t.equal(plan.changesOmitted, 50_000 - CSV_MAX_CHANGES_LISTED, 'the rest counted');
  t.equal(await applyProductImport(app.db, plan, { id: owner.id, email: owner.email }), 'applied');
  const [{ changed }] = (await app.db.query<{ changed: number }>(
    `SELECT count(*)::int AS changed FROM products WHERE sku LIKE 'BULK-%' AND title LIKE '% (новое)'`,
  )) as [{ changed: number }];
  t.equal(changed, 50_000, 'every change applied');
});
