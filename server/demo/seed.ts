/**
 * Loads the demo catalogue of the team notes (../shared/domain.md, beside the repository). Idempotent: rows
 * are upserted by their natural keys (slug, sku, code), so a second run changes nothing and duplicates nothing.
 * On start-up it runs only while the catalogue is empty (seedIfEmpty), so a shop owner's edits are never
 * overwritten.
 */

import { unitMassKg } from '../../shared/product-info.ts';
import type { SitesConfig } from '../../shared/sites.ts';
import { hashPassword, passwordProblem } from '../accounts/index.ts';
import type { Db, Queryable } from '../db/index.ts';
import { SCHEMA_LOCK_KEY } from '../db/migrate.ts';
import { seedDemoContent } from './demo-content.ts';
import { demoCategories, demoCities, demoKits, demoOnOrder, demoProducts, demoWeightsKg, demoWidgets, priceFactors } from './demo-data.ts';
import { seedDealers } from './demo-dealers.ts';
import { demoProductImages } from './demo-pictures.ts';
import { type DemoText, demoTranslations } from './translations/index.ts';

/** Price in a price list's currency: RUB × factor, rounded to the list's step (domain.md). */
export function convertPrice(rub: number, factor: number, rounding: number): number {
  return Math.max(rounding, Math.round((rub * factor) / rounding) * rounding);
}

export async function seedDemo(db: Db, sites: SitesConfig): Promise<void> {
  await db.transaction(
    async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
      await seedInto(tx, sites);
    },
    { unbounded: true },
  );
}

/** On start-up: loads the demo data only into an empty catalogue. Pods starting together load it once. */
export async function seedIfEmpty(db: Db, sites: SitesConfig): Promise<boolean> {
  return db.transaction(
    async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
      if (!(await catalogueIsEmpty(tx))) return false;
      await seedInto(tx, sites);
      return true;
    },
    { unbounded: true },
  );
}

