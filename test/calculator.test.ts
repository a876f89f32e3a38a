/**
 * The calculator's arithmetic (shared/calculator.ts) on the demo tables of migration 014 and the demo prices:
 * worked examples computed by hand from ../shared/domain.md (in ₽ on the Russian list, in ₸ on the Kazakh one),
 * substitutes and unsold lines, the constructor's rounding once per product, and properties over every body type ×
 * tier × zone choice and over arbitrary query strings.
 */
import fc from 'fast-check';
import t from 'tap';
import { CalculatorService, unitAreaM2 } from '../server/calculator/calculator.ts';
import {
  buildSearch,
  type CalcModel,
  calcSearch,
  calculate,
  construct,
  fitsLayer,
  layerOptions,
  parseBuildQuery,
  parseCalcQuery,
  sheetsFor,
  tierPicks,
  zoneLayers,
} from '../shared/calculator.ts';
import { createTestDb } from './helpers/db.ts';

const { db, drop } = await createTestDb();
t.teardown(drop);
const service = new CalculatorService(db, 0);
const ru = await service.model({ priceList: 'ru' }, 'ru');
const kz = await service.model({ priceList: 'kz' }, 'ru');

/** A model with some prices taken away (what a site that does not sell them sees). */
function without(model: CalcModel, ...skus: string[]): CalcModel {
  const products = { ...model.products };
  for (const sku of skus) products[sku] = { ...products[sku]!, price: null };
  return { ...model, products };
}
const line = (r: ReturnType<typeof calculate>, zone: string, layer: string) => r.lines.find((l) => l.zone === zone && l.layer === layer)!;
const close = (actual: number, expected: number, digits = 6) => Math.abs(actual - expected) < 10 ** -digits;

t.test('worked example: a sedan\'s four doors at the middle tier ("Хороший"), in ₽ and ₸', async (t) => {
  const state = parseCalcQuery(ru, 'body=sedan&tier=good&zone=door-skin&zone=door-inner&zone=door-trim').state;
  const r = calculate(ru, state);
  // Outer skin, vibration: 2.4 m² × 80 % × 1.1 = 2.112 m² → 2.112 / 0.3525 = 5.99 → 6 sheets of Вибро Стандарт 2.2 (380 ₽).
  t.match(line(r, 'door-skin', 'vibration'), { sku: 'VIB-STD-22', sheets: 6, price: 2280 });
  t.ok(close(line(r, 'door-skin', 'vibration').needM2, 2.112), 'need 2.112 m²');
  t.ok(close(line(r, 'door-skin', 'vibration').massKg!, 6 * 0.3525 * 2.9), 'mass 6 × 0.3525 × 2.9 kg');
  // Outer skin, absorber: 2.4 × 85 % × 1.1 = 2.244 m² / 0.75 = 2.99 → 3 × Акустик 10 (690 ₽) (migration 022).
  t.match(line(r, 'door-skin', 'absorber'), { sku: 'ABS-AK-10', sheets: 3, price: 2070 });
  // Inner panel, vibration: 2.2 × 70 % × 1.1 = 1.694 m² / 0.3525 = 4.81 → 5 × Вибро Стандарт 2.2.
  t.match(line(r, 'door-inner', 'vibration'), { sku: 'VIB-STD-22', sheets: 5, price: 1900 });
  // Inner panel, barrier: 2.2 × 1.1 = 2.42 m² / 0.42 = 5.76 → 6 × Изолятор 4 (190 ₽).
  t.match(line(r, 'door-inner', 'barrier'), { sku: 'BAR-IZ-4', sheets: 6, price: 1140 });
  // Trims, anti-squeak: 1.8 × 15 % × 1.1 = 0.297 m² / (15 mm × 12 m = 0.18 m²) = 1.65 → 2 rolls of Лента ворсовая (260 ₽).
  t.match(line(r, 'door-trim', 'antisqueak'), { sku: 'ASQ-LNT-15', sheets: 2, price: 520, massKg: null });
  t.equal(r.lines.length, 5, 'five lines: the middle tier puts no other layer on the doors');
  t.equal(r.totals.price, 7910, '2 280 + 2 070 + 1 900 + 1 140 + 520 = 7 910 ₽, the ready kit dveri-4');
  t.equal(r.totals.sheets, 22);
  t.ok(close(r.totals.massKg, 6.1335 + 0.7875 + 5.11125 + 0.3024), 'mass 12.335 kg');
  t.same(
    Object.fromEntries(r.items.map((i) => [i.sku, i.quantity])),
    { 'VIB-STD-22': 11, 'ABS-AK-10': 3, 'BAR-IZ-4': 6, 'ASQ-LNT-15': 2 },
    'the cart lines: the ready kit dveri-4 (test/calc-kits.test.ts)',
  );

  // Kazakhstan: the same sheets at the ₸ list (RUB × 5.6 rounded to 10): 2 130, 3 860, 1 060, 1 460 ₸ a sheet.
  const k = calculate(kz, parseCalcQuery(kz, calcSearch(state)).state);
  t.same(
    k.lines.map((l) => l.sheets),
    r.lines.map((l) => l.sheets),
    'same sheets',
  );
  t.same(
    k.lines.map((l) => l.price),
    [6 * 2130, 3 * 3860, 5 * 2130, 6 * 1060, 2 * 1460],
  );
  t.equal(k.totals.price, 44290, '12 780 + 11 580 + 10 650 + 6 360 + 2 920 = 44 290 ₸');
});

