/**
 * Hostile input, generated (fast-check): every page route, router action, /_data call and API route, fed random and
 * adversarial strings (unicode, RTL, NUL, lone surrogates, huge, malformed percent-encoding), wrong types, deep JSON,
 * wrong content types, forged tokens and cookies, spoofed Host and X-Forwarded-* headers.
 * Properties: never a 5xx; a probe string never comes back unescaped in HTML; a redirect never leaves the configured
 * sites; the server still answers /healthz and the home page afterwards.
 * Seeded (HOSTILE_SEED, default below) so a failure replays; bounded (HOSTILE_RUNS per property) so the lane stays fast.
 */

import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { startTestApp, type TestApp, type Visitor } from './helpers/app.ts';

const SEED = Number(process.env.HOSTILE_SEED ?? 20261123);
const RUNS = Number(process.env.HOSTILE_RUNS ?? 120);
const app: TestApp = await startTestApp(t);
const visitor: Visitor = app.visitor();
let executed = 0;

/** An HTML tag that must never reach a page unescaped; every generated string may carry it. */
const PROBE = '<x-probe data-x="1">';
const SITE_HOSTS = new Set(demoSitesConfig.sites.flatMap((s) => [s.host, ...(s.aliases ?? [])]));

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const nasty = fc.constantFrom(
  PROBE,
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '\u0000',
  '\u007f',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '..%2f..%2fetc%2fpasswd',
  "' OR 1=1 --",
  '__proto__',
  'constructor',
  '//evil.example',
  'https://evil.example/',
  '\\\\evil.example',
  'javascript:alert(1)',
  '\r\nSet-Cookie: x=1',
  '🚗💨',
  'ё'.repeat(300),
);
/** Strings of every kind, the probe spliced in now and then. */
const hostile = fc
  .oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: fc.oneof(loneSurrogate, fc.constantFrom('a', '\u0000', '<', '%')), maxLength: 12 }) },
    { weight: 3, arbitrary: nasty },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 3000, maxLength: 9000 }) },
  )
  .chain((s) => fc.constantFrom(s, s + PROBE, PROBE + s));
/** A path segment as a client would send it: percent-encoded, or raw ASCII with malformed escapes. */
const segment = fc.oneof(
  hostile.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'))),
  fc.constantFrom(
    '%',
    '%zz',
    '%c0%ae',
    '..',
    '.',
    '%2e%2e',
    'a%00b',
    'vibroizolyaciya',
    'komplekty-sumoizoliacii',
    'cart',
    'search',
    'en',
    'kk',
    'stati',
    'news',
    'about_noise_insulation',
    'sloi-shumoizolyacii',
    'calc',
    'constructor',
  ),
);
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, hostile, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(hostile, tie('value'), { maxKeys: 4 }),
})).value;
/** JSON nested deeper than any parser should be asked to walk. */
const deepJson = fc.integer({ min: 100, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
const headerText = fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => s.replace(/[\r\n]/g, ''));
const host = fc.oneof(
  fc.constantFrom('localhost', 'kz.localhost', 'tihoavto.ru', 'test.localhost', 'evil.example', '', '[::1]', 'localhost:99999'),
  headerText,
);

/** Headers an attacker controls beyond the body. */
const spoofed = fc.record(
  {
    'x-forwarded-for': headerText,
    'x-forwarded-proto': fc.constantFrom('https', 'http', 'gopher', ''),
    'x-forwarded-host': host,
    cookie: fc.oneof(
      fc.constant(visitor.cookie),
      headerText.map((s) => `sid=${s}`),
      headerText.map((s) => `${visitor.cookie}; flash=${s}; cooky=${s}`),
    ),
    'x-csrf-token': fc.oneof(fc.constant(visitor.token), headerText),
  },
  { requiredKeys: [] },
);

async function send(options: InjectOptions): Promise<LightMyRequestResponse | null> {
  executed++;
  try {
    return await app.fastify.inject(options);
  } catch (err) {
    // light-my-request refuses what no HTTP client could send (e.g. a header with a character outside latin1).
    if (err instanceof TypeError || (err as { code?: string }).code === 'ERR_INVALID_CHAR') return null;
    throw err;
  }
}

/** The properties every answer must hold. */
function check(res: LightMyRequestResponse | null, what: string): void {
  if (!res) return;
  if (res.statusCode >= 500) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('text/html') && res.body.includes(PROBE)) throw new Error(`${what}: the probe came back unescaped in HTML`);
  const location = res.headers.location;
  if (typeof location === 'string') {
    const local = /^\/(?![/\\])/.test(location);
    const site = /^https:\/\/([^/]+)(\/|$)/.exec(location)?.[1];
    if (!local && !(site && SITE_HOSTS.has(site))) throw new Error(`${what}: redirect off the site: ${location}`);
  }
}