async function seedInto(tx: Queryable, sites: SitesConfig): Promise<void> {
  // News, articles, info pages and FAQ (decision 027).
  await seedDemoContent(tx);
  const priceLists = new Map<string, { currency: string; rounding: number }>();
  for (const site of sites.sites) priceLists.set(site.priceList, { currency: site.currency, rounding: site.rounding });
  for (const [code, { currency }] of priceLists) {
    await tx.query(
      `INSERT INTO price_lists (code, currency) VALUES ($1, $2) ON CONFLICT (code) DO UPDATE SET currency = EXCLUDED.currency`,
      [code, currency],
    );
  }

  for (const c of demoCategories) {
    await tx.query(
      `INSERT INTO categories (id, slug, title, description, preview_image, sort) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, title = EXCLUDED.title, description = EXCLUDED.description,
         preview_image = EXCLUDED.preview_image, sort = EXCLUDED.sort`,
      [c.id, c.slug, c.title, c.description, `/img/categories/${c.slug}.svg`, c.sort],
    );
  }
  const categoryIds = new Map(demoCategories.map((c) => [c.slug, c.id]));

  const productIds = new Map<string, number>();
  for (const p of demoProducts) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO products (sku, slug, category_id, title, description, attributes, popularity, images)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::jsonb)
       ON CONFLICT (sku) DO UPDATE SET slug = EXCLUDED.slug, category_id = EXCLUDED.category_id, title = EXCLUDED.title,
         description = EXCLUDED.description, attributes = EXCLUDED.attributes, popularity = EXCLUDED.popularity,
         images = EXCLUDED.images
       RETURNING id`,
      [
        p.sku,
        p.slug,
        categoryIds.get(p.category),
        p.title,
        p.description,
        JSON.stringify(p.attributes),
        p.popularity,
        JSON.stringify(demoProductImages(p)),
      ],
    );
    productIds.set(p.sku, row!.id);
    for (const [code, { rounding }] of priceLists) {
      const factor = priceFactors[code as keyof typeof priceFactors];
      if (factor === undefined) continue;
      await tx.query(
        `INSERT INTO product_prices (product_id, price_list, amount) VALUES ($1, $2, $3)
         ON CONFLICT (product_id, price_list) DO UPDATE SET amount = EXCLUDED.amount`,
        [row!.id, code, convertPrice(p.priceRub, factor, rounding)],
      );
    }
  }

  // Demo stock (migration 005), in one statement over the demo SKUs only.
  await tx.query(
    `UPDATE products SET stock = CASE WHEN sku = ANY($2::text[]) THEN 0 ELSE 20 + popularity END WHERE sku = ANY($1::text[])`,
    [demoProducts.map((p) => p.sku), demoOnOrder],
  );
  // Shipping weights and made-to-order flags (migration 009): the on-order products are made to order, the rest
  // are sold from stock.
  await tx.query(
    `UPDATE products p SET weight_kg = w.kg, made_to_order = p.sku = ANY($3::text[])
       FROM unnest($1::text[], $2::numeric[]) AS w(sku, kg) WHERE p.sku = w.sku`,
    [demoProducts.map((p) => p.sku), demoProducts.map((p) => unitMassKg(p.attributes) ?? demoWeightsKg[p.sku] ?? 0), demoOnOrder],
  );

  const kitIds = new Map<string, number>();
  for (const k of demoKits) {
    const [kit] = await tx.query<{ id: number }>(
      `INSERT INTO kits (slug, title, description, discount_percent) VALUES ($1, $2, $3, $4)
       ON CONFLICT (slug) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description,
         discount_percent = EXCLUDED.discount_percent
       RETURNING id`,
      [k.slug, k.title, k.description, k.discountPercent],
    );
    kitIds.set(k.slug, kit!.id);
    await tx.query('DELETE FROM kit_items WHERE kit_id = $1', [kit!.id]);
    for (const item of k.items) {
      await tx.query('INSERT INTO kit_items (kit_id, product_id, quantity) VALUES ($1, $2, $3)', [
        kit!.id,
        productIds.get(item.sku),
        item.quantity,
      ]);
    }
  }

  const languages = Object.entries(demoTranslations);
  await seedTranslations(
    tx,
    'category_translations',
    'category_id',
    languages.map(([l, texts]) => [l, texts.categories]),
    categoryIds,
  );
  await seedTranslations(
    tx,
    'product_translations',
    'product_id',
    languages.map(([l, texts]) => [l, texts.products]),
    productIds,
  );
  await seedTranslations(
    tx,
    'kit_translations',
    'kit_id',
    languages.map(([l, texts]) => [l, texts.kits]),
    kitIds,
  );
  const values = languages.flatMap(([language, texts]) =>
    Object.entries(texts.attributeValues).flatMap(([attribute, byValue]) =>
      Object.entries(byValue).map(([value, text]) => [attribute, value, language, text]),
    ),
  );
  await tx.query(
    `INSERT INTO attribute_value_translations (attribute, value, language, text)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
     ON CONFLICT (attribute, value, language) DO UPDATE SET text = EXCLUDED.text`,
    [0, 1, 2, 3].map((i) => values.map((row) => row[i])),
  );

  for (const c of demoCities) {
    await tx.query(
      `INSERT INTO cities (site, title, region, url) VALUES ($1, $2, $3, $4)
       ON CONFLICT (site, title) DO UPDATE SET region = EXCLUDED.region, url = EXCLUDED.url`,
      [c.site, c.title, c.region, c.url],
    );
  }

  for (const w of demoWidgets) {
    await tx.query(
      `INSERT INTO widgets (code, site, html) VALUES ($1, $2, $3) ON CONFLICT (code, site) DO UPDATE SET html = EXCLUDED.html`,
      [w.code, w.site === 'default' ? '*' : w.site, w.html],
    );
  }

  await seedDealers(tx); // the partners on /map (migration 015)
}

/**
 * The demo catalogue's texts in the other languages (migration 026): one statement per table. `byLanguage` holds each
 * language's texts by the demo's natural key (slug or SKU), `ids` maps that key to the row's id; a key without a row
 * means the demo data is inconsistent.
 */
async function seedTranslations(
  tx: Queryable,
  table: 'category_translations' | 'product_translations' | 'kit_translations',
  idColumn: 'category_id' | 'product_id' | 'kit_id',
  byLanguage: Array<[string, Record<string, DemoText>]>,
  ids: Map<string, number>,
): Promise<void> {
  const rows = byLanguage.flatMap(([language, texts]) =>
    Object.entries(texts).map(([key, text]) => {
      const id = ids.get(key);
      if (id === undefined) throw new Error(`the ${language} demo texts name an unknown row: ${table} ${key}`);
      return { id, language, ...text };
    }),
  );
  await tx.query(
    `INSERT INTO ${table} (${idColumn}, language, title, description)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])
     ON CONFLICT (${idColumn}, language) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description`,
    [rows.map((r) => r.id), rows.map((r) => r.language), rows.map((r) => r.title), rows.map((r) => r.description)],
  );
}

export async function catalogueIsEmpty(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM categories');
  return row!.n === 0;
}

/**
 * The demo shopper (README, docs/decisions/042-demo-inbox.md): an account with a confirmed e-mail and a published
 * password, so a visitor of the demo can sign in at once. A published password is a way in for anyone: it is created
 * only for the demo — the embedded database with the demo data and no SMTP server (server/main.ts decides) — never on
 * a shop's own PostgreSQL.
 */
export const DEMO_SHOPPER = {
  email: 'demo@tihoavto.localhost',
  password: 'Tishina-2026',
  name: 'Демо Покупатель',
  phone: '+79161234567',
} as const;

/** Creates the demo shopper unless an account with its e-mail exists (a changed password is kept). True when created. */
export async function seedDemoShopper(db: Queryable): Promise<boolean> {
  const problem = passwordProblem(DEMO_SHOPPER.password, DEMO_SHOPPER.email);
  if (problem) throw new Error(`the demo shopper's password breaks the password rule: ${problem}`);
  const [taken] = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [DEMO_SHOPPER.email]);
  if (taken) return false;
  const hash = await hashPassword(DEMO_SHOPPER.password);
  const created = await db.query(
    `INSERT INTO users (email, name, phone, password_hash, email_confirmed_at, pd_consent_at, site, language)
     VALUES ($1, $2, $3, $4, now(), now(), 'ru', 'ru')
     ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
    [DEMO_SHOPPER.email, DEMO_SHOPPER.name, DEMO_SHOPPER.phone, hash],
  );
  return created.length > 0;
}

/**
 * The demo's owner of the back office (README "The back office"): a published password, so a visitor of the demo can
 * try /staff at once — the first sign-in enrols an authenticator app, as for every member. Created under the demo
 * shopper's conditions only (server/main.ts): the embedded database with the demo data and no SMTP server.
 */
export const DEMO_OWNER = { email: 'owner@tihoavto.localhost', password: 'Tishina-Staff-2026' } as const;

/** Creates the demo owner unless a staff member with its e-mail exists (a changed password is kept). True when created. */
export async function seedDemoOwner(db: Queryable): Promise<boolean> {
  const [taken] = await db.query('SELECT 1 FROM staff_members WHERE lower(email) = lower($1)', [DEMO_OWNER.email]);
  if (taken) return false;
  const created = await db.query(
    `INSERT INTO staff_members (email, name, role, password_hash) VALUES ($1, 'Демо-владелец', 'owner', $2)
     ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
    [DEMO_OWNER.email, await hashPassword(DEMO_OWNER.password)],
  );
  return created.length > 0;
}
