/**
 * The region overlay's server side (spec §3, §4, §7, §8): the IP → location lookup against a fake
 * iplocate service on 127.0.0.1 (every kind of answer, the Authorization header, the timeout, the per-IP
 * cache), GET /api/site/region (where 'Все верно' leads), the redirect allowlist, bad input, and the
 * service token never reaching an answer.
 */

import type { LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { LocationService, publicIp } from '../server/geo/location.ts';
import { loadConfig } from '../server/platform/config.ts';
import { ConfigError } from '../server/platform/config-error.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { type RequestOrigin, SiteAddresses } from '../server/sites/site-address.ts';
import { SiteDirectory } from '../shared/sites.ts';
import { startTestApp, type TestApp, type Visitor } from './helpers/app.ts';
import { FAKE_IPLOCATE_TOKEN, IPS, startFakeIplocate } from './helpers/fake-iplocate.ts';

const fake = await startFakeIplocate();
t.teardown(() => fake.close());

const app: TestApp = await startTestApp(t, {
  ADDRESS_SUGGEST_URL: fake.url,
  ADDRESS_SUGGEST_TOKEN: FAKE_IPLOCATE_TOKEN,
  ADDRESS_SUGGEST_TIMEOUT_MS: '300',
});

/** Every answer the app gave in this file: none may carry the service's token. */
const answers: LightMyRequestResponse[] = [];

async function region(opts: { ip: string; as?: Visitor; host?: string; query?: Record<string, string>; target?: TestApp }) {
  const as = opts.as ?? (opts.target ?? app).visitor();
  const query = new URLSearchParams(opts.query ?? { token: as.token });
  const res = await (opts.target ?? app).request({
    method: 'GET',
    url: `/api/site/region?${query}`,
    as,
    host: opts.host,
    remoteAddress: opts.ip,
  });
  answers.push(res);
  return res;
}

const data = (res: LightMyRequestResponse) => res.json().data;
const asked = (ip: string) => fake.requests.filter((r) => r.ip === ip).length;

t.test('config: URL and token go together; the timeout has a default; empty counts as unset', async (t) => {
  t.equal(loadConfig({}).addressSuggest, null);
  t.equal(loadConfig({ ADDRESS_SUGGEST_URL: '', ADDRESS_SUGGEST_TOKEN: '' }).addressSuggest, null);
  t.strictSame(loadConfig({ ADDRESS_SUGGEST_URL: 'https://suggest.example/ip', ADDRESS_SUGGEST_TOKEN: 'k' }).addressSuggest, {
    url: 'https://suggest.example/ip',
    token: 'k',
    timeoutMs: 1500,
  });
  t.throws(() => loadConfig({ ADDRESS_SUGGEST_URL: 'https://suggest.example/ip' }), ConfigError);
  t.throws(() => loadConfig({ ADDRESS_SUGGEST_TOKEN: 'k' }), ConfigError);
  const bad = t.throws(() =>
    loadConfig({ ADDRESS_SUGGEST_URL: 'ftp://x/', ADDRESS_SUGGEST_TOKEN: 'k', ADDRESS_SUGGEST_TIMEOUT_MS: '0' }),
  ) as Error;
  t.ok(bad instanceof ConfigError);
  t.match(bad.message, /ADDRESS_SUGGEST_URL/);
  t.match(bad.message, /ADDRESS_SUGGEST_TIMEOUT_MS/);
});

t.test('only public addresses are looked up', async (t) => {
  for (const ip of [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.5.4',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.1.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    'nonsense',
    '',
  ]) {
    t.equal(publicIp(ip), null, `${JSON.stringify(ip)} is not public`);
  }
  t.equal(publicIp('203.0.113.1'), '203.0.113.1');
  t.equal(publicIp('::ffff:203.0.113.1'), '203.0.113.1', 'IPv4-mapped form unwrapped');
  t.equal(publicIp('2a00:1450:4010::64'), '2a00:1450:4010::64');
});

t.test('a found city of another site: its site address, from a local and from a public host', async (t) => {
  const res = await region({ ip: IPS.almaty });
  t.equal(res.statusCode, 200);
  t.equal(res.headers['cache-control'], 'private, no-store', 'personal answer, never in a shared cache');
  t.strictSame(data(res).location, { city: 'Алматы', region: 'Алматы', region_type_full: 'город' });
  t.equal(data(res).status, 'found');
  t.equal(data(res).address, 'http://kz.localhost/', 'local host: the Kazakh site at its local alias');

  const request = fake.requests.find((r) => r.ip === IPS.almaty)!;
  t.equal(request.authorization, `Token ${FAKE_IPLOCATE_TOKEN}`, 'Authorization: Token <token>');
  t.match(request.accept, /application\/json/);

  const pub = await region({ ip: IPS.almaty, host: 'tihoavto.ru' });
  t.equal(data(pub).address, 'https://tihoavto.kz/', 'public host: the canonical host over https');
  const port = await region({ ip: IPS.almaty, host: 'ru.localhost:3000' });
  t.equal(data(port).address, 'http://kz.localhost:3000/', 'the request port is kept on local hosts');
});

t.test('answers are cached per IP; failures are not', async (t) => {
  const before = asked(IPS.almaty);
  t.ok(before >= 1);
  await region({ ip: IPS.almaty });
  await region({ ip: IPS.almaty, host: 'kz.localhost' });
  t.equal(asked(IPS.almaty), before, 'the same IP: no new call');
  await region({ ip: IPS.moscow });
  t.equal(asked(IPS.moscow), 1, 'another IP: its own call');
  await region({ ip: IPS.error });
  await region({ ip: IPS.error });
  t.equal(asked(IPS.error), 2, 'a failure is asked again');
});

t.test('a city of the current site keeps the current host; no city or no site address: the business domain', async (t) => {
  t.equal(data(await region({ ip: IPS.moscow })).address, 'http://localhost/');
  t.equal(data(await region({ ip: IPS.moscow, host: 'www.tihoavto.ru' })).address, 'https://www.tihoavto.ru/');
  t.equal(data(await region({ ip: IPS.moscow, host: 'kz.localhost' })).address, 'http://localhost/');

  const yakutsk = data(await region({ ip: IPS.yakutsk, host: 'kz.localhost' }));
  t.equal(yakutsk.status, 'found');
  t.strictSame(yakutsk.location, { city: 'Якутск', region: 'Саха /Якутия/', region_type_full: 'республика' });
  t.equal(yakutsk.address, 'http://localhost/', 'Якутск has no site address: the default site');
  t.equal(data(await region({ ip: IPS.tver, host: 'tihoavto.kz' })).address, 'https://tihoavto.ru/', 'Тверь is not in the table');
});

t.test('a stored city url that is not a configured site never becomes a redirect target', async (t) => {
  await app.db.query(
    `INSERT INTO cities (site, title, region, url) VALUES
       ('ru', 'Зловредск', 'Зловредская область', 'https://evil.example/'),
       ('ru', 'Злоград', 'Зловредская область', 'https://tihoavto.kz@evil.example/'),
       ('ru', 'Злобино', 'Зловредская область', 'javascript:alert(1)')`,
  );
  const res = data(await region({ ip: IPS.foreign }));
  t.equal(res.status, 'found');
  t.equal(res.address, 'http://localhost/', 'the default site instead');

  const v = app.visitor();
  const cities = await app.request({ method: 'GET', url: `/api/site/city?token=${v.token}&search=${encodeURIComponent('Зло')}`, as: v });
  answers.push(cities);
  t.strictSame(
    cities
      .json()
      .data.results.map((c: { title: string; url: string | null }) => [c.title, c.url])
      .sort(),
    [
      ['Злобино', null],
      ['Зловредск', null],
      ['Злоград', null],
    ].sort(),
    'the city search answers no url for them either',
  );
});

t.test('the allowlist: configured hosts and aliases only, over http(s), without credentials', async (t) => {
  const addresses = new SiteAddresses(new SiteDirectory(demoSitesConfig));
  const ru = demoSitesConfig.sites[0]!;
  const local: RequestOrigin = { protocol: 'http', hostname: 'localhost', port: 3000, site: ru };
  const pub: RequestOrigin = { protocol: 'http', hostname: 'tihoavto.ru', port: null, site: ru };
  for (const ok of ['https://tihoavto.kz/', 'http://kz.localhost:3000/', 'https://WWW.tihoavto.md/x', 'https://tihoavto.kz./']) {
    t.ok(addresses.isAllowed(ok), `${ok} allowed`);
  }
  for (const bad of [
    'https://evil.example/',
    'https://tihoavto.kz.evil.example/',
    'https://evil.example/https://tihoavto.kz/',
    'https://user:pass@tihoavto.kz/',
    '//tihoavto.kz/',
    '/kk',
    'javascript:alert(1)',
    'data:text/html,x',
    'ftp://tihoavto.kz/',
    '',
    null,
  ]) {
    t.notOk(addresses.isAllowed(bad), `${JSON.stringify(bad)} refused`);
    t.equal(addresses.resolve(bad, local), null);
  }
  t.equal(addresses.resolve('https://tihoavto.kz/almaty', pub), 'https://tihoavto.kz/almaty', 'the path is kept');
  t.equal(addresses.resolve('https://tihoavto.kz/almaty?x=1#y', local), 'http://kz.localhost:3000/almaty', 'query and hash dropped');
  t.equal(addresses.defaultAddress(pub), 'https://tihoavto.ru/');
  const origins = addresses.originsFor(local);
  t.equal(origins['tihoavto.kz'], 'http://kz.localhost:3000');
  t.equal(origins['kz.localhost'], 'http://kz.localhost:3000');
  t.equal(origins['tihoavto.ru'], 'http://localhost:3000', 'the request site keeps its host');
  t.equal(origins['test.tihoavto.ru'], 'http://test.localhost:3000');
  const allHosts = demoSitesConfig.sites.flatMap((s) => [s.host, ...s.aliases]).sort();
  t.strictSame(Object.keys(origins).sort(), allHosts, 'exactly the configured hosts');
  // A host that is no configured one (served as the default site) never appears as a target.
  const unknown: RequestOrigin = { protocol: 'https', hostname: 'evil.example', port: null, site: ru };
  t.equal(addresses.originOf(ru, unknown), 'https://tihoavto.ru');
  t.equal(addresses.defaultAddress(unknown), 'https://tihoavto.ru/');
});

t.test('the answer lists every configured site origin for this request', async (t) => {
  const res = data(await region({ ip: IPS.nowhere, host: 'kz.localhost' }));
  t.equal(res.sites['tihoavto.kz'], 'http://kz.localhost');
  t.equal(res.sites['tihoavto.ru'], 'http://localhost');
  const pub = data(await region({ ip: IPS.nowhere, host: 'tihoavto.kz' }));
  t.equal(pub.sites['kz.localhost'], 'https://tihoavto.kz');
  t.equal(pub.sites['localhost'], 'https://tihoavto.ru');
});

t.test('null location, HTTP error, timeout, broken or foreign JSON: a typed answer, never a 500', async (t) => {
  const cases: Array<[string, string]> = [
    [IPS.nowhere, 'not_found'],
    [IPS.error, 'failed'],
    [IPS.slow, 'failed'],
    [IPS.slowBody, 'failed'],
    [IPS.badJson, 'failed'],
    [IPS.wrongShape, 'failed'],
  ];
  for (const [ip, status] of cases) {
    const res = await region({ ip });
    t.equal(res.statusCode, 200, `${ip}: 200`);
    t.equal(data(res).status, status, `${ip}: ${status}`);
    t.equal(data(res).location, null);
    t.equal(data(res).address, null);
    t.type(data(res).sites, 'object', 'the city choice still has its allowlist');
  }
});

t.test('the timeout and network failures, reported by kind', async (t) => {
  const service = new LocationService({ url: fake.url, token: FAKE_IPLOCATE_TOKEN, timeoutMs: 200 });
  t.strictSame(await service.lookup(IPS.slow), { status: 'failed', reason: 'timeout' });
  t.strictSame(await service.lookup(IPS.slowBody), { status: 'failed', reason: 'timeout' });
  t.strictSame(await service.lookup(IPS.error), { status: 'failed', reason: 'http_status' });
  t.strictSame(await service.lookup(IPS.badJson), { status: 'failed', reason: 'bad_answer' });
  t.strictSame(await service.lookup(IPS.wrongShape), { status: 'failed', reason: 'bad_answer' });
  t.strictSame(await service.lookup(IPS.nowhere), { status: 'not_found' });
  const wrongKey = new LocationService({ url: fake.url, token: 'wrong', timeoutMs: 500 });
  t.strictSame(await wrongKey.lookup(IPS.almaty), { status: 'failed', reason: 'http_status' }, '403 for a wrong token');
  const closed = new LocationService({ url: 'http://127.0.0.1:9/ip', token: 'k', timeoutMs: 500 });
  t.strictSame(await closed.lookup(IPS.almaty), { status: 'failed', reason: 'network' });
  t.strictSame(await new LocationService(null).lookup(IPS.almaty), { status: 'disabled' });
});

t.test('private and loopback visitors are not sent to the service', async (t) => {
  const before = fake.requests.length;
  for (const ip of ['127.0.0.1', '10.0.0.7', '::1', '192.168.0.10']) {
    const res = data(await region({ ip }));
    t.equal(res.status, 'not_found', `${ip}: not found`);
  }
  t.equal(fake.requests.length, before, 'no call made');
});

t.test('bad input: the site token is required, an unknown domain is named', async (t) => {
  const v = app.visitor();
  const noToken = await region({ ip: IPS.almaty, as: v, query: {} });
  t.equal(noToken.statusCode, 403);
  t.equal(noToken.json().error, 'token_required');
  const wrongToken = await region({ ip: IPS.almaty, as: v, query: { token: 'x'.repeat(40) } });
  t.equal(wrongToken.statusCode, 403);
  t.equal(wrongToken.json().error, 'token_invalid');
  const domain = await region({ ip: IPS.almaty, as: v, query: { token: v.token, domain: 'evil.example' } });
  t.equal(domain.statusCode, 400);
  t.strictSame(
    domain.json().issues.map((i: { field: string }) => i.field),
    ['query.domain'],
  );
  const long = await region({ ip: IPS.almaty, as: v, query: { token: v.token, domain: 'a'.repeat(300) } });
  t.equal(long.statusCode, 400);
  const ok = await region({ ip: IPS.almaty, as: v, query: { token: v.token, domain: 'tihoavto.kz' } });
  t.equal(ok.statusCode, 200);
  // GET /api/location is unchanged: the visitor's IP.
  t.strictSame((await app.request({ method: 'GET', url: '/api/location', remoteAddress: IPS.almaty })).json(), { data: IPS.almaty });
});

t.test('without a configured service the endpoint says so, and the overlay offers the city choice', async (t) => {
  const plain = await startTestApp(t);
  const before = fake.requests.length;
  const res = await region({ ip: IPS.almaty, target: plain });
  t.equal(res.statusCode, 200);
  t.equal(data(res).status, 'disabled');
  t.equal(data(res).location, null);
  t.equal(data(res).address, null);
  t.equal(data(res).sites['tihoavto.kz'], 'http://kz.localhost');
  t.equal(fake.requests.length, before);
});

t.test('the service token is in no answer and no page', async (t) => {
  const page = await app.request({ method: 'GET', url: '/', remoteAddress: IPS.almaty });
  answers.push(page);
  t.ok(answers.length > 20);
  for (const res of answers) {
    t.notOk(res.body.includes(FAKE_IPLOCATE_TOKEN), `${res.statusCode} answer without the token`);
    t.notOk(JSON.stringify(res.headers).includes(FAKE_IPLOCATE_TOKEN));
  }
  t.notOk(page.body.includes(fake.url), 'nor the service address');
});