t.test('worked example: floor and boot at the middle tier; the constructor rounds once and lands on the kit', async (t) => {
  const query = 'body=sedan&tier=good&zone=floor&zone=boot';
  const r = calculate(ru, parseCalcQuery(ru, query).state);
  // Floor: 3.2 × 1.1 = 3.52 m² → 10 × Вибро Оптима 3.0 (490 ₽), 9 × Изолятор 8 (290 ₽); boot: 1.43 m² → 5, and its
  // barrier at 80 % (migration 022) 1.144 m² → 3: the kit pol-i-bagazhnik, 10 830 ₽.
  t.same(
    r.lines.map((l) => [l.zone, l.sku, l.sheets]),
    [
      ['floor', 'VIB-OPT-30', 10],
      ['floor', 'BAR-IZ-8', 9],
      ['boot', 'VIB-OPT-30', 5],
      ['boot', 'BAR-IZ-8', 3],
    ],
  );
  t.equal(r.totals.price, 4900 + 2610 + 2450 + 870);
  // Rounded once per product: (3.52 + 1.43) / 0.3525 = 14.04 → 15; 4.664 / 0.42 = 11.1 → 12 — the kit again.
  const b = construct(ru, parseBuildQuery(ru, query).state);
  t.same(
    b.items.map((i) => [i.sku, i.quantity, i.price]),
    [
      ['VIB-OPT-30', 15, 7350],
      ['BAR-IZ-8', 12, 3480],
    ],
  );
  t.equal(b.totals.price, 10830, "10 830 ₽, the ready kit's price");
  t.equal(Math.round(b.totals.massKg * 10) / 10, 21.1, "≈ 21.1 kg, the ready kit's mass");
});

t.test('worked example: a hatchback roof at the first tier ("Практичный"), in ₽ and ₸', async (t) => {
  const query = 'body=hatchback&tier=practical&zone=roof';
  // Vibration 1.8 × 60 % × 1.1 = 1.188 m² / 0.3525 = 3.37 → 4 × Вибро Лайт 1.8 (320 ₽ | 1 790 ₸);
  // absorber 1.8 × 1.1 = 1.98 m² / 0.75 = 2.64 → 3 × Акустик 6 (590 ₽ | 3 300 ₸).
  const r = calculate(ru, parseCalcQuery(ru, query).state);
  t.same(
    r.lines.map((l) => [l.sku, l.sheets, l.price]),
    [
      ['VIB-LT-18', 4, 1280],
      ['ABS-AK-6', 3, 1770],
    ],
  );
  t.equal(r.totals.price, 3050);
  t.equal(calculate(kz, parseCalcQuery(kz, query).state).totals.price, 4 * 1790 + 3 * 3300, '17 060 ₸');
  t.ok(close(r.totals.massKg, 4 * 0.3525 * 2.2 + 3 * 0.75 * 0.25), 'mass');
});

t.test("a product the site does not sell: the tier's alternative, else reported and left out", async (t) => {
  const hood = 'body=sedan&tier=good&zone=hood';
  const alt = calculate(without(ru, 'ABS-AK-10F'), parseCalcQuery(ru, hood).state);
  t.match(line(alt, 'hood', 'absorber'), { sku: 'ABS-AK-10', substitute: true, sold: true, sheets: 3 });
  const none = calculate(without(ru, 'VIB-LT-18'), parseCalcQuery(ru, hood).state);
  t.match(line(none, 'hood', 'vibration'), { sku: 'VIB-LT-18', sold: false, price: null });
  t.equal(none.totals.price, line(none, 'hood', 'absorber').price, 'the unsold line is not in the total');
  t.notOk(
    none.items.some((i) => i.sku === 'VIB-LT-18'),
    'nor in the cart lines',
  );
  // The constructor's default picks follow the same rule.
  const picks = parseBuildQuery(without(ru, 'ABS-AK-10F'), hood).state.picks.hood!;
  t.same(picks, { vibration: 'VIB-LT-18', absorber: 'ABS-AK-10' });
});

