/**
 * The back office's categories and kits (issue 21 item 3, decision 049): owners create and rename categories (with a
 * title per language) and edit kits' lines and discount through CategoryDesk and KitDesk; the storefront's cached
 * category menu and the kit page show the change at once in this process; bad input is refused by name with nothing
 * changed; every save leaves an audit row; other roles are refused.
 */
import t from 'tap';
import { kitPrice } from '../shared/cart.ts';
import { startTestApp } from './helpers/app.ts';
import { staffMember, staffPost } from './helpers/staff.ts';

const app = await startTestApp(t);
const owner = await staffMember(app, 'owner');

const count = async (sql: string, params: unknown[] = []) => (await app.db.query<{ n: number }>(sql, params))[0]!.n;
const idFrom = (location: unknown) => Number(/\/(\d+)\?notice=/.exec(String(location))?.[1]);
const auditOf = (entity: string, id: number) =>
  app.db.query<{ action: string; staff_email: string; before: { title?: string } | null; after: Record<string, unknown> }>(
    'SELECT action, staff_email, before, after FROM staff_audit WHERE entity = $1 AND entity_id = $2 ORDER BY id',
    [entity, String(id)],
  );
/** The `<h1>` of a storefront page. */
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

t.test('categories: created, renamed and translated; the cached menu follows at once', async (t) => {
  // The shell (with the category menu) is cached for the shell's lifetime (30 s): warm it in both languages.
  const before = await app.request({ url: '/' });
  t.notMatch(before.body, 'Тестовые коврики', 'not in the menu yet');
  t.notMatch((await app.request({ url: '/en' })).body, 'Test mats');

  const list = await app.request({ url: '/staff/categories', headers: { cookie: owner.cookie } });
  t.equal(list.statusCode, 200);
  t.match(list.body, 'Виброизоляция', 'the list shows the categories');
  t.match(list.body, 'href="/staff/categories"', 'the menu has the categories entry');
  t.match(list.body, 'href="/staff/kits"', 'and the kits entry');
  t.equal((await app.request({ url: '/staff/categories/new', headers: { cookie: owner.cookie } })).statusCode, 200, 'the empty form');

  const created = await staffPost(app, owner, '/staff/categories', {
    title: 'Тестовые коврики',
    slug: '',
    description: 'Описание',
    sort: '7',
    title_en: 'Test mats',
    description_en: 'English description',
  });
  t.equal(created.statusCode, 303, created.body);
  const id = idFrom(created.headers.location);
  t.ok(id > 0, 'redirected to the new category');
  const [row] = await app.db.query<{ slug: string; sort: number }>('SELECT slug, sort FROM categories WHERE id = $1', [id]);
  t.same(row, { slug: 'testovye-kovriki', sort: 7 }, 'the slug made from the title');

  const page = await app.request({ url: '/testovye-kovriki' });
  t.equal(page.statusCode, 200, 'the storefront has the category page');
  t.equal(h1(page.body), 'Тестовые коврики');
  t.match((await app.request({ url: '/' })).body, 'Тестовые коврики', 'the cached menu shows the new category at once');
  const en = await app.request({ url: '/en/testovye-kovriki' });
  t.equal(h1(en.body), 'Test mats', 'the English site shows the translation');
  t.match((await app.request({ url: '/en' })).body, 'Test mats', 'and its menu');

  const edit = await app.request({ url: created.headers.location as string, headers: { cookie: owner.cookie } });
  t.match(edit.body, 'Категория сохранена', 'the notice');
  t.match(edit.body, 'value="Test mats"', 'the translation in the form');

  const renamed = await staffPost(app, owner, '/staff/categories', {
    id: String(id),
    title: 'Коврики для багажника',
    slug: 'testovye-kovriki',
    description: 'Описание',
    sort: '7',
    title_en: '',
  });
  t.equal(renamed.statusCode, 303);
  t.match((await app.request({ url: '/' })).body, 'Коврики для багажника', 'the menu shows the new title at once');
  t.equal(h1((await app.request({ url: '/en/testovye-kovriki' })).body), 'Коврики для багажника', 'no translation: Russian');
  t.equal(await count('SELECT count(*)::int AS n FROM category_translations WHERE category_id = $1', [id]), 0, 'removed');

  const audit = await auditOf('category', id);
  t.same(
    audit.map((a) => a.action),
    ['category.create', 'category.update'],
    'an audit row per save',
  );
  t.equal(audit[0]!.staff_email, owner.email);
  t.equal(audit[1]!.before?.title, 'Тестовые коврики', 'the state before');
  t.equal(audit[1]!.after.title, 'Коврики для багажника', 'and after');
});

