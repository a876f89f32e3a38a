/**
 * Router actions in the browser's router (client/app-routes.tsx, client/data-strategy.ts), driven against the real
 * server: a fetcher submission is one POST /_data…?_action=<route>, then one GET /_data… that reloads exactly what
 * the mutation changed — the shell always, the page only when the form was posted to the page's own address.
 */

import t from 'tap';
import { startTestApp, type Visitor } from './helpers/app.ts';
import { browserRouter } from './helpers/browser-router.ts';

const app = await startTestApp(t);
const visitor: Visitor = app.visitor();
const [product] = await app.db.query<{ id: number; url: string }>(
  `SELECT p.id, '/' || c.slug || '/' || p.slug AS url FROM products p JOIN categories c ON c.id = p.category_id WHERE p.sku = 'VIB-STD-22'`,
);

const { router, requests: calls } = browserRouter(t, app, { basename: '/en', initialEntry: `/en${product!.url}`, as: visitor });
const idle = () =>
  new Promise<void>((resolve) => {
    const done = () =>
      router.state.initialized &&
      router.state.navigation.state === 'idle' &&
      [...router.state.fetchers.values()].every((f) => f.state === 'idle');
    if (done()) return resolve();
    const stop = router.subscribe(() => done() && (stop(), resolve()));
  });
await idle();
/** What each fetcher answered (the router forgets fetchers no component holds once they are idle). */
const fetched = new Map<string, unknown>();
router.subscribe((state) => {
  for (const [key, fetcher] of state.fetchers) if (fetcher.data !== undefined) fetched.set(key, fetcher.data);
});

const form = (fields: Record<string, string | number>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries({ ...fields, token: visitor.token })) data.set(k, String(v));
  return data;
};

t.test('a cart form on a product page: the action, then the shell only', async (t) => {
  calls.length = 0;
  router.fetch('add', 'product', '/cart', { formMethod: 'post', formData: form({ intent: 'item', productId: product!.id, quantity: 2 }) });
  await idle();
  t.same(
    calls,
    [`POST /_data/en/cart?_action=cart`, `GET /_data/en${product!.url}?_routes=root`],
    'one action call, then only the shell reloads',
  );
  t.equal(router.state.loaderData.root.cartCount, 1, 'the header counter changed');
  t.same(fetched.get('add'), { ok: true });
});

t.test('a refused mutation reloads nothing and reports the field', async (t) => {
  calls.length = 0;
  router.fetch('bad', 'product', '/cart', {
    formMethod: 'post',
    formData: form({ intent: 'item', productId: product!.id, quantity: 5000 }),
  });
  await idle();
  t.same(calls, [`POST /_data/en/cart?_action=cart`], 'a 4xx answer: no revalidation');
  t.same((fetched.get('bad') as { errors?: unknown })?.errors, { quantity: 'form.quantity' });
});

t.test('a form posted to the page it is on reloads that page too', async (t) => {
  await router.navigate('/cart');
  await idle();
  t.equal(router.state.loaderData.cart.entries[0].quantity, 2);
  calls.length = 0;
  router.fetch('set', 'cart', '/cart', {
    formMethod: 'post',
    formData: form({ intent: 'item', productId: product!.id, quantity: 5, mode: 'set' }),
  });
  await idle();
  t.same(calls, [`POST /_data/en/cart?_action=cart`, `GET /_data/en/cart?_routes=root%2Ccart`]);
  t.equal(router.state.loaderData.cart.entries[0].quantity, 5, 'the cart page shows the new quantity');
});

t.test('sign-out from the personal area follows the action redirect in the visitor language', async (t) => {
  // An anonymous visitor: the personal guard answers the action with a redirect to the sign-in page.
  calls.length = 0;
  await router.navigate('/personal', { formMethod: 'post', formData: form({}) });
  await idle();
  t.equal(router.state.location.pathname, '/en/auth', 'the router followed the redirect inside /en');
});