const options = { seed: SEED, numRuns: RUNS };

t.test('page routes and /_data navigations', async (t) => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(segment, { minLength: 1, maxLength: 4 }),
      fc.dictionary(
        fc.constantFrom('q', 'page', 'sort', 'next', 'price_min', 'thickness_mm', '_routes', 'city', 'type', segment as never),
        hostile,
        {
          maxKeys: 3,
        },
      ),
      fc.boolean(),
      spoofed,
      host,
      async (segments, query, data, headers, hostName) => {
        const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, v.replace(/[\ud800-\udfff]/g, '\ufffd')])).toString();
        const url = `${data ? '/_data' : ''}/${segments.join('/')}${search ? '?' + search : ''}`;
        check(await send({ method: 'GET', url, headers: { host: hostName, ...headers } }), `GET ${url.slice(0, 120)}`);
      },
    ),
    options,
  );
  t.pass(`${RUNS} generated page requests`);
});

t.test('named pages and feeds with hostile query strings', async (t) => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('/map', '/en/map', '/kk/map', '/sitemap.xml', '/sitemap-products-1.xml', '/robots.txt', '/yml.xml', '/rss.xml'),
      fc.dictionary(fc.constantFrom('city', 'type', 'q', 'page', '_routes'), hostile, { maxKeys: 3 }),
      fc.boolean(),
      host,
      async (path, query, data, hostName) => {
        const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, v.replace(/[\ud800-\udfff]/g, '\ufffd')])).toString();
        const url = `${data ? '/_data' : ''}${path}${search ? '?' + search : ''}`;
        check(await send({ method: 'GET', url, headers: { host: hostName } }), `GET ${url.slice(0, 120)}`);
      },
    ),
    options,
  );
  t.pass(`${RUNS} generated requests to /map and the feeds`);
});

t.test('calculator and constructor queries (/calc, /constructor): repeated, huge and hostile values', async (t) => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('/calc', '/constructor', '/kk/calc', '/_data/calc?_routes=calc&', '/_data/constructor?_routes=builder&'),
      fc.array(fc.tuple(fc.constantFrom('car', 'body', 'tier', 'zone', 'roof.vibration', 'door-skin.absorber'), hostile), { maxLength: 6 }),
      host,
      async (path, pairs, hostName) => {
        const search = new URLSearchParams(pairs.map(([k, v]) => [k, v.replace(/[\ud800-\udfff]/g, '\ufffd')])).toString();
        const url = path.endsWith('&') ? path + search : `${path}?${search}`;
        check(await send({ method: 'GET', url, headers: { host: hostName } }), `GET ${url.slice(0, 120)}`);
      },
    ),
    options,
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(
        '/cart',
        '/calc',
        '/constructor',
        '/_data/cart?_action=cart',
        '/_data/calc?_action=calc',
        '/_data/constructor?_action=builder',
      ),
      fc.record({
        intent: fc.constantFrom('lines', 'save'),
        lines: fc.oneof(fc.constantFrom('1:2,3:4', '1:999,1:999', '2147483647:1', '1:1000'), hostile),
        title: hostile,
        query: fc.oneof(fc.constantFrom('?zone=roof&tier=max', 'zone=floor&floor.barrier=-'), hostile),
        next: hostile.map((s) => '/' + s),
      }),
      async (url, fields) => {
        const body = Object.fromEntries(
          Object.entries({ ...fields, token: visitor.token }).map(([k, v]) => [k, v.replace(/[\ud800-\udfff]/g, '\ufffd')]),
        );
        const headers = { host: 'localhost', cookie: visitor.cookie, 'content-type': 'application/x-www-form-urlencoded' };
        check(await send({ method: 'POST', url, payload: new URLSearchParams(body).toString(), headers }), `POST ${url}`);
      },
    ),
    options,
  );
  t.pass(`${RUNS} generated calculator requests and ${RUNS} calculator posts`);
});

const actionPaths = fc.constantFrom(
  '/cart',
  '/cart?step=checkout',
  '/compare',
  '/auth',
  '/personal',
  '/register',
  '/auth/forgot',
  '/auth/reset',
  '/account/confirm',
  '/records',
  '/history/0043-8547',
  '/en/register',
  '/en/cart',
  '/cart/fail/0043-8547',
  '/en/cart/success/0043-8547',
  '/kk/compare',
  '/materials',
  '/map',
  '/',
  '/vibroizolyaciya',
  '/nope/nope/nope',
  '/otzyvy-i-predlojeniya',
  '/stat-partnerom',
  '/handmade',
  '/en/handmade',
  '/stati/sloi-shumoizolyacii',
  '/calc',
  '/constructor',
  '/kk/calc',
);

