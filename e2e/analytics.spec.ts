/**
 * Analytics consent and the Yandex Metrika e-commerce data layer (issue 10 item 7, decision 025), on
 * tags.localhost — the one site with a counter (e2e/tags-fixture.ts). Every request that leaves the local
 * server is recorded and answered by a fake (tag.js records its calls and what the data layer held when it
 * loaded): before 'Согласен' not one request reaches the analytics host or the tracker; after it the counter
 * starts at once, without a reload, and on later page loads with the page. Product view, add, remove and
 * purchase land in window.dataLayer in the documented shape, in the site's currency (RUB, the ru price list).
 */
import type { Page, Route } from '@playwright/test';
import { demoCategories, demoKits, demoProducts } from '../server/demo/demo-data.ts';
import { expect, test } from './fixtures.ts';
import { hydrated, watchConsole } from './page-helpers.ts';
import { E2E_TAGS, E2E_TAGS_HOST, E2E_TAGS_ORDER } from './tags-fixture.ts';

const COUNTER = E2E_TAGS.analytics.counterId;
const TAG_JS = 'https://mc.yandex.ru/metrika/tag.js';

/** tag.js stand-in: replays the queue, records later ym() calls and the data layer it found, reports a hit. */
const FAKE_TAG_JS = `(function(){
  var queued = (window.ym && window.ym.a) || [];
  window.__ym = [];
  window.__dataLayerAtLoad = JSON.parse(JSON.stringify(window.dataLayer || null));
  window.ym = function(){ window.__ym.push(Array.prototype.slice.call(arguments)); };
  for (var i = 0; i < queued.length; i++) window.ym.apply(null, queued[i]);
  fetch('https://mc.yandex.ru/watch/${COUNTER}', { method: 'POST', body: '' });
})();`;

/** Hosts of the analytics counter, its session recording and the visitor tracker: nothing may reach them before consent. */
const TRACKING = /^https:\/\/(mc\.yandex\.[a-z]+|mc\.webvisor\.(com|org)|yastatic\.net|tracker\.example\.net)\//;

interface Network {
  /** Every request that left the local server, in order. */
  all: string[];
  tracking: () => string[];
  unexpected: string[];
}

/** Records every request that leaves the local server (page.on('request') sees them all) and fakes the answers. */
async function fakeNetwork(page: Page): Promise<Network> {
  const net: Network = { all: [], unexpected: [], tracking: () => net.all.filter((u) => TRACKING.test(u)) };
  const local = (url: string) => /^(?:[a-z0-9-]+\.)?localhost$/.test(new URL(url).hostname);
  page.on('request', (request) => {
    if (!local(request.url())) net.all.push(request.url());
  });
  const js = (route: Route, body: string) => route.fulfill({ status: 200, contentType: 'text/javascript', body });
  await page.route(
    (url) => !local(url.href),
    (route) => {
      const url = route.request().url();
      if (url === TAG_JS) return js(route, FAKE_TAG_JS);
      if (url.startsWith('https://mc.yandex.ru/watch/')) return route.fulfill({ status: 204 });
      if (url.startsWith('https://tracker.example.net/')) return js(route, 'window.__trackerLoaded = true;');
      // The site's chat widget needs no consent (decision 025); its script is answered with nothing.
      if (new URL(url).hostname === 'chat.example.com') return js(route, '');
      net.unexpected.push(url);
      return route.abort();
    },
  );
  return net;
}

const siteUrl = (baseURL: string | undefined, path = '/') => baseURL!.replace('localhost', E2E_TAGS_HOST) + path;
const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer);
const idle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 })));

/** A product of the demo catalogue as the data layer describes it (ru list: the RUB price as is). */
function product(sku: string, quantity?: number) {
  const p = demoProducts.find((d) => d.sku === sku)!;
  const category = demoCategories.find((c) => c.slug === p.category)!.title;
  return { id: sku, name: p.title, price: p.priceRub, category, ...(quantity === undefined ? {} : { quantity }) };
}
const event = (action: string, products: unknown[]) => ({ ecommerce: { currencyCode: 'RUB', [action]: { products } } });

async function banner(page: Page) {
  return page.getByRole('region', { name: 'Уведомление о файлах cookie' });
}