t.test('categories: a taken or reserved address and bad input are refused by name, nothing changed', async (t) => {
  const [first] = await app.db.query<{ id: number; slug: string; title: string }>(
    'SELECT id, slug, title FROM categories ORDER BY id LIMIT 1',
  );
  const [other] = await app.db.query<{ slug: string }>('SELECT slug FROM categories WHERE id <> $1 ORDER BY id LIMIT 1', [first!.id]);
  const audits = await count('SELECT count(*)::int AS n FROM staff_audit');

  const taken = await staffPost(app, owner, '/staff/categories', { id: String(first!.id), title: first!.title, slug: other!.slug });
  t.equal(taken.statusCode, 422);
  t.match(taken.body, `Категория с адресом «${other!.slug}» уже есть`, 'a duplicate slug is named');
  const created = await staffPost(app, owner, '/staff/categories', { title: 'Ещё одна', slug: other!.slug });
  t.equal(created.statusCode, 422, 'on a new category too');

  const reserved = await staffPost(app, owner, '/staff/categories', { title: 'Корзина', slug: 'cart' });
  t.equal(reserved.statusCode, 422);
  t.match(reserved.body, 'занят страницей магазина', 'a storefront page address is refused');
  t.equal((await staffPost(app, owner, '/staff/categories', { title: 'English', slug: 'en' })).statusCode, 422, 'a language prefix');

  const bad = await staffPost(app, owner, '/staff/categories', { title: 'Плохой', slug: 'Не латиница' });
  t.match(bad.body, 'латиница, цифры и дефисы');

  const nul = await staffPost(app, owner, '/staff/categories', { id: String(first!.id), title: 'Нуль\u0000байт', slug: first!.slug });
  t.equal(nul.statusCode, 400, 'a NUL byte: 400, not 500');
  t.match(nul.body, 'control characters');
  t.equal((await staffPost(app, owner, '/staff/categories', { title: 'Без числа', sort: 'abc' })).statusCode, 400, 'sort not a number');

  const [after] = await app.db.query<{ slug: string; title: string }>('SELECT slug, title FROM categories WHERE id = $1', [first!.id]);
  t.same(after, { slug: first!.slug, title: first!.title }, 'the category unchanged');
  t.equal(await count("SELECT count(*)::int AS n FROM categories WHERE title IN ('Ещё одна', 'Корзина', 'English', 'Плохой')"), 0);
  t.equal(await count('SELECT count(*)::int AS n FROM staff_audit'), audits, 'no audit row');
  t.equal((await app.request({ url: '/staff/categories/999999', headers: { cookie: owner.cookie } })).statusCode, 404);
});

