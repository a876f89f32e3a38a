/**
 * Generated catalogue for load and scale checks (issue 4 item 10, decision 015): N plausible products spread
 * over the material categories, each with attributes of its kind and a price on every price list of the
 * sites, written in batches. Deterministic: product n always gets the same values, SKU `GEN-<n, 6 digits>`,
 * so a re-run updates the same rows instead of adding; generated products beyond N are deactivated.
 */

import type { SitesConfig } from '../../shared/sites.ts';
import { slugify } from '../../shared/slug.ts';
import type { Db, Queryable } from '../db/index.ts';
import { type DemoProduct, demoCategories, demoProducts, priceFactors } from './demo-data.ts';
import { sharedImages } from './demo-pictures.ts';
import { convertPrice } from './seed.ts';

export const GENERATED_SKU_PREFIX = 'GEN-';

/** A generated product has a demo product's fields; its photos are those of a demo product of its look (demo-pictures.ts). */
export type GeneratedProduct = DemoProduct;

/** mulberry32: a tiny seeded generator, so product n is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Pick = <T>(items: readonly T[]) => T;
const BRANDS = ['Тишина', 'ШумоСтоп', 'АкустикПро', 'Бутилон', 'ВиброТех', 'Глушь', 'Сибирь', 'Норд', 'Кайман', 'Титан', 'Штиль', 'Магнум'];
const VIB_LINES = ['Лайт', 'Стандарт', 'Оптима', 'Макс', 'Премиум', 'Про', 'Арка', 'Ультра'];
const VIB_SHEET = { sheet_length_m: 0.75, sheet_width_m: 0.47, sheet_area_m2: 0.3525 };
const BIG_SHEET = { sheet_length_m: 1.0, sheet_width_m: 0.75, sheet_area_m2: 0.75 };
const PE_SHEET = { sheet_length_m: 0.75, sheet_width_m: 0.56, sheet_area_m2: 0.42 };

/** One kind of product per material category: its title, attributes, RUB price and description. */
const KINDS: Record<
  string,
  (pick: Pick, r: () => number, model: string) => Omit<GeneratedProduct, 'sku' | 'slug' | 'category' | 'popularity'>
