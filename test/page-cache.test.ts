/**
 * The page cache (issue 22 item 1, decision 052): a visitor without personal state gets a kept page — with this
 * answer's own CSP nonce and this visitor's own site token, as gzip spliced without a compressor run, or identity —
 * and the header says hit or miss; a cart, a compare list, a sign-in, a flash or a personal page bypasses it; a back
 * office change clears it; a 404 is never kept; past its lifetime one request renders again while the others get the
 * stale page; the memory is bounded.
 */
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import t from 'tap';
import { PageCache } from '../server/cache/index.ts';
import { createUser, hydrationData, setCookies, startTestApp } from './helpers/app.ts';
import { staffMember, staffPost } from './helpers/staff.ts';

const app = await startTestApp(t, { PAGE_CACHE_TTL: '600' });

const nonceOf = (res: { headers: Record<string, unknown> }) => /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
const tokenOf = (html: string) => hydrationData(html).loaderData.root.token as string;
const bodyOf = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
  (res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload).toString();

t.test('an anonymous visitor: rendered once, then kept — with each answer’s own nonce and token', async (t) => {
  app.services.invalidateCaches();
  const a = app.visitor();
  const first = await app.request({ url: '/vibroizolyaciya', as: a });
  t.equal(first.statusCode, 200);
  t.equal(first.headers['x-page-cache'], 'miss');

  const b = app.visitor();
  const second = await app.request({ url: '/vibroizolyaciya', as: b });
  t.equal(second.headers['x-page-cache'], 'hit');
  const html = bodyOf(second);
  const nonce = nonceOf(second);
  t.not(nonce, nonceOf(first), 'a fresh nonce');
  t.match(html, `nonce="${nonce}"`, 'the page carries this answer’s nonce');
  t.notMatch(html, nonceOf(first), 'and nothing of the first');
  t.equal(tokenOf(html), b.token, 'this visitor’s own site token');
  t.notMatch(html, a.token, 'not the first visitor’s');
  t.equal(
    html.replaceAll(nonce, 'N').replaceAll(b.token, 'T'),
    bodyOf(first).replaceAll(nonceOf(first), 'N').replaceAll(a.token, 'T'),
    'otherwise the same page',
  );

  // The token the kept page gave works: the visitor's form is accepted, and from then on the visitor is personal.
  const productId =
    hydrationData(html).loaderData['category']?.listing?.items?.[0]?.id ??
    (await app.db.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1'))[0]!.id;
  const added = await app.submit({ path: '/cart', as: b, js: true, fields: { intent: 'item', productId, quantity: 1, mode: 'add' } });
  t.equal(added.statusCode, 200, 'the form with the kept page’s token is accepted');
  const personal = await app.request({ url: '/vibroizolyaciya', as: b });
  t.equal(personal.headers['x-page-cache'], 'bypass', 'a visitor with a cart is rendered for');
  t.equal(hydrationData(personal.body).loaderData.root.cartCount, 1);
});

t.test('a new visitor on a kept page gets a session cookie of its own', async (t) => {
  await app.request({ url: '/' });
  const one = await app.request({ url: '/' });
  const two = await app.request({ url: '/' });
  t.equal(one.headers['x-page-cache'], 'hit');
  const [c1, c2] = [setCookies(one), setCookies(two)];
  t.ok(Object.keys(c1).length > 0, 'a session cookie');
  t.not(JSON.stringify(c1), JSON.stringify(c2), 'a different one each');
  t.not(tokenOf(bodyOf(one)), tokenOf(bodyOf(two)), 'and a different token in the page');
});

t.test('gzip spliced at storing time is valid gzip; identity and brotli-only browsers get the same page', async (t) => {
  const v = app.visitor();
  await app.request({ url: '/calc', as: v });
  const gz = await app.request({ url: '/calc', as: v, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  t.equal(gz.headers['x-page-cache'], 'hit');
  t.equal(gz.headers['content-encoding'], 'gzip');
  t.match(gz.headers.vary, /Accept-Encoding/);
  const plain = await app.request({ url: '/calc', as: v, headers: { 'accept-encoding': 'identity' } });
  t.equal(plain.headers['content-encoding'], undefined);
  const norm = (res: typeof gz) => bodyOf(res).replaceAll(nonceOf(res), 'N');
  t.equal(norm(gz), norm(plain), 'the same page both ways');
  t.ok(gz.rawPayload.length < plain.rawPayload.length / 3, `compressed (${gz.rawPayload.length} of ${plain.rawPayload.length} bytes)`);
  const br = await app.request({ url: '/calc', as: v, headers: { 'accept-encoding': 'br' } });
  t.equal(br.statusCode, 200);
  t.not(br.headers['content-encoding'], 'gzip', 'a browser that takes no gzip is not sent it');
});

t.test('personal state and personal pages are never served from or put into the cache', async (t) => {
  const signedIn = app.visitor();
  await createUser(app, { signIn: signedIn });
  await app.request({ url: '/' });
  const page = await app.request({ url: '/', as: signedIn });
  t.equal(page.headers['x-page-cache'], 'bypass', 'signed in');
  t.equal(hydrationData(page.body).loaderData.root.signedIn, true);

  const comparing = app.visitor();
  const [product] = await app.db.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1');
  await app.submit({ path: '/compare', as: comparing, js: true, fields: { intent: 'add', productId: product!.id } });
  t.equal((await app.request({ url: '/', as: comparing })).headers['x-page-cache'], 'bypass', 'a compare list');

  for (const url of ['/cart', '/account', '/login']) {
    const v = app.visitor();
    await app.request({ url, as: v });
    const again = await app.request({ url, as: app.visitor() });
    t.not(again.headers['x-page-cache'], 'hit', `${url} is never a kept page`);
  }
});

t.test('a page with a public form is never kept: its anti-robot stamp is bound to the visitor’s session', async (t) => {
  for (const [url, form] of [
    ['/otzyvy-i-predlojeniya', 'review'],
    ['/stat-partnerom', 'partner'],
  ] as const) {
    const a = app.visitor();
    const b = app.visitor();
    await app.request({ url, as: a });
    const second = await app.request({ url, as: b });
    t.equal(second.headers['x-page-cache'], 'miss', `${url}: rendered for each visitor`);
    const stamp = new RegExp(`"(?:stamp|${form})":"(\\d{13}\\.[\\w-]{43})"`).exec(second.body)?.[1];
    t.ok(stamp, 'the page carries a stamp');
    t.equal(app.services.formStamps.check(form, b.sessionId, stamp, Date.now() + 60_000), 'ok', 'bound to this visitor');
  }
});

t.test('a 404 is not kept: random addresses cannot fill the cache', async (t) => {
  const before = app.services.pages.size;
  for (let i = 0; i < 5; i++) {
    const res = await app.request({ url: `/no-such-${i}-${Math.random().toString(36).slice(2)}` });
    t.equal(res.statusCode, 404);
  }
  const url = '/no-such-page-at-all';
  await app.request({ url });
  t.equal((await app.request({ url })).headers['x-page-cache'], 'miss', 'rendered every time');
  t.equal(app.services.pages.size, before);
});

t.test('a back office change clears the kept pages: the shop shows it at once', async (t) => {
  await app.request({ url: '/calc' });
  t.equal((await app.request({ url: '/calc' })).headers['x-page-cache'], 'hit');
  const editor = await staffMember(app, 'content');
  const form = await app.request({ url: '/staff/calculator/structure', headers: { cookie: editor.cookie } });
  const tablesVersion = /name="tablesVersion" value="([^"]+)"/.exec(form.body)![1]!;
  const saved = await staffPost(app, editor, '/staff/calculator/structure', {
    tablesVersion,
    'zone.hood.title': 'Капот и решётка',
    intent: 'save',
  });
  t.equal(saved.statusCode, 303);
  const after = await app.request({ url: '/calc' });
  t.equal(after.headers['x-page-cache'], 'miss');
  t.match(after.body, 'Капот и решётка');
});

t.test('the store itself: stale served while one request renders again; bounded by bytes', async (t) => {
  let now = 0;
  const cache = new PageCache(1000, 400_000, () => now);
  const values = { nonce: 'NONCE-ABCDEFGHIJKLMNOPQR', token: 'TOKEN-abcdefghijklmnopqrstuvwxyz0123456789AB' };
  const html = Buffer.from(`<script nonce="${values.nonce}"></script><input value="${values.token}">`);
  cache.store('k', 200, html, values);
  t.equal(cache.lookup('k').state, 'hit');
  now = 1500;
  t.equal(cache.lookup('k').state, 'stale', 'past its lifetime: this request renders again');
  t.equal(cache.lookup('k').state, 'hit', 'the others get the stale page meanwhile');
  cache.abandon('k');
  t.equal(cache.lookup('k').state, 'stale', 'a render that failed leaves it to the next request');
  now = 20_000;
  t.equal(cache.lookup('k').state, 'miss', 'too old to serve at all');

  now = 0;
  const big = Buffer.from('x'.repeat(20_000) + Math.random());
  for (let i = 0; i < 40; i++) cache.store(`p${i}`, 200, Buffer.concat([big, Buffer.from(String(i))]), values);
  t.ok(cache.size < 40, `the oldest pages went (${cache.size} kept)`);
  t.equal(cache.lookup('p39').state, 'hit', 'the newest stayed');
  t.equal(cache.lookup('p0').state, 'miss');

  // A page with many forms: the repeated token is sent as copies of its first occurrence, the parts as one page.
  const many = {
    nonce: randomBytes(16).toString('base64'),
    token: randomBytes(32).toString('base64url'),
  };
  let cards = '<html><script nonce="N"></script>'.replace('N', many.nonce);
  for (let i = 0; i < 50; i++)
    cards += `<li><h3>Товар ${i}</h3><form><input type="hidden" name="token" value="${many.token}"><button>В корзину</button></form></li>`;
  cache.store('cards', 200, Buffer.from(cards), many);
  const kept = cache.lookup('cards');
  if (kept.state === 'miss') throw new Error('kept');
  for (let round = 0; round < 5; round++) {
    const fresh = { nonce: randomBytes(16).toString('base64'), token: randomBytes(32).toString('base64url') };
    const expected = cards.replaceAll(many.nonce, fresh.nonce).replaceAll(many.token, fresh.token);
    const sent = cache.answer(kept.page as never, fresh, true);
    t.equal(gunzipSync(sent).toString(), expected, `round ${round}: the spliced gzip inflates to the page with these values`);
    if (round === 0)
      t.ok(sent.length < 50 * many.token.length, `the repeated token goes as copies: ${sent.length} B, less than the 50 tokens it holds`);
  }
  // A page holding a placeholder byte is compressed part by part: still right.
  const odd = `<p>\u0001\u0011</p><script nonce="${many.nonce}"></script>`;
  cache.store('odd', 200, Buffer.from(odd), many);
  const oddKept = cache.lookup('odd');
  if (oddKept.state === 'miss') throw new Error('kept');
  t.equal(
    gunzipSync(cache.answer(oddKept.page as never, { nonce: 'x'.repeat(24), token: 't' }, true)).toString(),
    odd.replace(many.nonce, 'x'.repeat(24)),
  );
  t.equal(
    cache.answer(oddKept.page as never, { nonce: 'short', token: 't' }, true).toString(),
    odd.replace(many.nonce, 'short'),
    'a value of another length: sent plain',
  );

  const page = cache.lookup('p39');
  if (page.state === 'miss') throw new Error('kept');
  const other = { nonce: 'n2', token: 't2' };
  t.equal(gunzipSync(cache.answer(page.page as never, other, true)).toString(), cache.answer(page.page as never, other, false).toString());
});