t.test('router actions: plain form posts and /_data submissions', async (t) => {
  await fc.assert(
    fc.asyncProperty(
      actionPaths,
      fc.boolean(),
      // Mostly well-formed forms with one or more hostile fields (so the action runs far enough to use them), plus
      // arbitrary extra fields.
      fc
        .record(
          {
            intent: fc.oneof(
              fc.constantFrom(
                'item',
                'kit',
                'add',
                'remove',
                'clear',
                'profile',
                'email',
                'password',
                'addAddress',
                'removeAddress',
                'delete',
                'logoutAll',
                'repeat',
                'lines',
                'review',
                'message',
                'pay',
                'switch',
                'checkout',
              ),
              hostile,
            ),
            lines: fc.oneof(fc.constantFrom('1:2,3:4', '1:999,1:999', '2147483647:1', '1:1000'), hostile),
            title: hostile,
            query: fc.oneof(fc.constantFrom('?zone=roof&tier=max', 'zone=floor&floor.barrier=-'), hostile),
            productId: fc.oneof(fc.constantFrom('1', '8', '2147483647', '0', '-1', '1e3'), hostile),
            quantity: fc.oneof(fc.integer({ min: -5, max: 1005 }).map(String), hostile),
            mode: fc.oneof(fc.constantFrom('add', 'set'), hostile),
            slug: fc.oneof(fc.constantFrom('optimalnyj', 'no-such-kit'), hostile),
            next: fc.oneof(
              hostile,
              hostile.map((s) => '/' + s),
              fc.constantFrom('/en/cart', '/корзина', '/\\evil'),
            ),
            email: fc.oneof(fc.constantFrom('a@b.ru', 'x@example.com'), hostile),
            password: hostile,
            _form: hostile,
            // The content pages' forms (reviews, partner, handmade).
            rating: fc.oneof(fc.constantFrom('1', '5', '6'), hostile),
            text: hostile,
            preferredDate: fc.oneof(fc.constantFrom('2030-01-01', '2026-02-30'), hostile),
            started: hostile,
            homepage: hostile,
            newPassword: hostile,
            id: fc.oneof(fc.constantFrom('1', '0', '-1', '2147483648', 'abc'), hostile),
            purpose: fc.oneof(fc.constantFrom('confirm', 'email'), hostile),
            // The order form (intent=checkout): its fields, well-formed or hostile.
            checkoutKey: fc.oneof(fc.constant(`${'a'.repeat(22)}.${'b'.repeat(43)}`), hostile),
            expectedGoods: fc.oneof(fc.constantFrom('0', '690', '1e308', '-1', 'NaN'), hostile),
            expectedTotal: fc.oneof(fc.constantFrom('', '690', 'Infinity'), hostile),
            name: fc.oneof(fc.constant('Иван Петров'), hostile),
            phone: fc.oneof(fc.constantFrom('+7 916 123-45-67', '+7 701 123 4567', '0'), hostile),
            customerType: fc.oneof(fc.constantFrom('person', 'legal'), hostile),
            company: hostile,
            inn: fc.oneof(fc.constantFrom('7707083893', '7707083894', '500100732259'), hostile),
            kpp: fc.oneof(fc.constantFrom('770701001', 'ZZZ'), hostile),
            delivery: fc.oneof(fc.constantFrom('pickup', 'dellin', 'cdek-point', 'teleport'), hostile),
            city: fc.oneof(fc.constantFrom('Москва', 'Магадан'), hostile),
            address: hostile,
            point: fc.oneof(fc.constantFrom('msk-warehouse', 'cdek-spb-1'), hostile),
            payment: fc.oneof(fc.constantFrom('cash', 'invoice', 'card'), hostile),
            comment: hostile,
            method: fc.oneof(fc.constantFrom('cash', 'card'), hostile),
            consent: fc.oneof(fc.constant('on'), hostile),
          },
          { requiredKeys: [] },
        )
        .chain((known) => fc.dictionary(hostile, hostile, { maxKeys: 2 }).map((extra) => ({ ...extra, ...known }))),
      fc.constantFrom('valid', 'valid', 'valid', 'missing', 'foreign'),
      fc.constantFrom(
        'application/x-www-form-urlencoded',
        'application/json',
        'text/plain',
        'multipart/form-data; boundary=x',
        'application/xml',
      ),
      spoofed,
      async (path, js, fields, token, contentType, headers) => {
        const body = { ...fields } as Record<string, string>;
        if (token === 'valid') body.token = visitor.token;
        if (token === 'foreign') body.token = app.visitor().token;
        const safe = Object.fromEntries(
          Object.entries(body).map(([k, v]) => [k.replace(/[\ud800-\udfff]/g, '\ufffd'), v.replace(/[\ud800-\udfff]/g, '\ufffd')]),
        );
        const payload = contentType.startsWith('application/json') ? JSON.stringify(safe) : new URLSearchParams(safe).toString();
        const url = js ? `/_data${path}?_action=x` : path;
        check(
          await send({
            method: 'POST',
            url,
            payload,
            headers: { host: 'localhost', cookie: visitor.cookie, ...headers, 'content-type': contentType },
          }),
          `POST ${url} (${contentType})`,
        );
      },
    ),
    options,
  );
  t.pass(`${RUNS} generated form posts`);
});