> = {
  vibroizolyaciya: (pick, r, model) => {
    const thickness = pick([1.5, 1.8, 2, 2.2, 2.5, 3, 3.5, 4, 4.2, 5]);
    const line = pick(VIB_LINES);
    const loss = Math.round((0.15 + r() * 0.35) * 100) / 100;
    return {
      title: `${pick(BRANDS)} Вибро ${line} ${thickness.toFixed(1)} ${model}`,
      description: `Вибропоглотитель ${thickness} мм на бутиловой основе с алюминиевой фольгой, коэффициент потерь ${loss}. Наклеивается на обезжиренный металл и прикатывается роликом.`,
      priceRub: Math.round((200 + thickness * 90 + loss * 400) / 10) * 10,
      attributes: {
        thickness_mm: thickness,
        ...VIB_SHEET,
        mass_kg_m2: Math.round(thickness * 1.3 * 10) / 10,
        loss_factor: loss,
        foil_um: pick([60, 80, 100]),
        temp_min_c: -40,
        temp_max_c: 100,
        adhesive: 'бутил',
        material: 'бутиловая мастика',
        layer: 'vibration',
        unit: 'лист',
      },
    };
  },
  shumopogloshchenie: (pick, _r, model) => {
    const thickness = pick([4, 6, 8, 10, 12, 15, 20]);
    const material = pick(['ППУ', 'войлок', 'ППУ с фольгой', 'меламин']);
    return {
      title: `${pick(BRANDS)} Акустик ${thickness} ${material === 'войлок' ? 'Войлок ' : ''}${model}`,
      description: `Шумопоглотитель ${thickness} мм (${material}) с открытыми порами для дверей, крыши и багажника. Клеится на липкий слой поверх виброизоляции.`,
      priceRub: Math.round((300 + thickness * 35) / 10) * 10,
      attributes: {
        thickness_mm: thickness,
        ...BIG_SHEET,
        mass_kg_m2: Math.round((0.15 + thickness * 0.02) * 100) / 100,
        adhesive: 'акриловый',
        material,
        layer: 'absorber',
        unit: 'лист',
      },
    };
  },
  zvukoizolyaciya: (pick, _r, model) => {
    const membrane = pick([false, false, true]);
    const thickness = membrane ? pick([2, 3, 4]) : pick([2, 4, 6, 8, 10]);
    return {
      title: `${pick(BRANDS)} ${membrane ? 'Барьер' : 'Изолятор'} ${thickness} ${model}`,
      description: membrane
        ? `Тяжёлая звукоизоляционная мембрана ${thickness} мм для пола, тоннеля и моторного щита. Клеится на липкий слой внахлёст.`
        : `Звуко- и теплоизолятор из вспененного полиэтилена ${thickness} мм с закрытыми порами. Клеится на липкий слой.`,
      priceRub: membrane ? 500 + thickness * 150 : 120 + thickness * 25,
      attributes: membrane
        ? {
            thickness_mm: thickness,
            ...BIG_SHEET,
            mass_kg_m2: thickness * 1.7,
            adhesive: 'акриловый',
            material: 'мембрана',
            layer: 'barrier',
            unit: 'лист',
          }
        : {
            thickness_mm: thickness,
            ...PE_SHEET,
            mass_kg_m2: Math.round(thickness * 0.028 * 100) / 100,
            adhesive: 'акриловый',
            material: 'вспененный ПЭ',
            layer: 'barrier',
            unit: 'лист',
          },
    };
  },
  antiskrip: (pick, _r, model) => {
    const width = pick([10, 15, 20, 25, 30, 50]);
    const length = pick([5, 10, 12, 25]);
    return {
      title: `${pick(BRANDS)} Лента антискрип ${width} мм × ${length} м ${model}`,
      description: `Самоклеящаяся лента против скрипов и дребезга пластиковых панелей салона, ширина ${width} мм, длина ${length} м.`,
      priceRub: Math.round((100 + width * length * 0.4) / 10) * 10,
      attributes: {
        width_mm: width,
        length_m: length,
        adhesive: 'акриловый',
        material: pick(['войлок', 'ППУ', 'вспененный ПЭ']),
        layer: 'antisqueak',
        unit: 'рулон',
      },
    };
  },
  'zhidkaya-shumoizolyaciya': (pick, _r, model) => {
    const kg = pick([0.65, 1, 2.5, 5, 10]);
    return {
      title: `${pick(BRANDS)} Жидкая шумоизоляция ${kg < 1 ? '650 мл' : `${kg} кг`} ${model}`,
      description: `Жидкая шумоизоляция для колёсных арок, подкрылков и днища, расход около 1,5 кг на м² при слое 2 мм.`,
      priceRub: Math.round((300 + kg * 600) / 10) * 10,
      attributes: {
        net_kg: kg,
        thickness_mm: 2,
        mass_kg_m2: 1.5,
        material: 'каучуковая мастика',
        layer: 'liquid',
        unit: kg < 1 ? 'баллон' : 'банка',
      },
    };
  },
  instrumenty: (pick, _r, model) => {
    const width = pick([20, 30, 40, 50, 60, 80, 100]);
    return {
      title: `${pick(BRANDS)} Ролик прикаточный ${width} мм ${model}`,
      description: `Прикаточный ролик шириной ${width} мм для плотного прилегания листов виброизоляции.`,
      priceRub: 250 + width * 4,
      attributes: { width_mm: width, layer: 'tool', unit: 'шт' },
    };
  },
  aksessuary: (pick, _r, model) => {
    const ml = pick([250, 500, 1000, 5000]);
    return {
      title: `${pick(BRANDS)} Обезжириватель ${ml >= 1000 ? `${ml / 1000} л` : `${ml} мл`} ${model}`,
      description: `Обезжириватель для подготовки металла перед наклейкой виброизоляции, ${ml} мл.`,
      priceRub: Math.round((100 + ml * 0.3) / 10) * 10,
      attributes: { volume_ml: ml, layer: 'consumable', unit: 'шт' },
    };
  },
};

/** The material categories products are generated into (the kits category lists kits, not products). */
export const GENERATED_CATEGORIES = Object.keys(KINDS);

