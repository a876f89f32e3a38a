/**
 * The prices-and-stock CSV of the back office (issue 21 item 3, decision 049): the export round-trips (and writes
 * formula-looking cells as text); a dry run lists every change and changes nothing; a file with bad rows changes
 * nothing and names every error with its line; a good file applies all of it in one go, with the stock movements; a
 * 50,000-row file streams through within the request limits; what a plan holds is bounded (rows read, errors kept,
 * changes listed) whatever is uploaded, and every change is applied all the same.
 */
import { Readable } from 'node:stream';
import t from 'tap';
import { CSV_MAX_CHANGES_LISTED, CSV_MAX_ERRORS, CSV_MAX_ROWS, omittedErrorsNote, planCsvStream } from '../server/catalog/csv-import.ts';
import { applyImport, type ImportPlan, planImport } from '../server/catalog/merchandise.ts';
import { startTestApp } from './helpers/app.ts';
import { type StaffAgent, staffMember } from './helpers/staff.ts';

const app = await startTestApp(t);

/** The page's upload form as a browser sends it: multipart, the token and the dry-run box before the file. */
async function upload(agent: StaffAgent, csv: string, opts: { dryRun?: boolean; token?: string } = {}) {
  const form = new FormData();
  form.set('_token', opts.token ?? agent.token);
  if (opts.dryRun) form.set('dryRun', 'on');
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'prices.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return app.request({
    method: 'POST',
    url: '/staff/stock/import',
    payload: body,
    headers: { 'content-type': request.headers.get('content-type')!, cookie: agent.cookie },
  });
}

const stockOf = async (sku: string) =>
  (await app.db.query<{ stock: number }>('SELECT stock FROM products WHERE sku = $1', [sku]))[0]!.stock;
/** A prices-and-stock CSV planned as the import route plans an upload (a member of every site), without HTTP. */
const planOf = (file: Readable) =>
  planCsvStream(
    file,
    (rows, header) => planImport(app.db, rows, header, null),
    (error): ImportPlan => ({ rows: 0, errors: [error], errorsOmitted: 0, stock: [], prices: [], changes: [], changesOmitted: 0 }),
  );

const priceOf = async (sku: string, list: string) =>
  (
    await app.db.query<{ amount: number }>(
      'SELECT pp.amount::float8 AS amount FROM product_prices pp JOIN products p ON p.id = pp.product_id WHERE p.sku = $1 AND pp.price_list = $2',
      [sku, list],
    )
  )[0]?.amount ?? null;