const apiRoutes = fc.constantFrom(
  ['GET', '/api/shop/categories'],
  ['GET', '/api/shop/cart'],
  ['GET', '/api/site/city'],
  ['GET', '/api/site/region'],
  ['GET', '/api/site/widget'],
  ['GET', '/api/location'],
  ['POST', '/api/site/search'],
  ['POST', '/api/cart'],
  ['POST', '/api/compare'],
  ['GET', '/api/nope'],
  ['POST', '/api/payments/yookassa'],
  ['PUT', '/api/cart'],
  ['DELETE', '/api/shop/cart'],
) as fc.Arbitrary<[string, string]>;

t.test('API routes: wrong types, deep JSON, huge and wrong bodies', async (t) => {
  await fc.assert(
    fc.asyncProperty(
      apiRoutes,
      fc.dictionary(fc.constantFrom('token', 'domain', 'search', 'code', 'q'), hostile, { maxKeys: 3 }),
      fc.oneof(
        jsonValue.map((v) => JSON.stringify(v)),
        deepJson,
        hostile,
        fc.constant('{"search":'),
        fc.constant(''),
      ),
      fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/json; charset=latin1'),
      spoofed,
      async ([method, path], query, payload, contentType, headers) => {
        const safeQuery = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v.replace(/[\ud800-\udfff]/g, '\ufffd')]));
        const url = `${path}?${new URLSearchParams(safeQuery)}`;
        const res = await send({
          method: method as 'GET',
          url,
          payload: method === 'GET' ? undefined : payload.replace(/[\ud800-\udfff]/g, '\ufffd'),
          headers: { host: 'localhost', ...headers, ...(method === 'GET' ? {} : { 'content-type': contentType }) },
        });
        check(res, `${method} ${url.slice(0, 100)}`);
        if (res && res.statusCode >= 400) {
          const type = String(res.headers['content-type']);
          if (!type.startsWith('application/json')) throw new Error(`${method} ${path}: a ${res.statusCode} answered ${type}, not JSON`);
        }
      },
    ),
    options,
  );
  t.pass(`${RUNS} generated API calls`);
});

t.test('a body over the limit is refused with 413, not read', async (t) => {
  const huge = 'x'.repeat(2 * 1024 * 1024);
  for (const [method, url] of [
    ['POST', '/cart'],
    ['POST', '/_data/cart?_action=cart'],
    ['POST', '/api/site/search'],
  ] as const) {
    const res = await send({
      method,
      url,
      payload: `search=${huge}`,
      headers: { host: 'localhost', cookie: visitor.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    t.equal(res?.statusCode, 413, `${url}: 413`);
    // The browser's own form post gets a page in its language with a way back; the router and the API get JSON.
    const type = String(res?.headers['content-type']);
    if (url === '/cart') {
      t.match(type, /^text\/html/, `${url}: an HTML page`);
      t.match(res?.body, /Форма слишком большая/, `${url}: says why, in Russian`);
      t.match(res?.body, /href="\/cart"/, `${url}: links back to the page`);
      t.match(String(res?.headers['content-security-policy']), /nonce-/, `${url}: with the page's CSP`);
    } else t.match(type, /^application\/json/, `${url}: JSON`);
  }
  const english = await send({
    method: 'POST',
    url: '/en/cart',
    payload: `search=${huge}`,
    headers: { host: 'localhost', cookie: visitor.cookie, 'content-type': 'application/x-www-form-urlencoded' },
  });
  t.equal(english?.statusCode, 413);
  t.match(english?.body, /The form is too large/, 'in the language of the path it was posted to');
  t.match(english?.body, /<html lang="en"/);
});

t.test('the server is healthy afterwards', async (t) => {
  t.equal((await app.request({ url: '/healthz' })).statusCode, 200);
  t.equal((await app.request({ url: '/', as: visitor })).statusCode, 200);
  t.comment(`generated hostile requests executed: ${executed} (seed ${SEED}, ${RUNS} runs per property)`);
});