t.test('kits: lines and discount edited; the kit page shows the new price; the editor shows it per site', async (t) => {
  const [kit] = await app.db.query<{ id: number; slug: string; title: string }>('SELECT id, slug, title FROM kits ORDER BY id LIMIT 1');
  const prices = await app.db.query<{ sku: string; amount: number }>(
    `SELECT p.sku, pp.amount::float8 AS amount FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.price_list = 'ru'
      WHERE p.is_active ORDER BY p.id LIMIT 2`,
  );
  const [a, b] = prices as [{ sku: string; amount: number }, { sku: string; amount: number }];
  const expected = kitPrice(a.amount * 2 + b.amount * 3, 12.5, 1);
  t.not(h1((await app.request({ url: `/komplekty-sumoizoliacii/${kit!.slug}` })).body), undefined, 'the kit page before');
  // The home page's kits are cached (the showcase): warm it.
  t.match((await app.request({ url: '/' })).body, kit!.title, 'the home page shows the kit');

  const list = await app.request({ url: '/staff/kits', headers: { cookie: owner.cookie } });
  t.equal(list.statusCode, 200);
  t.match(list.body, kit!.title);
  const editor = await app.request({ url: `/staff/kits/${kit!.id}`, headers: { cookie: owner.cookie } });
  t.equal(editor.statusCode, 200);
  t.match(editor.body, 'name="lineSku"', 'the lines form');
  t.match(editor.body, 'Цена для покупателей', 'with the price per site');

  const fields = {
    id: String(kit!.id),
    title: 'Новый комплект дверей',
    slug: kit!.slug,
    description: 'Новое описание',
    discount: '12,5',
    lineSku: [a.sku, b.sku, ''],
    lineQuantity: ['2', '3', ''],
    title_en: 'New doors kit',
  };
  const saved = await staffPost(app, owner, '/staff/kits', fields);
  t.equal(saved.statusCode, 303, saved.body);
  t.equal(idFrom(saved.headers.location), kit!.id);
  const items = await app.db.query<{ sku: string; quantity: number }>(
    'SELECT p.sku, ki.quantity FROM kit_items ki JOIN products p ON p.id = ki.product_id WHERE ki.kit_id = $1 ORDER BY p.sku',
    [kit!.id],
  );
  t.same(
    items,
    [
      { sku: a.sku, quantity: 2 },
      { sku: b.sku, quantity: 3 },
    ].sort((x, y) => x.sku.localeCompare(y.sku)),
    'the lines replaced',
  );

  const storefront = await app.request({ url: `/komplekty-sumoizoliacii/${kit!.slug}` });
  t.equal(h1(storefront.body), 'Новый комплект дверей', 'the new title');
  t.match((await app.request({ url: '/' })).body, 'Новый комплект дверей', "the home page's cached kits follow at once");
  t.match(storefront.body, `"price":${expected}`, `the kit's price: (2 × ${a.amount} + 3 × ${b.amount}) − 12.5 %`);
  t.equal(h1((await app.request({ url: `/en/komplekty-sumoizoliacii/${kit!.slug}` })).body), 'New doors kit', 'in English');

  const after = await app.request({ url: saved.headers.location as string, headers: { cookie: owner.cookie } });
  t.match(after.body, 'Комплект сохранён');
  t.match(after.body, 'value="12,5"', 'the discount as saved');
  const ru = new Intl.NumberFormat('ru-RU').format(expected).replace(/\s/g, '\u00a0');
  t.match(after.body, ru, "the editor shows what the ru site's shoppers pay");

  const audit = await auditOf('kit', kit!.id);
  t.equal(audit.length, 1);
  t.equal(audit[0]!.action, 'kit.update');
  t.equal(audit[0]!.before?.title, kit!.title, 'before');
  t.same(audit[0]!.after.discountPercent, 12.5, 'after');

  // A price worked out from the form without saving.
  const preview = await staffPost(app, owner, '/staff/kits', { ...fields, discount: '0', lineQuantity: ['1', '1', ''] });
  t.equal(preview.statusCode, 303, 'the save button saves');
  const previewed = await staffPost(app, owner, '/staff/kits', { ...fields, discount: '50', preview: '1' });
  t.equal(previewed.statusCode, 200);
  t.match(previewed.body, 'Комплект ещё не сохранён');
  t.match(previewed.body, new Intl.NumberFormat('ru-RU').format(kitPrice(a.amount * 2 + b.amount * 3, 50, 1)).replace(/\s/g, '\u00a0'));
  t.equal(Number((await app.db.query<{ d: string }>('SELECT discount_percent AS d FROM kits WHERE id = $1', [kit!.id]))[0]!.d), 0);
});

t.test(
  'kits: created; unknown SKU, zero quantity, no lines, a bad discount, a taken address, NUL — refused, nothing changed',
  async (t) => {
    const [p] = await app.db.query<{ sku: string }>('SELECT sku FROM products WHERE is_active ORDER BY id LIMIT 1');
    const [taken] = await app.db.query<{ slug: string }>('SELECT slug FROM kits ORDER BY id LIMIT 1');
    const state = async () => ({
      kits: await count('SELECT count(*)::int AS n FROM kits'),
      items: await count('SELECT count(*)::int AS n FROM kit_items'),
      audit: await count("SELECT count(*)::int AS n FROM staff_audit WHERE entity = 'kit'"),
    });
    const start = await state();
    const base = { title: 'Комплект для багажника', slug: '', lineSku: [p!.sku], lineQuantity: ['4'] };

    const cases: Array<[string, Record<string, string | string[]>, number, string]> = [
      ['unknown SKU', { ...base, lineSku: [p!.sku, 'NO-SUCH-SKU'], lineQuantity: ['1', '2'] }, 422, 'Нет товара с артикулом NO-SUCH-SKU'],
      ['zero quantity', { ...base, lineQuantity: ['0'] }, 422, `Количество для ${p!.sku}: целое число от 1`],
      ['no quantity', { ...base, lineQuantity: [''] }, 422, `Количество для ${p!.sku}`],
      ['no lines', { ...base, lineSku: [''], lineQuantity: [''] }, 422, 'хотя бы одна позиция'],
      ['a SKU twice', { ...base, lineSku: [p!.sku, p!.sku], lineQuantity: ['1', '2'] }, 422, 'указан дважды'],
      ['discount of 100 %', { ...base, discount: '100' }, 422, 'Скидка: от 0 до 99,99'],
      ['discount not a number', { ...base, discount: 'десять' }, 422, 'Скидка'],
      ['a taken address', { ...base, slug: taken!.slug }, 422, `Комплект с адресом «${taken!.slug}» уже есть`],
      ['a NUL byte in a SKU', { ...base, lineSku: ['A\u0000B'] }, 400, 'control characters'],
      ['a NUL byte in the title', { ...base, title: 'Комплект\u0000' }, 400, 'control characters'],
    ];
    for (const [name, fields, status, message] of cases) {
      const res = await staffPost(app, owner, '/staff/kits', fields);
      t.equal(res.statusCode, status, `${name}: ${status}`);
      t.match(res.body, message, `${name}: named`);
    }
    t.same(await state(), start, 'nothing changed, no audit row');

    const created = await staffPost(app, owner, '/staff/kits', base);
    t.equal(created.statusCode, 303, created.body);
    const id = idFrom(created.headers.location);
    t.equal((await app.request({ url: '/komplekty-sumoizoliacii/komplekt-dlya-bagazhnika' })).statusCode, 200, 'on the storefront');
    t.same(
      (await auditOf('kit', id)).map((a) => a.action),
      ['kit.create'],
    );
    t.equal((await app.request({ url: '/staff/kits/new', headers: { cookie: owner.cookie } })).statusCode, 200, 'the empty form');
    t.equal((await app.request({ url: '/staff/kits/999999', headers: { cookie: owner.cookie } })).statusCode, 404);
  },
);