t.test('export, dry run, bad rows, apply', async (t) => {
  const manager = await staffMember(app, 'manager');
  await app.db.query(`UPDATE products SET title = '=HYPERLINK("x")' WHERE sku = 'BAR-IZ-4'`);
  const exported = await app.request({ url: '/staff/stock.csv', headers: { cookie: manager.cookie } });
  t.equal(exported.statusCode, 200);
  const lines = exported.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  t.match(lines[0], /^sku,title,stock_was,stock,price_kg,price_kz,price_md,price_ru,price_uz$/);
  t.ok(
    lines.some((l) => l.includes(`"'=HYPERLINK(""x"")"`)),
    'a formula-looking title is written as text',
  );

  const stockBefore = await stockOf('VIB-STD-22');
  const csv = `sku;stock;price_ru\nVIB-STD-22;${stockBefore + 5};1 234,00\nBAR-IZ-4;;\n`;
  const dry = await upload(manager, csv, { dryRun: true });
  t.equal(dry.statusCode, 200);
  t.match(dry.body, /изменений остатков: 1 · изменений цен: 2/, 'what would change');
  t.equal(await stockOf('VIB-STD-22'), stockBefore, 'a dry run changes nothing');

  const bad = await upload(manager, `sku,stock,price_ru\nVIB-STD-22,7,100\nNO-SUCH,1,1\nBAR-IZ-4,-3,abc\nVIB-STD-22,1,1\n`);
  t.equal(bad.statusCode, 422);
  t.match(bad.body, /строка 3: нет товара с артикулом NO-SUCH/);
  t.match(bad.body, /строка 4: остаток «-3»/);
  t.match(bad.body, /строка 4: price_ru «abc»/);
  t.match(bad.body, /строка 5: артикул VIB-STD-22 повторяется/);
  t.equal(await stockOf('VIB-STD-22'), stockBefore, 'a file with errors changes nothing, not even its good rows');
  const header = await upload(manager, 'sku,colour\nVIB-STD-22,red\n');
  t.match(header.body, /неизвестная колонка «colour»/);
  const kazakh = await staffMember(app, 'manager', ['kz']);
  t.match((await upload(kazakh, 'sku,price_ru\nVIB-STD-22,1\n')).body, /прайс-лист ru не входит в ваши сайты/);
  t.equal((await upload(manager, csv, { token: 'forged' })).statusCode, 403, 'the form token');

  const applied = await upload(manager, csv);
  t.equal(applied.statusCode, 200);
  t.match(applied.body, /всё применено/);
  t.equal(await stockOf('VIB-STD-22'), stockBefore + 5);
  t.equal(await priceOf('VIB-STD-22', 'ru'), 1234);
  t.equal(await priceOf('BAR-IZ-4', 'ru'), null, 'an empty price: not sold on that list');
  const [movement] = await app.db.query<{ reason: string; staff_id: number }>(
    `SELECT reason, staff_id FROM stock_movements m JOIN products p ON p.id = m.product_id WHERE p.sku = 'VIB-STD-22' ORDER BY m.id DESC LIMIT 1`,
  );
  t.same(movement, { reason: 'import', staff_id: manager.id });
  const [audit] = await app.db.query<{ after: { stockChanges: number; priceChanges: number } }>(
    `SELECT after FROM staff_audit WHERE action = 'stock.import' ORDER BY id DESC LIMIT 1`,
  );
  t.same([audit!.after.stockChanges, audit!.after.priceChanges], [1, 2]);
  // A round trip after a sale: the untouched row leaves the new stock alone; a changed count over it is refused.
  const now = await stockOf('VIB-STD-22');
  const roundTrip = await upload(manager, `sku,stock_was,stock\nVIB-STD-22,${now - 3},${now - 3}\n`);
  t.equal(roundTrip.statusCode, 200);
  t.equal(await stockOf('VIB-STD-22'), now, 'an unchanged count never undoes what happened since the export');
  const stale = await upload(manager, `sku,stock_was,stock\nVIB-STD-22,${now - 3},100\n`);
  t.equal(stale.statusCode, 422);
  t.match(stale.body, /изменился после выгрузки/);
  // A bad header on a large file is answered at once (the rest of the upload is drained, not left hanging).
  const big = await upload(manager, `sku,colour\n${'VIB-STD-22,red\n'.repeat(200_000)}`);
  t.equal(big.statusCode, 422);
  t.match(big.body, /неизвестная колонка/);
  const garbage = await upload(manager, 'sku,stock\n"unterminated,1\n');
  t.equal(garbage.statusCode, 422, 'a malformed file is named, not a 500');
  t.match(garbage.body, /CSV не читается/);
});

