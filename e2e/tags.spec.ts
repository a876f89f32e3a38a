/**
 * Third-party tags (issue 3 items 6 and 10) on tags.localhost, the one site configured with them
 * (e2e/tags-fixture.ts). Every third-party host is answered by a page.route fake; any other request that
 * leaves the local server is aborted and fails the test: the real Internet is never reached.
 */
import type { BrowserContext, Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated, watchConsole } from './page-helpers.ts';
import { E2E_CHAT_SCRIPT, E2E_OTHER_CHAT_SCRIPT, E2E_TAGS, E2E_TAGS_HOST } from './tags-fixture.ts';

const COUNTER = E2E_TAGS.analytics.counterId;

/**
 * A stand-in for tag.js: replays the snippet's queue and records every later ym() call; like the real one it
 * reports to its host (which the page's CSP must admit in connect-src).
 */
const FAKE_TAG_JS = `(function(){
  var queued = (window.ym && window.ym.a) || [];
  window.__ym = [];
  window.ym = function(){ window.__ym.push(Array.prototype.slice.call(arguments)); };
  for (var i = 0; i < queued.length; i++) window.ym.apply(null, queued[i]);
  fetch('https://mc.yandex.ru/watch/${COUNTER}', { method: 'POST', body: '' });
})();`;

/**
 * A stand-in for a chat widget: it pulls in its own code (a script without the nonce, so the CSP's
 * script-src must list the chat host) and talks to its server (connect-src).
 */
const FAKE_CHAT_JS = `(function(){
  var s = document.createElement('script');
  s.src = 'https://chat.example.com/app.js';
  document.head.appendChild(s);
  fetch('https://chat.example.com/api/ping');
})();`;

interface Fakes {
  /** Every third-party request, by URL. */
  requests: string[];
  /** Requests to hosts nothing here fakes (aborted). */
  unexpected: string[];
  /** Holds tag.js until released (to show it does not hold the page). */
  releaseTagJs: () => void;
}

async function fakeThirdParties(page: Page, opts: { holdTagJs?: boolean } = {}): Promise<Fakes> {
  const fakes: Fakes = { requests: [], unexpected: [], releaseTagJs: () => {} };
  const tagJsGate = new Promise<void>((resolve) => (fakes.releaseTagJs = resolve));
  if (!opts.holdTagJs) fakes.releaseTagJs();
  const js = (route: Route, body: string) => route.fulfill({ status: 200, contentType: 'text/javascript', body });
  await page.route(
    (url) => !/^(?:[a-z0-9-]+\.)?localhost$/.test(url.hostname),
    async (route) => {
      const url = route.request().url();
      fakes.requests.push(url);
      const host = new URL(url).hostname;
      if (url.startsWith('https://mc.yandex.ru/metrika/tag.js')) {
        await tagJsGate;
        return js(route, FAKE_TAG_JS);
      }
      if (url.startsWith('https://mc.yandex.ru/watch/')) return route.fulfill({ status: 204 });
      if (url === 'https://chat.example.com/app.js') return js(route, 'window.__chatLoaded = (window.__chatLoaded || 0) + 1;');
      if (url === 'https://chat.example.com/api/ping')
        return route.fulfill({ status: 204, headers: { 'access-control-allow-origin': '*' } });
      if (host === 'chat.example.com') return js(route, FAKE_CHAT_JS);
      if (host === 'tracker.example.net') return js(route, 'window.__trackerLoaded = true;');
      fakes.unexpected.push(url);
      return route.abort();
    },
  );
  return fakes;
}

const siteUrl = (baseURL: string | undefined, path = '/') => baseURL!.replace('localhost', E2E_TAGS_HOST) + path;
/** The visitor accepted cookies earlier: analytics and the tracker start with the page (e2e/analytics.spec.ts covers before). */
const consented = (context: BrowserContext) => context.addCookies([{ name: 'cooky', value: '1', domain: E2E_TAGS_HOST, path: '/' }]);
const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
const ymCalls = (page: Page) => page.evaluate(() => (window as unknown as { __ym?: unknown[][] }).__ym ?? []);

test('analytics: tag.js loads async with the nonce, init has the options, a hit on each client navigation only', async ({
  page,
  context,
  baseURL,
}) => {
  await consented(context);
  const problems = watchConsole(page);
  const fakes = await fakeThirdParties(page);
  const home = siteUrl(baseURL);
  const response = await page.goto(home);
  const nonce = nonceOf(response!.headers()['content-security-policy']);
  expect(nonce).toBeTruthy();
  await hydrated(page);

  const tag = page.locator('script[src="https://mc.yandex.ru/metrika/tag.js"]');
  await expect(tag).toHaveCount(1);
  expect(await tag.evaluate((s: HTMLScriptElement) => ({ nonce: s.nonce, async: s.async }))).toEqual({ nonce, async: true });
  await expect
    .poll(() => ymCalls(page))
    .toEqual([[COUNTER, 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: true, ecommerce: 'dataLayer' }]]);

  // Two client-side navigations: one hit each, with the previous address as referrer. No full reload.
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await page.locator('.category-links').getByRole('link', { name: 'Виброизоляция' }).click();
  await expect(page).toHaveURL(/\/vibroizolyaciya$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Виброизоляция');
  const category = siteUrl(baseURL, '/vibroizolyaciya');
  await expect.poll(async () => (await ymCalls(page)).length).toBe(2);
  expect((await ymCalls(page))[1]).toEqual([COUNTER, 'hit', category, { referer: home, title: await page.title() }]);

  await page.locator('header .logo').click();
  await expect(page).toHaveURL(home);
  await expect.poll(async () => (await ymCalls(page)).length).toBe(3);
  expect((await ymCalls(page))[2]).toMatchObject([COUNTER, 'hit', home, { referer: category }]);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);

  expect(fakes.requests.filter((u) => u.includes('tag.js'))).toHaveLength(1);
  expect(fakes.requests).toContain(`https://mc.yandex.ru/watch/${COUNTER}`);
  expect(fakes.unexpected).toEqual([]);
  expect(problems).toEqual([]);
});