test('no analytics request before consent; Согласен starts the counter at once, later pages start it with the page', async ({
  page,
  context,
  baseURL,
}) => {
  const problems = watchConsole(page);
  const net = await fakeNetwork(page);
  const productPage = siteUrl(baseURL, '/vibroizolyaciya/vibro-standart-2-2');
  await page.goto(productPage);
  await hydrated(page);
  await idle(page);

  // The visitor has not decided: the shop works, events wait in the data layer, nothing is sent.
  const notice = await banner(page);
  await expect(notice).toContainText('Веб-аналитика (Яндекс Метрика) и запись сеансов включаются только после нажатия «Согласен».');
  expect(await dataLayer(page)).toEqual([event('detail', [product('VIB-STD-22')])]);
  const buy = page.locator('.product-actions__cart');
  await buy.getByRole('spinbutton').fill('2');
  await buy.getByRole('button', { name: 'В корзину' }).click();
  await expect(buy.getByRole('status')).toHaveText('Товар добавлен в корзину.');
  await expect.poll(() => dataLayer(page)).toHaveLength(2);
  expect((await dataLayer(page))![1]).toEqual(event('add', [product('VIB-STD-22', 2)]));
  await page.locator('.site-header').getByRole('link', { name: '1 товар в корзине' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Корзина');
  await idle(page);
  expect(net.tracking()).toEqual([]);
  expect(await page.evaluate(() => typeof (window as unknown as { ym?: unknown }).ym)).toBe('undefined');
  expect(await page.locator(`script[src^="${TAG_JS}"]`).count()).toBe(0);

  // 'Согласен': tag.js (with the page's nonce) and the tracker load at once, in this same document.
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await notice.getByRole('button', { name: 'Согласен' }).click();
  await expect(notice).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __ym?: unknown[] }).__ym))
    .toEqual([[COUNTER, 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: true, ecommerce: 'dataLayer' }]]);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  const tag = page.locator(`script[src="${TAG_JS}"]`);
  await expect(tag).toHaveCount(1);
  expect(await tag.evaluate((s: HTMLScriptElement) => s.async && !!s.nonce)).toBe(true);
  // The counter finds what waited for it.
  expect(await page.evaluate(() => (window as unknown as { __dataLayerAtLoad: unknown }).__dataLayerAtLoad)).toEqual([
    event('detail', [product('VIB-STD-22')]),
    event('add', [product('VIB-STD-22', 2)]),
  ]);
  await page.waitForFunction(() => (window as unknown as { __trackerLoaded?: boolean }).__trackerLoaded === true);
  await expect.poll(() => net.all).toContain(`https://mc.yandex.ru/watch/${COUNTER}`);
  expect((await context.cookies()).find((c) => c.name === 'cooky')?.value).toBe('1');

  // A client navigation is a hit now.
  await page.locator('header .logo').click();
  await expect.poll(async () => (await page.evaluate(() => (window as unknown as { __ym: unknown[][] }).__ym)).length).toBe(2);
  expect((await page.evaluate(() => (window as unknown as { __ym: unknown[][] }).__ym))[1]).toEqual([
    COUNTER,
    'hit',
    siteUrl(baseURL),
    expect.objectContaining({ referer: siteUrl(baseURL, '/cart') }),
  ]);

  // A later page load: the counter starts with the page (the server's snippet), no notice.
  const before = net.all.filter((u) => u === TAG_JS).length;
  const response = await page.goto(productPage);
  expect(await response!.text()).toContain('ym(id,"init",opts)');
  await expect.poll(() => net.all.filter((u) => u === TAG_JS).length).toBe(before + 1);
  await hydrated(page);
  await expect(page.locator('.cookie-banner')).toHaveCount(0);
  expect(await dataLayer(page)).toEqual([event('detail', [product('VIB-STD-22')])]);
  expect(net.unexpected).toEqual([]);
  expect(problems).toEqual([]);
});

