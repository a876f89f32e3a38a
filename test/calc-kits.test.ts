/**
 * The calculator's middle tier («Хороший», 'good') says it matches the ready kits (calc.tierHint.good): held here for
 * every kit on every site — the calculator's answer for the kit's zones (demo-data.ts DemoKit.zones) on a sedan at
 * that tier is the kit's sheet goods, product for product and sheet for sheet; the kit's other lines are tools and
 * consumables the calculator does not count; a kit of sheet goods only costs what the calculator says.
 */
import t from 'tap';
import { CalculatorService } from '../server/calculator/calculator.ts';
import { KitService } from '../server/catalog/kits.ts';
import { demoKits, demoProducts } from '../server/demo/demo-data.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { calculate, parseCalcQuery } from '../shared/calculator.ts';
import { messages } from '../shared/locales/index.ts';
import { createTestDb } from './helpers/db.ts';

const { db, drop } = await createTestDb();
t.teardown(drop);
const calculator = new CalculatorService(db, 0);
const kits = new KitService(db);
const TIER = 'good';

t.test('the tier that claims the kits is the middle one', async (t) => {
  const model = await calculator.model({ priceList: 'ru' }, 'ru');
  t.ok(model.tiers.some((tier) => tier.code === TIER));
  t.match((messages.ru as { calc: { tierHint: Record<string, string> } }).calc.tierHint[TIER], /комплект/);
});

for (const site of demoSitesConfig.sites) {
  t.test(`${site.id}: every kit is the calculator's answer for its zones at «Хороший»`, async (t) => {
    const model = await calculator.model(site, 'ru');
    const onSale = (await kits.list(site, 'ru')).filter((k) => k.purchasable);
    t.ok(onSale.length > 0, 'the site sells kits');
    for (const kit of onSale) {
      const zones = demoKits.find((k) => k.slug === kit.slug)?.zones;
      if (!zones) {
        t.fail(`${kit.slug}: no zones`);
        continue;
      }
      const query = new URLSearchParams([['body', 'sedan'], ['tier', TIER], ...zones.map((z) => ['zone', z])]);
      const parsed = parseCalcQuery(model, query);
      t.same(parsed.notices, [], `${kit.slug}: its zones are the calculator's`);
      const result = calculate(model, parsed.state);
      t.ok(
        result.lines.every((l) => l.sold && !l.substitute),
        `${kit.slug}: the tier's own choices, all sold on ${site.id}`,
      );
      const calc = Object.fromEntries(result.items.map((i) => [i.sku, i.quantity]));
      const sheetGoods = kit.lines.filter((l) => model.products[l.sku]);
      t.same(Object.fromEntries(sheetGoods.map((l) => [l.sku, l.quantity])), calc, `${kit.slug}: the same products, the same sheets`);
      const others = kit.lines.filter((l) => !model.products[l.sku]);
      for (const line of others) {
        const layer = demoProducts.find((p) => p.sku === line.sku)?.attributes.layer;
        t.ok(layer === 'tool' || layer === 'consumable', `${kit.slug}: ${line.sku} is a tool or consumable (${layer})`);
      }
      if (others.length === 0)
        t.equal(result.totals.price, kit.separatePrice, `${kit.slug}: the calculator's price is the kit's (${kit.separatePrice})`);
    }
  });
}

t.test('the four-door kit: 3 × Акустик 10, 7 910 ₽ — what the calculator now says too', async (t) => {
  const model = await calculator.model({ priceList: 'ru' }, 'ru');
  const state = parseCalcQuery(model, 'body=sedan&tier=good&zone=door-skin&zone=door-inner&zone=door-trim').state;
  const result = calculate(model, state);
  t.equal(result.items.find((i) => i.sku === 'ABS-AK-10')?.quantity, 3);
  t.equal(result.totals.price, 7910);
});