t.test('sheets round up, but float noise does not add a sheet', async (t) => {
  t.equal(sheetsFor(0.75 * 3, 0.75), 3);
  t.equal(sheetsFor(0.3525 * 7 + 1e-12, 0.3525), 7);
  t.equal(sheetsFor(0.3525 * 7 + 1e-6, 0.3525), 8);
  t.equal(sheetsFor(1, 0), 0);
  t.equal(unitAreaM2({ sheet_area_m2: 0.42 }), 0.42);
  t.equal(unitAreaM2({ width_mm: 15, length_m: 12 }), 0.18);
  t.equal(unitAreaM2({ volume_ml: 650 }), undefined);
});

t.test('every body type × tier with all zones: sheets for every line, no NaN, totals = Σ lines', async (t) => {
  const allZones = ru.zones.map((z) => z.code);
  t.equal(ru.bodies.length, 7);
  t.equal(ru.tiers.length, 4);
  t.equal(allZones.length, 11);
  for (const model of [ru, kz]) {
    for (const body of model.bodies) {
      for (const tier of model.tiers) {
        const r = calculate(model, { car: null, body: body.code, tier: tier.code, zones: allZones });
        const what = `${body.code} × ${tier.code}`;
        for (const zone of allZones) {
          const lines = r.lines.filter((l) => l.zone === zone);
          if (lines.length === 0) t.fail(`${what}: no line for ${zone}`);
          for (const l of lines) {
            if (!(l.sold && l.sheets > 0 && l.needM2 > 0 && Number.isFinite(l.price!)))
              t.fail(`${what}: ${zone}/${l.layer} ${JSON.stringify(l)}`);
          }
        }
        const priceSum = r.lines.reduce((s, l) => s + Math.round(l.price! * 100), 0) / 100;
        const massSum = r.lines.reduce((s, l) => s + (l.massKg ?? 0), 0);
        const sheetSum = r.lines.reduce((s, l) => s + l.sheets, 0);
        if (r.totals.price !== priceSum || !close(r.totals.massKg, massSum) || r.totals.sheets !== sheetSum)
          t.fail(`${what}: totals ≠ Σ lines`);
        const itemSum = r.items.reduce((s, i) => s + Math.round(i.price * 100), 0) / 100;
        if (itemSum !== r.totals.price || r.items.reduce((s, i) => s + i.quantity, 0) !== sheetSum) t.fail(`${what}: cart lines ≠ totals`);
        if (!Number.isFinite(r.totals.massKg) || r.totals.massKg <= 0) t.fail(`${what}: mass`);
      }
    }
  }
  // A full sedan at the middle tier adds "about 60 kg" (domain.md).
  const full = calculate(ru, { car: null, body: 'sedan', tier: 'good', zones: allZones });
  t.ok(full.totals.massKg > 45 && full.totals.massKg < 80, `a full sedan adds ${full.totals.massKg.toFixed(1)} kg`);
  t.ok(full.totals.price > 24000 && full.totals.price < 45000, `and costs ${full.totals.price} ₽`);
});

t.test('any subset of zones on any body and tier, both pages: totals = Σ, every chosen zone has sheets', async (t) => {
  const zones = ru.zones.map((z) => z.code);
  await fc.assert(
    fc.property(
      fc.constantFrom(...ru.bodies.map((b) => b.code)),
      fc.constantFrom(...ru.tiers.map((x) => x.code)),
      fc.subarray(zones, { minLength: 1 }),
      (body, tier, chosen) => {
        const state = parseCalcQuery(ru, calcSearch({ car: null, body, tier, zones: chosen })).state;
        if (state.zones.join() !== zones.filter((z) => chosen.includes(z)).join()) return false;
        const r = calculate(ru, state);
        if (!chosen.every((z) => r.lines.some((l) => l.zone === z && l.sheets > 0))) return false;
        const b = construct(ru, parseBuildQuery(ru, buildSearch({ ...state, picks: {} })).state);
        // The constructor starts from the tier's picks: same products, never more sheets than rounding per zone.
        const perZone = Object.fromEntries(r.items.map((i) => [i.sku, i.quantity]));
        return (
          b.items.every((i) => i.quantity > 0 && i.quantity <= perZone[i.sku]!) &&
          b.items.length === r.items.length &&
          b.totals.price <= r.totals.price
        );
      },
    ),
    { seed: 13, numRuns: 300 },
  );
  t.pass('300 generated choices');
});