test('a kit and the cart page: add and remove events with the changed quantities, still nothing sent', async ({ page, baseURL }) => {
  const problems = watchConsole(page);
  const net = await fakeNetwork(page);
  const kit = demoKits.find((k) => k.slug === 'dveri-4')!;
  await page.goto(siteUrl(baseURL, `/komplekty-sumoizoliacii/${kit.slug}`));
  await hydrated(page);
  expect(await dataLayer(page)).toEqual([]);
  await page.getByRole('button', { name: 'Весь комплект в корзину' }).click();
  await expect(page.locator('.kit-actions').getByRole('status')).toHaveText('Комплект добавлен в корзину.');
  await expect.poll(() => dataLayer(page)).toHaveLength(1);
  const added = (await dataLayer(page))![0] as ReturnType<typeof event>;
  const products = (added.ecommerce.add as { products: { id: string }[] }).products;
  expect([...products].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
    kit.items.map((i) => product(i.sku, i.quantity)).sort((a, b) => a.id.localeCompare(b.id)),
  );
  expect(added.ecommerce.currencyCode).toBe('RUB');

  await page.getByRole('link', { name: `${kit.items.length} товара в корзине` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Корзина');
  const quantity = (title: string) => page.getByRole('spinbutton', { name: `Количество: ${title}` });
  const update = (title: string) =>
    page
      .locator('.cart-line__quantity')
      .filter({ has: quantity(title) })
      .getByRole('button', { name: 'Обновить' });

  const std = product('VIB-STD-22');
  await quantity(std.name).fill('5');
  await update(std.name).click();
  await expect.poll(() => dataLayer(page)).toHaveLength(2);
  expect((await dataLayer(page))![1]).toEqual(event('remove', [product('VIB-STD-22', 6)]));

  const ak = product('ABS-AK-10');
  await quantity(ak.name).fill('4');
  await update(ak.name).click();
  await expect.poll(() => dataLayer(page)).toHaveLength(3);
  expect((await dataLayer(page))![2]).toEqual(event('add', [product('ABS-AK-10', 1)]));

  const iz = product('BAR-IZ-4');
  await page.getByRole('button', { name: `Удалить ${iz.name} из корзины` }).click();
  await expect(quantity(iz.name)).toHaveCount(0);
  await expect.poll(() => dataLayer(page)).toHaveLength(4);
  expect((await dataLayer(page))![3]).toEqual(event('remove', [product('BAR-IZ-4', 6)]));

  await idle(page);
  expect(net.tracking()).toEqual([]);
  expect(net.unexpected).toEqual([]);
  expect(problems).toEqual([]);
});

async function signIn(page: Page, baseURL: string | undefined, next: string) {
  await page.goto(siteUrl(baseURL, `/auth?next=${encodeURIComponent(next)}`));
  await hydrated(page);
  await page.getByLabel('E-mail').fill(E2E_TAGS_ORDER.email);
  await page.getByLabel('Пароль').fill(E2E_TAGS_ORDER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

test('purchase: the order result page reports the order once, a reload does not count it again', async ({ page, baseURL }) => {
  const problems = watchConsole(page);
  const net = await fakeNetwork(page);
  const order = E2E_TAGS_ORDER;
  await signIn(page, baseURL, `/cart/success/${order.number}`);
  await expect(page).toHaveURL(new RegExp(`/cart/success/${order.number}$`));
  // The order as the shopper knows it: its number (NNNN-NNNN), not the database id.
  const number = /\d{4}-\d{4}/.exec((await page.locator('.receipt__number strong').textContent()) ?? '')?.[0];
  expect(number).toBe(order.number);
  const purchase = {
    ecommerce: {
      currencyCode: 'RUB',
      purchase: {
        actionField: { id: number, revenue: order.total },
        // Lines by their SKU, in the receipt's order (by title).
        products: [...order.lines]
          .sort((a, b) => a.title.localeCompare(b.title))
          .map((l) => ({ id: l.sku, name: l.title, price: l.price, quantity: l.quantity })),
      },
    },
  };
  await expect.poll(() => dataLayer(page)).toContainEqual(purchase);
  expect((await dataLayer(page))!.filter((e) => JSON.stringify(e).includes('"purchase"'))).toHaveLength(1);

  await page.reload();
  await hydrated(page);
  await idle(page);
  expect(JSON.stringify(await dataLayer(page))).not.toContain('"purchase"');

  // The fail page of the same order reports nothing (the payment did not go through).
  await page.goto(siteUrl(baseURL, `/cart/fail/${order.number}`));
  await hydrated(page);
  await idle(page);
  expect(JSON.stringify(await dataLayer(page))).not.toContain('"purchase"');
  expect(net.tracking()).toEqual([]);
  expect(problems).toEqual([]);
});

test('a site without a counter: no data layer, no analytics request, before or after Согласен', async ({ page }) => {
  const problems = watchConsole(page);
  const net = await fakeNetwork(page);
  await page.goto('/vibroizolyaciya/vibro-standart-2-2');
  await hydrated(page);
  const notice = await banner(page);
  await expect(notice).toBeVisible();
  await expect(notice).not.toContainText('Яндекс Метрика');
  const buy = page.locator('.product-actions__cart');
  await buy.getByRole('button', { name: 'В корзину' }).click();
  await expect(buy.getByRole('status')).toHaveText('Товар добавлен в корзину.');
  await notice.getByRole('button', { name: 'Согласен' }).click();
  await expect(notice).toHaveCount(0);
  await page.locator('header .logo').click();
  await idle(page);
  expect(await dataLayer(page)).toBeUndefined();
  expect(await page.evaluate(() => typeof (window as unknown as { ym?: unknown }).ym)).toBe('undefined');
  expect(net.all).toEqual([]);
  expect(problems).toEqual([]);
});
