/**
 * The browser router's data layer (client/data-strategy.ts) against the real server: listeners told of every
 * successful action answer (the e-commerce data layer reads cart changes there) and never of a refused one; data
 * preloaded for a hovered link (client/robustness/preload.ts) serving the navigation that follows, once, and dropped
 * when the visitor did something that may change it.
 */
import t from 'tap';
import { dropPreloadedData, onActionResult, preloadData } from '../client/data-strategy.ts';
import { startTestApp, type Visitor } from './helpers/app.ts';
import { browserRouter } from './helpers/browser-router.ts';

const app = await startTestApp(t);
const visitor: Visitor = app.visitor();
const [product] = await app.db.query<{ id: number; url: string }>(
  `SELECT p.id, '/' || c.slug || '/' || p.slug AS url FROM products p JOIN categories c ON c.id = p.category_id WHERE p.sku = 'VIB-STD-22'`,
);
// preloadData resolves a path against the document's address, as in the browser.
const g = globalThis as { window?: unknown };
const hadWindow = 'window' in g;
if (!hadWindow) g.window = { location: { href: 'http://localhost/en' } };
t.teardown(() => {
  if (!hadWindow) delete g.window;
});

const { router, requests } = browserRouter(t, app, { basename: '/en', initialEntry: `/en${product!.url}`, as: visitor });
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
const form = (fields: Record<string, string | number>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries({ ...fields, token: visitor.token })) data.set(k, String(v));
  return data;
};

t.test('action listeners hear every successful answer, not refused ones; a failing listener breaks no form', async (t) => {
  const heard: Array<[string, unknown]> = [];
  const stop = onActionResult((routeId, data) => heard.push([routeId, data]));
  const stopFaulty = onActionResult(() => {
    throw new Error('a broken analytics script');
  });
  const realError = console.error;
  const logged: unknown[] = [];
  console.error = (e: unknown) => logged.push(e);
  t.teardown(() => {
    console.error = realError;
  });
  const answers = new Map<string, unknown>();
  const watch = router.subscribe((state) => {
    for (const key of ['add', 'again']) {
      const data = state.fetchers.get(key)?.data;
      if (data !== undefined) answers.set(key, data);
    }
  });
  router.fetch('add', 'product', '/cart', { formMethod: 'post', formData: form({ intent: 'item', productId: product!.id, quantity: 2 }) });
  await idle();
  t.same(heard, [['cart', { ok: true }]], 'told the route and its answer');
  t.same(answers.get('add'), { ok: true }, 'the form got its answer although a listener threw');
  t.equal(logged.length, 1, "the listener's failure is logged");
  t.equal(router.state.loaderData.root.cartCount, 1, 'and the shell reloaded as usual');

  router.fetch('bad', 'product', '/cart', {
    formMethod: 'post',
    formData: form({ intent: 'item', productId: product!.id, quantity: 5000 }),
  });
  await idle();
  t.equal(heard.length, 1, 'a refused mutation (4xx) is not reported as a change');

  stop();
  stopFaulty();
  router.fetch('again', 'product', '/cart', {
    formMethod: 'post',
    formData: form({ intent: 'item', productId: product!.id, quantity: 1 }),
  });
  await idle();
  t.equal(heard.length, 1, 'a listener that stopped hears nothing more');
  t.same(answers.get('again'), { ok: true }, 'the add itself went through');
  watch();
});

t.test('a hovered link: its data fetched ahead serves the next navigation there, once; dropped data is fetched again', async (t) => {
  // Which routes a navigation to /cart loads, and how the data request for it reads.
  requests.length = 0;
  await router.navigate('/cart');
  await idle();
  const first = requests.filter((r) => r.startsWith('GET /_data/en/cart?'));
  t.equal(first.length, 1, 'a plain navigation: one data request');
  const routeIds = new URL(first[0]!.slice(4), 'http://x').searchParams.get('_routes')!.split(',');
  // The checkout form's one-time key is new on every load; the rest is the page.
  const page = (data: { checkout?: unknown }) => ({ ...data, checkout: undefined });
  const cartData = page(router.state.loaderData.cart);
  await router.navigate(product!.url);
  await idle();

  requests.length = 0;
  await preloadData('/en/cart', routeIds);
  await preloadData('/en/cart', routeIds);
  t.same(requests, [first[0]], 'preloaded once, however often the link is hovered');
  await router.navigate('/cart');
  await idle();
  t.same(requests, [first[0]], 'the navigation used the preloaded answer: no second request');
  t.same(page(router.state.loaderData.cart), cartData, 'with the same page data');

  await router.navigate(product!.url);
  await idle();
  requests.length = 0;
  await router.navigate('/cart');
  await idle();
  t.equal(requests.filter((r) => r.startsWith('GET /_data/en/cart?')).length, 1, 'a preloaded answer is used once only');

  await router.navigate(product!.url);
  await idle();
  await preloadData('/en/cart', routeIds);
  dropPreloadedData();
  requests.length = 0;
  await router.navigate('/cart');
  await idle();
  t.equal(requests.filter((r) => r.startsWith('GET /_data/en/cart?')).length, 1, 'dropped (the visitor acted): fetched afresh');

  await router.navigate(product!.url);
  await idle();
  const partial = routeIds.length > 1 ? routeIds.slice(1) : ['root'];
  t.notOk(
    routeIds.every((id) => partial.includes(id)),
    'the preloaded routes miss one',
  );
  await preloadData('/en/cart', partial);
  requests.length = 0;
  await router.navigate('/cart');
  await idle();
  t.equal(
    requests.filter((r) => r.startsWith('GET /_data/en/cart?')).length,
    1,
    'preloaded data missing a route the navigation loads is not used',
  );
});
