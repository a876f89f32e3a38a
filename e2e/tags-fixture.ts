/**
 * Third-party tags for the browser tests (e2e/tags.spec.ts): one more site, tags.localhost (the main site's
 * settings), has every tag, and its onlineChat widget names a script on an allowlisted host and one on
 * another host. A site of its own, so that no other spec's pages try to reach a third-party host; this one
 * answers them with page.route fakes.
 */

import { hashPassword } from '../server/accounts/auth.ts';
import type { Queryable } from '../server/db/index.ts';
import { type SitesConfig, sitesConfigSchema } from '../shared/sites-config.ts';

export const E2E_TAGS = {
  analytics: { counterId: 12345678 },
  tracker: { src: 'https://tracker.example.net/t.js?site=test' },
  maps: { apiKey: '0a1b2c3d-4e5f-6789-abcd-ef0123456789' },
  chatHosts: ['chat.example.com'],
};

export const E2E_CHAT_SCRIPT = 'https://chat.example.com/widget.js?id=42';
export const E2E_OTHER_CHAT_SCRIPT = 'https://evil.example.net/chat.js';

export const E2E_TAGS_HOST = 'tags.localhost';

/** The sites config plus the tags site; every configured site unchanged (the demo ones have no tags). */
export function withTagsSite(config: SitesConfig): SitesConfig {
  const main = config.sites.find((s) => s.id === config.defaultSite)!;
  const tagsSite = { ...main, id: 'tags', host: E2E_TAGS_HOST, aliases: [], isTest: false, tags: E2E_TAGS };
  return sitesConfigSchema.parse({ ...config, sites: [...config.sites, tagsSite] });
}

/** A placed order on the tags site and its owner's account, for the purchase event (e2e/analytics.spec.ts). */
export const E2E_TAGS_ORDER = {
  id: 424242,
  /** What its pages are addressed by (never the id: decision 036). */
  number: '4242-0815',
  email: 'metrika@example.com',
  password: 'correct horse',
  total: 1450,
  lines: [
    { sku: 'VIB-STD-22', title: 'Вибро Стандарт 2.2', price: 380, quantity: 2 },
    { sku: 'ABS-AK-10', title: 'Акустик 10', price: 690, quantity: 1 },
  ],
};

export async function seedTagFixtures(db: Queryable): Promise<void> {
  const order = E2E_TAGS_ORDER;
  const [user] = await db.query<{ id: number }>('INSERT INTO users (email, name, password_hash) VALUES ($1, $2, $3) RETURNING id', [
    order.email,
    'Мария',
    await hashPassword(order.password),
  ]);
  await db.query(`INSERT INTO orders (id, number, user_id, site, currency, total) VALUES ($1, $2, $3, 'tags', 'RUB', $4)`, [
    order.id,
    order.number,
    user!.id,
    order.total,
  ]);
  for (const line of order.lines)
    await db.query(
      'INSERT INTO order_items (order_id, product_id, title, price, quantity, sku) SELECT $1, id, $3, $4, $5, sku FROM products WHERE sku = $2',
      [order.id, line.sku, line.title, line.price, line.quantity],
    );

  await db.query(
    `INSERT INTO widgets (code, site, html) VALUES ('onlineChat', 'tags', $1) ON CONFLICT (code, site) DO UPDATE SET html = EXCLUDED.html`,
    [`<script src="${E2E_CHAT_SCRIPT}" async></script><script src="${E2E_OTHER_CHAT_SCRIPT}" async></script>`],
  );
}
