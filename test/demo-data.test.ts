/**
 * The demo catalogue against the team's domain notes (../shared/domain.md; issue 4 item 9): every category, every
 * listed product with its figures and price, the six kits, a price on all five regional price lists rounded per
 * site, and a load that can run any number of times.
 */
import t from 'tap';
import type { Queryable } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { demoCategories, demoKits, demoProducts } from '../server/demo/demo-data.ts';
import { seedDemo } from '../server/demo/seed.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { createTestDb } from './helpers/db.ts';

/** domain.md, "Demo catalogue": category slug → [SKU, ₽ per sheet/unit, the figures it lists]. */
const DOMAIN: Record<string, Array<[string, number, Record<string, number>?]>> = {
  vibroizolyaciya: [
    ['VIB-LT-18', 320, { thickness_mm: 1.8, mass_kg_m2: 2.2, loss_factor: 0.2, foil_um: 60 }],
    ['VIB-STD-22', 380, { thickness_mm: 2.2, mass_kg_m2: 2.9, loss_factor: 0.28, foil_um: 80 }],
    ['VIB-OPT-30', 490, { thickness_mm: 3, mass_kg_m2: 3.8, loss_factor: 0.33, foil_um: 100 }],
    ['VIB-MAX-40', 620, { thickness_mm: 4, mass_kg_m2: 5.2, loss_factor: 0.4, foil_um: 100 }],
    ['VIB-PRM-25', 690, { thickness_mm: 2.5, mass_kg_m2: 2.6, loss_factor: 0.45, foil_um: 100 }],
    ['VIB-ARK-42', 560, { thickness_mm: 4.2, mass_kg_m2: 6, loss_factor: 0.35, foil_um: 100 }],
  ],
  shumopogloshchenie: [
    ['ABS-AK-6', 590, { thickness_mm: 6, mass_kg_m2: 0.25 }],
    ['ABS-AK-10', 690, { thickness_mm: 10, mass_kg_m2: 0.35 }],
    ['ABS-AK-15', 890, { thickness_mm: 15, mass_kg_m2: 0.45 }],
    ['ABS-AK-10F', 790, { thickness_mm: 10, mass_kg_m2: 0.45 }],
    ['ABS-VOI-10', 450, { thickness_mm: 10, mass_kg_m2: 0.45 }],
  ],
  zvukoizolyaciya: [
    ['BAR-IZ-4', 190, { thickness_mm: 4, mass_kg_m2: 0.12, sheet_area_m2: 0.42 }],
    ['BAR-IZ-8', 290, { thickness_mm: 8, mass_kg_m2: 0.2, sheet_area_m2: 0.42 }],
    ['BAR-TSH-10F', 390, { thickness_mm: 10, mass_kg_m2: 0.3, sheet_area_m2: 0.75 }],
    ['BAR-MEM-2', 790, { thickness_mm: 2, mass_kg_m2: 3.5, sheet_area_m2: 0.75 }],
    ['BAR-MEM-3H', 990, { thickness_mm: 3, mass_kg_m2: 5, sheet_area_m2: 0.75 }],
  ],
  antiskrip: [
    ['ASQ-LST-5', 390, { thickness_mm: 5 }],
    ['ASQ-BIT-5', 350, { thickness_mm: 5 }],
    ['ASQ-LNT-15', 260],
    ['ASQ-UPL-10', 220],
  ],
  'zhidkaya-shumoizolyaciya': [
    ['LIQ-AER-650', 650],
    ['LIQ-BNK-1', 890],
    ['LIQ-VED-5', 3490],
  ],
  instrumenty: [
    ['TLS-ROL-30', 390],
    ['TLS-ROL-80', 590],
    ['TLS-NOZH', 290],
    ['TLS-SEM-5', 690],
    ['TLS-FEN-2000', 2490],
  ],
  aksessuary: [
    ['CON-OBZ-1L', 350],
    ['CON-KLEY-500', 590],
    ['CON-SKOTCH-50', 350],
    ['CON-PERCH', 120],
  ],
  'komplekty-sumoizoliacii': [],
};

/** domain.md, "Brand and sites": price list → [RUB factor, rounding step]. */
const LISTS: Record<string, [number, number]> = { ru: [1, 1], kz: [5.6, 10], md: [0.2, 1], uz: [140, 1000], kg: [0.98, 10] };

/** domain.md, "Ready kits": slug → contents and the ≈ price in RUB (before the kit's own discount). */
const KITS: Record<string, { items: Record<string, number>; rub?: number }> = {
  'dveri-4': { items: { 'VIB-STD-22': 11, 'ABS-AK-10': 3, 'BAR-IZ-4': 6, 'ASQ-LNT-15': 2 }, rub: 7910 },
  'pol-i-bagazhnik': { items: { 'VIB-OPT-30': 15, 'BAR-IZ-8': 12 }, rub: 10830 },
  krysha: { items: { 'VIB-LT-18': 5, 'ABS-AK-10': 3 }, rub: 3670 },
  'kapot-i-kryshka-bagazhnika': { items: { 'VIB-LT-18': 5, 'ABS-AK-10F': 4 }, rub: 4760 },
  arki: { items: { 'VIB-ARK-42': 9, 'BAR-IZ-8': 7 }, rub: 7070 },
  'polnyj-sedan': { items: {} },
};