/** Product n (1-based) of the generated catalogue. */
export function generatedProduct(n: number): GeneratedProduct {
  const r = random(n * 2654435761);
  const pick: Pick = (items) => items[Math.floor(r() * items.length)]!;
  const category = GENERATED_CATEGORIES[n % GENERATED_CATEGORIES.length]!;
  const model = `М-${String(n).padStart(5, '0')}`;
  const kind = KINDS[category]!(pick, r, model);
  return {
    sku: `${GENERATED_SKU_PREFIX}${String(n).padStart(6, '0')}`,
    slug: slugify(kind.title),
    category,
    popularity: Math.floor(r() * 100),
    ...kind,
  };
}

/** Inserts or updates generated products 1..count in batches; deactivates generated products beyond count. */
export async function generateCatalog(
  db: Db,
  sites: SitesConfig,
  options: { count: number; batchSize?: number; onBatch?: (done: number) => void },
): Promise<{ written: number; deactivated: number }> {
  const batchSize = options.batchSize ?? 500;
  const categoryIds = new Map(demoCategories.map((c) => [c.slug, c.id]));
  const lists = new Map<string, number>();
  for (const site of sites.sites) lists.set(site.priceList, site.rounding);
  for (const site of sites.sites) {
    await db.query(`INSERT INTO price_lists (code, currency) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING`, [
      site.priceList,
      site.currency,
    ]);
  }
  for (let start = 1; start <= options.count; start += batchSize) {
    const products = Array.from({ length: Math.min(batchSize, options.count - start + 1) }, (_, i) => generatedProduct(start + i));
    await db.transaction((tx) => writeBatch(tx, products, categoryIds, lists));
    options.onBatch?.(start + products.length - 1);
  }
  const deactivated = await db.query(`UPDATE products SET is_active = false WHERE sku LIKE $1 AND sku > $2 AND is_active RETURNING id`, [
    `${GENERATED_SKU_PREFIX}%`,
    `${GENERATED_SKU_PREFIX}${String(options.count).padStart(6, '0')}`,
  ]);
  return { written: options.count, deactivated: deactivated.length };
}

async function writeBatch(tx: Queryable, products: GeneratedProduct[], categoryIds: Map<string, number>, lists: Map<string, number>) {
  const rows = products.map((p) => ({
    sku: p.sku,
    slug: p.slug,
    category_id: categoryIds.get(p.category),
    title: p.title,
    description: p.description,
    attributes: p.attributes,
    popularity: p.popularity,
    images: sharedImages(p, demoProducts),
  }));
  // One statement per batch (jsonb_to_recordset works alike on PGlite and PostgreSQL); the SKU is the key.
  const ids = await tx.query<{ id: number; sku: string }>(
    `INSERT INTO products (sku, slug, category_id, title, description, attributes, popularity, images)
     SELECT x.sku, x.slug, x.category_id, x.title, x.description, x.attributes, x.popularity, x.images
       FROM jsonb_to_recordset($1::jsonb) AS x(sku text, slug text, category_id int, title text, description text, attributes jsonb, popularity int, images jsonb)
     ON CONFLICT (sku) DO UPDATE SET slug = EXCLUDED.slug, category_id = EXCLUDED.category_id, title = EXCLUDED.title,
       description = EXCLUDED.description, attributes = EXCLUDED.attributes, popularity = EXCLUDED.popularity, images = EXCLUDED.images,
       is_active = true
     RETURNING id, sku`,
    [JSON.stringify(rows)],
  );
  const idOf = new Map(ids.map((r) => [r.sku, r.id]));
  const prices = products.flatMap((p) =>
    [...lists].flatMap(([code, rounding]) => {
      const factor = priceFactors[code as keyof typeof priceFactors];
      return factor === undefined
        ? []
        : [{ product_id: idOf.get(p.sku), price_list: code, amount: convertPrice(p.priceRub, factor, rounding) }];
    }),
  );
  await tx.query(
    `INSERT INTO product_prices (product_id, price_list, amount)
     SELECT x.product_id, x.price_list, x.amount FROM jsonb_to_recordset($1::jsonb) AS x(product_id int, price_list text, amount numeric)
     ON CONFLICT (product_id, price_list) DO UPDATE SET amount = EXCLUDED.amount`,
    [JSON.stringify(prices)],
  );
}