test('chat: the allowlisted script loads with the nonce after hydration; the other host never loads', async ({ page, baseURL }) => {
  const problems = watchConsole(page);
  const fakes = await fakeThirdParties(page);
  const response = await page.goto(siteUrl(baseURL));
  const html = await response!.text();
  const nonce = nonceOf(response!.headers()['content-security-policy']);
  expect(html).not.toContain('evil.example.net');
  expect(html).not.toMatch(/<script[^>]*chat\.example\.com/);

  await page.waitForFunction(() => (window as unknown as { __chatLoaded?: number }).__chatLoaded === 1);
  const chat = page.locator(`script[src="${E2E_CHAT_SCRIPT}"]`);
  expect(await chat.evaluate((s: HTMLScriptElement) => ({ nonce: s.nonce, async: s.async }))).toEqual({ nonce, async: true });
  await expect(page.locator('script[src*="evil.example.net"]')).toHaveCount(0);
  expect(fakes.requests).toContain(E2E_CHAT_SCRIPT);
  // Its own code and its server calls pass the CSP (the chat host is in script-src and connect-src).
  await expect.poll(() => fakes.requests).toContain('https://chat.example.com/api/ping');
  expect(fakes.requests).toContain('https://chat.example.com/app.js');
  expect(fakes.requests.some((u) => u.startsWith(E2E_OTHER_CHAT_SCRIPT))).toBe(false);

  // A client navigation does not load it again.
  await page.locator('.category-links').getByRole('link', { name: 'Виброизоляция' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Виброизоляция');
  expect(fakes.requests.filter((u) => u === E2E_CHAT_SCRIPT)).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { __chatLoaded?: number }).__chatLoaded)).toBe(1);
  expect(fakes.unexpected).toEqual([]);
  expect(problems).toEqual([]);
});

test('tracker: loaded once, async with the nonce, given the referrer and the page address', async ({ page, context, baseURL }) => {
  await consented(context);
  const problems = watchConsole(page);
  const fakes = await fakeThirdParties(page);
  const from = baseURL + '/vibroizolyaciya';
  const url = siteUrl(baseURL, '/vibroizolyaciya?utm=1');
  const response = await page.goto(url, { referer: from });
  const nonce = nonceOf(response!.headers()['content-security-policy']);
  await page.waitForFunction(() => (window as unknown as { __trackerLoaded?: boolean }).__trackerLoaded === true);

  const referrer = await page.evaluate(() => document.referrer);
  expect(referrer).not.toBe('');
  const requested = fakes.requests.filter((u) => u.startsWith('https://tracker.example.net/'));
  expect(requested).toHaveLength(1);
  const sent = new URL(requested[0]!);
  expect(sent.pathname).toBe('/t.js');
  expect(sent.searchParams.get('site')).toBe('test');
  expect(sent.searchParams.get('r')).toBe(referrer);
  expect(sent.searchParams.get('u')).toBe(url);

  const script = page.locator('script[src^="https://tracker.example.net/"]');
  expect(
    await script.evaluate((s: HTMLScriptElement) => ({ nonce: s.nonce, async: s.async, referrer: s.dataset.referrer, url: s.dataset.url })),
  ).toEqual({ nonce, async: true, referrer, url });
  expect(fakes.unexpected).toEqual([]);
  expect(problems).toEqual([]);
});

test('no tag holds the page: content shows and hydrates while tag.js is still pending', async ({ page, context, baseURL }) => {
  await consented(context);
  const fakes = await fakeThirdParties(page, { holdTagJs: true });
  const response = await page.goto(siteUrl(baseURL), { waitUntil: 'domcontentloaded' });
  const html = await response!.text();
  // The server sends no external <script src> at all: tag.js is appended async by the inline snippet.
  expect(html).not.toMatch(/<script[^>]+src="https?:\/\/(?!localhost|tags\.localhost)/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await hydrated(page);
  expect(fakes.requests.some((u) => u.startsWith('https://mc.yandex.ru/metrika/tag.js'))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __ym?: unknown }).__ym)).toBeUndefined();
  fakes.releaseTagJs();
  await expect.poll(() => ymCalls(page)).toHaveLength(1);
});

test('a site without tags loads no third-party script at all', async ({ page }) => {
  const problems = watchConsole(page);
  const fakes = await fakeThirdParties(page);
  await page.goto('/');
  await hydrated(page);
  await page.locator('.category-links').getByRole('link', { name: 'Виброизоляция' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Виброизоляция');
  // Give idle-time loaders their chance.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 })));
  expect(fakes.requests).toEqual([]);
  expect(await page.evaluate(() => typeof (window as unknown as { ym?: unknown }).ym)).toBe('undefined');
  expect(problems).toEqual([]);
});