t.test('any query string: a valid state, never a throw; unusable values are named as notices', async (t) => {
  const key = fc.constantFrom('car', 'body', 'tier', 'zone', 'door-skin.vibration', 'floor.barrier', 'x');
  const value = fc.oneof(
    fc.constantFrom('sedan', 'max', 'roof', 'lada-vesta', 'VIB-MAX-40', 'ABS-AK-10', '-', '', '__proto__', 'constructor'),
    fc.string({ maxLength: 20 }),
    fc.string({ minLength: 100, maxLength: 300 }),
  );
  await fc.assert(
    fc.property(fc.array(fc.tuple(key, value), { maxLength: 80 }), (pairs) => {
      const params = new URLSearchParams(pairs);
      for (const parsed of [parseCalcQuery(ru, params), parseBuildQuery(ru, params)]) {
        const { state } = parsed;
        if (!ru.bodies.some((b) => b.code === state.body) || !ru.tiers.some((x) => x.code === state.tier)) return false;
        if (!state.zones.every((z) => ru.zones.some((m) => m.code === z))) return false;
        if (state.car !== null && !ru.cars.some((c) => c.slug === state.car)) return false;
      }
      const b = parseBuildQuery(ru, params).state;
      const r = construct(ru, b);
      return Number.isFinite(r.totals.price) && Number.isFinite(r.totals.massKg) && calculate(ru, b).totals.price >= 0;
    }),
    { seed: 7, numRuns: 500 },
  );
  t.same(parseCalcQuery(ru, 'body=tank&tier=gold&zone=roof&zone=wing').notices.sort(), ['body', 'tier', 'zone']);
  t.match(parseCalcQuery(ru, 'body=tank&tier=gold&zone=roof&zone=wing').state, { body: 'sedan', tier: 'good', zones: ['roof'] });
  t.match(parseCalcQuery(ru, 'tier=max&tier=good').state, { tier: 'good' }, 'a repeated single value is the default');
  t.same(parseCalcQuery(ru, 'tier=max&tier=good').notices, ['tier']);
  t.match(parseCalcQuery(ru, 'zone=nope').state.zones, ['door-skin', 'door-inner', 'door-trim'], 'no usable zone: the default zones');
  t.match(parseCalcQuery(ru, `${'zone=roof&'.repeat(100)}`).notices, ['zone'], 'a hundred zones: the defaults');
  t.same(parseCalcQuery(ru, 'tier=max').state.zones, [], 'a submitted form with nothing ticked chooses nothing');
  t.same(parseCalcQuery(ru, '').state.zones, ['door-skin', 'door-inner', 'door-trim'], 'a bare page: the doors');
  t.match(parseCalcQuery(ru, 'car=toyota-rav4&body=sedan').state, { car: 'toyota-rav4', body: 'suv' }, 'the car implies its body');
  t.same(parseBuildQuery(ru, 'zone=roof&roof.vibration=BAR-MEM-2').notices, ['product'], 'a product of another layer');
  t.same(parseBuildQuery(ru, 'zone=roof&roof.vibration=-').state.picks.roof, { vibration: null, absorber: 'ABS-AK-10' });
});

t.test("the constructor's choices: per layer only what the site sells, cheapest first; ticking a zone starts from the tier", async (t) => {
  for (const model of [ru, kz]) {
    for (const layer of model.layers) {
      const options = layerOptions(model, layer.code);
      t.ok(options.length > 0, `${layer.code}: something to choose`);
      t.ok(
        options.every((p) => p.price !== null && fitsLayer(model, p.sku, layer.code)),
        `${layer.code}: only sold products of that layer`,
      );
      t.ok(
        options.every((p, i) => i === 0 || options[i - 1]!.price! <= p.price!),
        `${layer.code}: cheapest first`,
      );
    }
  }
  const sku = layerOptions(ru, 'vibration')[0]!.sku;
  t.notOk(
    layerOptions(without(ru, sku), 'vibration').some((p) => p.sku === sku),
    'a product the site stops selling leaves the choices',
  );
  // What ticking a zone fills in is what a link without picks opens with: the tier's sold choice per layer.
  for (const tier of ru.tiers) {
    for (const zone of ru.zones) {
      const picks = tierPicks(ru, tier.code, zone.code);
      t.same(Object.keys(picks), zoneLayers(ru, zone.code), `${tier.code}/${zone.code}: every layer the zone takes`);
      const opened = parseBuildQuery(ru, `body=sedan&tier=${tier.code}&zone=${zone.code}`).state.picks[zone.code];
      t.same(picks, opened, `${tier.code}/${zone.code}: the same picks as the link`);
    }
  }
});