t.test('a manager and a content editor may not edit categories or kits', async (t) => {
  for (const role of ['manager', 'content'] as const) {
    const agent = await staffMember(app, role);
    for (const url of [
      '/staff/categories',
      '/staff/categories/new',
      '/staff/categories/1',
      '/staff/kits',
      '/staff/kits/new',
      '/staff/kits/1',
    ])
      t.equal((await app.request({ url, headers: { cookie: agent.cookie } })).statusCode, 403, `${role}: GET ${url}`);
    const post = await staffPost(app, agent, '/staff/categories', { id: '1', title: 'Взлом', slug: 'vzlom' });
    t.equal(post.statusCode, 403, `${role}: POST /staff/categories`);
    t.equal((await staffPost(app, agent, '/staff/kits', { id: '1', title: 'Взлом' })).statusCode, 403, `${role}: POST /staff/kits`);
    const menu = (await app.request({ url: '/staff', headers: { cookie: agent.cookie } })).body;
    t.notMatch(menu, 'href="/staff/kits"', `${role}: no kits entry in the menu`);
  }
  t.equal(await count("SELECT count(*)::int AS n FROM categories WHERE slug = 'vzlom' OR title = 'Взлом'"), 0);
});

t.test('review fixes: a renamed category keeps its calculator layer; /media is reserved; any two-decimal discount', async (t) => {
  const [layer] = await app.db.query<{ code: string; category_slug: string }>(
    'SELECT code, category_slug FROM calc_layers ORDER BY sort LIMIT 1',
  );
  const [category] = await app.db.query<{ id: number; title: string; sort: number }>(
    'SELECT id, title, sort FROM categories WHERE slug = $1',
    [layer!.category_slug],
  );
  const calcBefore = (await app.request({ url: '/calc' })).body;
  const renamed = await staffPost(app, owner, '/staff/categories', {
    id: String(category!.id),
    title: category!.title,
    slug: `${layer!.category_slug}-novyj`,
    sort: String(category!.sort),
  });
  t.equal(renamed.statusCode, 303, renamed.body.slice(0, 200));
  const [moved] = await app.db.query<{ category_slug: string }>('SELECT category_slug FROM calc_layers WHERE code = $1', [layer!.code]);
  t.equal(moved!.category_slug, `${layer!.category_slug}-novyj`, "the calculator's layer follows its category's new address");
  const calcAfter = (await app.request({ url: '/calc' })).body;
  const price = (html: string) => /calc-totals__price">([\s\S]*?)<\/dd>/.exec(html)?.[1];
  t.ok(price(calcBefore), 'the calculator shows a total');
  t.equal(price(calcAfter), price(calcBefore), "the calculator's answer is unchanged");

  const media = await staffPost(app, owner, '/staff/categories', { title: 'Медиа', slug: 'media' });
  t.equal(media.statusCode, 422, '/media is the uploaded photos’ address');

  const [kit] = await app.db.query<{ id: number; slug: string; title: string }>('SELECT id, slug, title FROM kits ORDER BY id LIMIT 1');
  const lines = await app.db.query<{ sku: string; quantity: number }>(
    'SELECT p.sku, ki.quantity FROM kit_items ki JOIN products p ON p.id = ki.product_id WHERE ki.kit_id = $1',
    [kit!.id],
  );
  for (const discount of ['0,07', '1,1', '7,15', '0,29']) {
    const res = await staffPost(app, owner, '/staff/kits', {
      id: String(kit!.id),
      title: kit!.title,
      slug: kit!.slug,
      discount,
      lineSku: lines.map((l) => l.sku),
      lineQuantity: lines.map((l) => String(l.quantity)),
    });
    t.equal(res.statusCode, 303, `a discount of ${discount} % is saved`);
  }
});
