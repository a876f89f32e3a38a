/**
 * A path for every page route of shared/routes.ts, generated from it: each dynamic segment filled from the test
 * database (the first active product, kit, published news item and article, an order of the signed-in visitor).
 * Tests that walk every page (head, HTML validity) use it, so a new route is walked the day it is added — or the
 * helper throws, naming the missing sample.
 */
import { type PageRouteId, pageRoutes } from '../../shared/routes.ts';
import { createOrder, createUser, orderNumber, type TestApp, type Visitor } from './app.ts';

/** A router path of every route: each dynamic segment filled from `samples` (none may be missing). */
export function routePaths(samples: Partial<Record<PageRouteId, Record<string, string>>>): [PageRouteId, string][] {
  return pageRoutes.map((route): [PageRouteId, string] => {
    if ('index' in route) return [route.id, '/'];
    if (route.path === '*') return [route.id, '/no-such-page'];
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
      const value = samples[route.id]?.[name];
      if (value === undefined) throw new Error(`no sample :${name} for the route ${route.id}: add one to test/helpers/route-paths.ts`);
      return value;
    });
    return [route.id, `/${path}`];
  });
}

/** Signs `visitor` in as a new user with one order (order pages are addressed by its number) and returns every route's path. */
export async function everyRoutePath(app: TestApp, visitor: Visitor): Promise<[PageRouteId, string][]> {
  const userId = await createUser(app, { signIn: visitor });
  const number = await orderNumber(app, await createOrder(app, { sessionId: visitor.sessionId, userId }));
  const [product] = await app.db.query<{ category: string; product: string }>(
    `SELECT c.slug AS category, p.slug AS product FROM products p JOIN categories c ON c.id = p.category_id
      WHERE p.is_active ORDER BY p.id LIMIT 1`,
  );
  const slugOf = async (kind: string, prefix = '') => {
    const [row] = await app.db.query<{ slug: string }>(
      `SELECT slug FROM content_entries WHERE kind = $1 AND starts_with(slug, $2) AND published ORDER BY id LIMIT 1`,
      [kind, prefix],
    );
    return row!.slug.slice(prefix.length);
  };
  const [kit] = await app.db.query<{ slug: string }>('SELECT slug FROM kits ORDER BY id LIMIT 1');
  return routePaths({
    'history-entry': { id: number },
    'cart-result': { success: 'success' },
    'cart-order': { success: 'success', id: number },
    'cart-invoice': { id: number },
    kit: { slug: kit!.slug },
    'about-noise-page': { page: await slugOf('page', 'about_noise_insulation/') },
    'news-item': { slug: await slugOf('news') },
    article: { slug: await slugOf('article') },
    category: { category: product!.category },
    product: product!,
  });
}