t.test('the demo data lists every category, product and kit of domain.md with its figures', async (t) => {
  t.same(demoCategories.map((c) => c.slug).sort(), Object.keys(DOMAIN).sort(), 'all eight categories');
  t.equal(demoCategories.find((c) => c.slug === 'komplekty-sumoizoliacii')?.id, 20, 'the kits category is id 20');
  for (const [category, products] of Object.entries(DOMAIN)) {
    const inData = demoProducts.filter((p) => p.category === category);
    t.same(inData.map((p) => p.sku).sort(), products.map(([sku]) => sku).sort(), `${category}: ${products.length} products`);
    for (const [sku, rub, figures] of products) {
      const p = demoProducts.find((x) => x.sku === sku)!;
      t.equal(p.priceRub, rub, `${sku} costs ${rub} ₽`);
      for (const [key, value] of Object.entries(figures ?? {})) t.equal(p.attributes[key], value, `${sku} ${key} = ${value}`);
      if (category === 'vibroizolyaciya') {
        t.match(p.attributes, { sheet_area_m2: 0.3525, temp_min_c: -40, temp_max_c: 100 }, `${sku}: 0.47 × 0.75 m, −40…+100 °C`);
      }
      t.ok(p.description.length > 40 && p.attributes.unit, `${sku} has a description and a unit`);
    }
  }
  t.same(demoKits.map((k) => k.slug).sort(), Object.keys(KITS).sort(), 'the six kits');
  const price = new Map(demoProducts.map((p) => [p.sku, p.priceRub]));
  for (const [slug, { items, rub }] of Object.entries(KITS)) {
    const kit = demoKits.find((k) => k.slug === slug)!;
    if (rub) {
      t.same(Object.fromEntries(kit.items.map((i) => [i.sku, i.quantity])), items, `${slug}: its contents`);
      t.equal(
        kit.items.reduce((s, i) => s + price.get(i.sku)! * i.quantity, 0),
        rub,
        `${slug}: ≈ ${rub} ₽`,
      );
    }
  }
  // The full sedan: all the zone kits plus a roller and degreaser, 5 % off, ≈ 33 200 ₽.
  const sedan = demoKits.find((k) => k.slug === 'polnyj-sedan')!;
  t.equal(sedan.discountPercent, 5);
  const full = sedan.items.reduce((s, i) => s + price.get(i.sku)! * i.quantity, 0) * 0.95;
  t.ok(Math.abs(full - 33200) < 1000, `full sedan ≈ 33 200 ₽ (${full})`);
});

async function snapshot(db: Queryable) {
  const q = (sql: string) => db.query(sql);
  return {
    price_lists: await q('SELECT * FROM price_lists ORDER BY code'),
    categories: await q('SELECT * FROM categories ORDER BY id'),
    products: await q(
      'SELECT id, sku, slug, category_id, title, description, attributes, images, popularity, is_active FROM products ORDER BY id',
    ),
    prices: await q('SELECT product_id, price_list, amount::float8 AS amount FROM product_prices ORDER BY product_id, price_list'),
    kits: await q('SELECT id, slug, title, description, discount_percent::float8 AS d FROM kits ORDER BY id'),
    kitItems: await q('SELECT kit_id, product_id, quantity FROM kit_items ORDER BY kit_id, product_id'),
    cities: await q('SELECT id, site, title, region, url FROM cities ORDER BY id'),
    widgets: await q('SELECT * FROM widgets ORDER BY code, site'),
  };
}

t.test('the loaded catalogue: every product on all five price lists, rounded per site; loading twice changes nothing', async (t) => {
  const { db, drop } = await createTestDb({ seeded: false });
  t.teardown(drop);
  await migrate(db);
  await seedDemo(db, demoSitesConfig);

  const first = await snapshot(db);
  t.equal(first.categories.length, 8);
  t.equal(first.products.length, demoProducts.length);
  t.equal(first.kits.length, 6);
  const byId = new Map((first.products as Array<{ id: number; sku: string }>).map((p) => [p.id, p.sku]));
  const prices = first.prices as Array<{ product_id: number; price_list: string; amount: number }>;
  t.equal(prices.length, demoProducts.length * 5, 'one price per product and price list');
  const wrongPrices: string[] = [];
  for (const product of demoProducts) {
    for (const [list, [factor, step]] of Object.entries(LISTS)) {
      const row = prices.find((r) => byId.get(r.product_id) === product.sku && r.price_list === list);
      const want = Math.round((product.priceRub * factor) / step) * step;
      if (row?.amount !== want || row.amount % step !== 0) wrongPrices.push(`${product.sku} on ${list}: ${row?.amount}, not ${want}`);
    }
  }
  t.same(wrongPrices, [], `every product on all ${Object.keys(LISTS).length} lists at its price, rounded per list`);
  const rows = await db.query<{ list: string; amount: number }>(
    `SELECT pp.price_list AS list, pp.amount::float8 AS amount FROM product_prices pp JOIN products p ON p.id = pp.product_id WHERE p.sku = 'VIB-STD-22' ORDER BY 1`,
  );
  t.same(
    rows,
    [
      { list: 'kg', amount: 370 },
      { list: 'kz', amount: 2130 },
      { list: 'md', amount: 76 },
      { list: 'ru', amount: 380 },
      { list: 'uz', amount: 53000 },
    ],
    'Вибро Стандарт 2.2 on every site',
  );

  await seedDemo(db, demoSitesConfig);
  t.same(await snapshot(db), first, 'a second load leaves the same rows with the same ids');

  // A changed demo row is put back, and nothing is duplicated.
  await db.query(`UPDATE product_prices SET amount = 1 WHERE price_list = 'kz'`);
  await db.query(`DELETE FROM kit_items WHERE kit_id = (SELECT id FROM kits WHERE slug = 'arki')`);
  await seedDemo(db, demoSitesConfig);
  t.same(await snapshot(db), first, 'a third load restores the demo values');
});