t.test('a 20 MB file of empty rows: read up to the row cap, errors kept up to their cap and counted, the rest drained', async (t) => {
  const manager = await staffMember(app, 'manager');
  const csv = `sku,stock,price_ru\n${',,\n'.repeat(6_900_000)}`;
  t.ok(csv.length > 19 * 1024 * 1024 && csv.length < 20 * 1024 * 1024, `the file (${Math.round(csv.length / 1024)} KB)`);
  const file = Readable.from([Buffer.from(csv)]);
  const plan = await planOf(file);
  t.ok(file.readableEnded, 'the upload is read to its end');
  t.equal(plan.rows, CSV_MAX_ROWS, 'rows past the cap are not planned');
  t.equal(plan.errors.length, CSV_MAX_ERRORS, 'errors kept up to their cap');
  t.equal(plan.errors[0]!.line, CSV_MAX_ROWS + 2);
  t.match(plan.errors[0]!.message, `в файле больше ${CSV_MAX_ROWS} строк`, 'the file-level error first, at the line it stopped');
  t.same(plan.errors[1], { line: 2, message: 'пустой артикул' });
  // One error a row (no SKU), and the file's.
  t.equal(plan.errorsOmitted, CSV_MAX_ROWS + 1 - CSV_MAX_ERRORS, 'the rest counted');
  t.equal(omittedErrorsNote(plan), `и ещё ${CSV_MAX_ROWS + 1 - CSV_MAX_ERRORS} ошибка`);

  const res = await upload(manager, csv);
  t.equal(res.statusCode, 422);
  t.match(res.body, `строка ${CSV_MAX_ROWS + 2}: в файле больше ${CSV_MAX_ROWS} строк`);
});

t.test('a 50,000-row file streams through within the request limits', async (t) => {
  const manager = await staffMember(app, 'manager');
  const [category] = await app.db.query<{ id: number }>('SELECT id FROM categories ORDER BY id LIMIT 1');
  await app.db.query(
    `INSERT INTO products (sku, slug, category_id, title, stock, made_to_order)
     SELECT 'BULK-' || i, 'bulk-' || i, $1, 'Товар ' || i, 0, false FROM generate_series(1, 50000) AS i`,
    [category!.id],
  );
  const rows = Array.from({ length: 50_000 }, (_, i) => `BULK-${i + 1},${(i % 90) + 1},${100 + (i % 7)}.50`);
  const csv = `sku,stock,price_kz\n${rows.join('\n')}\n`;
  t.ok(csv.length > 64 * 1024, `the file (${Math.round(csv.length / 1024)} KB) is far over the app's JSON body limit`);
  const res = await upload(manager, csv);
  t.equal(res.statusCode, 200, 'accepted');
  t.match(res.body, /Строк: 50000 · изменений остатков: 50000 · изменений цен: 50000 · ошибок: 0/);
  const [{ stocked, priced }] = (await app.db.query<{ stocked: number; priced: number }>(
    `SELECT count(*) FILTER (WHERE p.stock > 0)::int AS stocked, count(pp.amount)::int AS priced
       FROM products p LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.price_list = 'kz' WHERE p.sku LIKE 'BULK-%'`,
  )) as [{ stocked: number; priced: number }];
  t.same([stocked, priced], [50_000, 50_000], 'every row applied');

  // Changed again: the plan lists the first changes only, counts the rest, and applies every one.
  const again = `sku,stock,price_kz\n${Array.from({ length: 50_000 }, (_, i) => `BULK-${i + 1},${(i % 90) + 101},99.00`).join('\n')}\n`;
  const plan = await planOf(Readable.from([Buffer.from(again)]));
  t.same([plan.errors.length, plan.stock.length, plan.prices.length], [0, 50_000, 50_000]);
  t.equal(plan.changes.length, CSV_MAX_CHANGES_LISTED, 'changes listed up to their cap');
  t.equal(plan.changesOmitted, 100_000 - CSV_MAX_CHANGES_LISTED, 'the rest counted');
  await applyImport(app.db, plan, { id: manager.id, email: manager.email });
  const [{ restocked, repriced }] = (await app.db.query<{ restocked: number; repriced: number }>(
    `SELECT count(*) FILTER (WHERE p.stock > 100)::int AS restocked, count(*) FILTER (WHERE pp.amount = 99)::int AS repriced
       FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.price_list = 'kz' WHERE p.sku LIKE 'BULK-%'`,
  )) as [{ restocked: number; repriced: number }];
  t.same([restocked, repriced], [50_000, 50_000], 'every change applied');
});
