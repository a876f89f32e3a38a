/**
 * Two pods on one PostgreSQL behind a round-robin reverse proxy, as compose.yaml runs them behind Caddy
 * (docs/operations/compose.md): a shopper's whole journey goes through the proxy only, with a cookie jar and the site
 * token learnt from the pages as a browser learns them, and every request lands on the other pod than the one before.
 * Nothing of the visitor may live in one process: the cart added on one pod is on the other's cart page and API, the
 * sign-in made on one pod holds on the other's account page (and the cart moves with it), the sign-out made on one pod
 * holds on the other, and the page cache that each pod keeps for itself never shows the shopper's sign-in or cart
 * to a fresh visitor through either pod.
 */
import { randomBytes } from 'node:crypto';
import { createServer, Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import t, { type Test } from 'tap';
import { Agent, request } from 'undici';
import { hashPassword } from '../../server/accounts/index.ts';
import { hydrationData } from '../helpers/app.ts';
import { postgresOnly, startPods } from './pods.ts';

/** The Russian site's public host: the pods answer it as production does (`__Host-sid`, Secure cookies). */
const HOST = 'tihoavto.ru';
/**
 * The shopper's own address: the client connects from it, so the proxy's X-Forwarded-For (this address) differs from
 * the socket address the pods see (the proxy's, 127.0.0.1) — which one the pods count shows they trust the proxy.
 */
const CLIENT_ADDRESS = '127.0.0.2';
const PASSWORD = 'Тихо-авто 2024!';

/** Headers of one connection, not of the message (RFC 9110 §7.6.1): a proxy never passes them on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const endToEnd = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/**
 * A reverse proxy in the manner of Caddy's reverse_proxy with lb_policy round_robin: request n goes to upstream
 * n % count — method, path with query, every header, the body streamed — with X-Forwarded-For/-Proto/-Host set as a
 * TLS-terminating proxy sets them; the answer comes back streamed (status, every header, each Set-Cookie on its own),
 * with `x-served-by: <upstream index>` added so the test sees which pod answered.
 */
async function startProxy(t: Test, upstreams: string[]): Promise<string> {
  const agent = new HttpAgent({ keepAlive: true });
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const pod = next++ % upstreams.length;
    const target = new URL(upstreams[pod]!);
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        agent,
        headers: {
          ...endToEnd(incoming.headers),
          'x-forwarded-for': incoming.socket.remoteAddress,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': incoming.headers.host,
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode!, { ...endToEnd(answer.headers), 'x-served-by': String(pod) });
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (err) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'x-served-by': String(pod) });
      outgoing.end(String(err));
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  t.teardown(async () => {
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
    agent.destroy();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Decoded as the browser decodes it (gzip, br, deflate). */
  body: string;
  /** Which pod answered: the proxy's x-served-by. */
  pod: number;
}

/**
 * A browser of the test's own, talking only to the proxy: it keeps the cookies the answers set (and drops the ones
 * they clear), sends them back, and knows the site token only as the page tells it (the shell's `"token":"…"`).
 */
class Browser {
  readonly cookies = new Map<string, string>();
  token = '';

  constructor(
    private readonly proxy: string,
    private readonly agent: Agent,
    /** Every answer through the proxy, in order, by the pod that gave it (shared by all the test's browsers). */
    private readonly journey: number[],
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** A page (GET), learning the site token from it when it has one. */
  async open(path: string, cookieHeader = this.cookieHeader()): Promise<Answer> {
    const answer = await this.send('GET', path, cookieHeader ? { cookie: cookieHeader } : {});
    const token = /"token":"([^"]+)"/.exec(answer.body)?.[1];
    if (token) this.token = token;
    return answer;
  }

  /** A form sent to a route's action as the hydrated page's fetcher sends it, with the token the page gave. */
  submit(route: string, fields: Record<string, string | number>): Promise<Answer> {
    const id = route.split('/').filter(Boolean).pop()!;
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    body.set('token', this.token);
    return this.send(
      'POST',
      `/_data${route}?_action=${id}`,
      { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body.toString(),
    );
  }

  /** POST /api/cart as the spec's client calls it: the cookie, no token (a read). */
  cartEntries(): Promise<Answer> {
    return this.send('POST', '/api/cart', { cookie: this.cookieHeader(), 'content-type': 'application/json' }, '{}');
  }

  private async send(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
    const res = await request(this.proxy + path, {
      method,
      dispatcher: this.agent,
      headers: { host: HOST, 'accept-encoding': 'gzip, deflate, br', ...headers },
      body,
    });
    const raw = Buffer.from(await res.body.arrayBuffer());
    const encoding = res.headers['content-encoding'];
    const decoded =
      encoding === 'gzip'
        ? gunzipSync(raw)
        : encoding === 'br'
          ? brotliDecompressSync(raw)
          : encoding === 'deflate'
            ? inflateSync(raw)
            : raw;
    this.keep(res.headers['set-cookie']);
    const pod = Number(res.headers['x-served-by']);
    this.journey.push(pod);
    return { status: res.statusCode, headers: res.headers, body: decoded.toString(), pod };
  }

  /** Set-Cookie as a browser takes it: a value is kept, an expired or emptied cookie is dropped. */
  private keep(setCookie: string | string[] | undefined): void {
    for (const line of setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at).trim(), pair!.slice(at + 1).trim()];
      const expired = attributes.some((a) => {
        const [key, v = ''] = a.trim().split(/=(.*)/s);
        return (key!.toLowerCase() === 'max-age' && Number(v) <= 0) || (key!.toLowerCase() === 'expires' && Date.parse(v) <= Date.now());
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** A cart's lines as product and quantity (the API's entries and the cart page's alike). */
const linesOf = (entries: { sku: { id: number }; quantity: number }[]) =>
  entries.map((e) => ({ productId: e.sku.id, quantity: e.quantity }));

/** The shell's data of a page: the counters, the sign-in and the token every page carries. */
const shellOf = (answer: Answer) => hydrationData(answer.body).loaderData.root as { signedIn: boolean; cartCount: number; token: string };

t.test('a shopper moves freely between two pods behind a round-robin proxy', { skip: postgresOnly }, async (t) => {
  // The page cache on, as production has it; the proxy trusted by its address, as compose.yaml names Caddy's. (Not a
  // hop count: Fastify 5.12 ignores a numeric trustProxy, so TRUST_PROXY=1 would trust nobody.)
  const pods = await startPods(t, 2, { PAGE_CACHE_TTL: '600', TRUST_PROXY: '127.0.0.1' });
  const proxy = await startProxy(
    t,
    pods.pods.map((p) => p.url),
  );
  const agent = new Agent({ localAddress: CLIENT_ADDRESS });
  t.teardown(() => agent.close());
  const journey: number[] = [];
  const newBrowser = () => new Browser(proxy, agent, journey);
  const shopper = newBrowser();

  // The first page: a session cookie and, in the page, the site token (the same the _token cookie holds).
  const home = await shopper.open('/');
  t.equal(home.status, 200, 'the first page');
  t.ok(shopper.cookies.has('__Host-sid'), 'a session cookie, under the public host’s __Host- name');
  t.ok(shopper.token, 'the page gives the site token');
  t.equal(shopper.token, shopper.cookies.get('_token'), 'the one the _token cookie holds');

  // Into the cart on one pod; read back on both.
  const category = await shopper.open('/vibroizolyaciya');
  const productId = Number(/name="productId" value="(\d+)"/.exec(category.body)?.[1]);
  t.ok(productId > 0, `the category page offers product ${productId}`);
  const added = await shopper.submit('/cart', { intent: 'item', productId, quantity: 2, mode: 'add' });
  t.equal(added.status, 200);
  t.equal(JSON.parse(added.body).results?.cart?.data?.ok, true, `added on pod ${added.pod}`);

  const line = [{ productId, quantity: 2 }];
  const apiReads = [await shopper.cartEntries(), await shopper.cartEntries()];
  t.not(apiReads[0]!.pod, added.pod, 'the next request went to the other pod');
  for (const read of apiReads) t.same(linesOf(JSON.parse(read.body)), line, `POST /api/cart on pod ${read.pod} holds the line`);
  const cartPages = [await shopper.open('/cart'), await shopper.open('/cart')];
  for (const page of cartPages) {
    t.equal(page.status, 200);
    t.same(linesOf(hydrationData(page.body).loaderData.cart.entries), line, `the cart page on pod ${page.pod} shows the line`);
    t.equal(shellOf(page).cartCount, 1, 'and the header counts it');
  }
  t.same(new Set(cartPages.map((p) => p.pod)), new Set([0, 1]), 'the cart read on both pods');

  // An account made as the shop makes it (registration mails a confirmation link, so it is written directly).
  const email = `shopper-${randomBytes(4).toString('hex')}@example.com`;
  const name = 'Ольга Проксина';
  await pods.db.query(
    `INSERT INTO users (email, name, password_hash, email_confirmed_at, pd_consent_at, site, language)
     VALUES ($1, $2, $3, now(), now(), 'ru', 'ru')`,
    [email, name, await hashPassword(PASSWORD)],
  );

  // A mistyped password first: refused, and counted against the shopper's address, not the proxy's.
  const mistyped = await shopper.submit('/auth', { _form: 'auth:sign-in', email, password: 'Тихо-авто 2023!', next: '/cart' });
  t.equal(JSON.parse(mistyped.body).results?.auth?.status, 401, 'a wrong password is refused');
  const counted = await pods.db.query<{ key: string }>(`SELECT key FROM rate_limits WHERE policy = 'signin.address'`);
  t.same(
    counted.map((r) => r.key),
    [CLIENT_ADDRESS],
    'the failure counts against the client address the proxy forwarded, not the proxy’s own',
  );

  const anonymousCookie = shopper.cookies.get('__Host-sid');
  const anonymousToken = shopper.token;
  const signedIn = await shopper.submit('/auth', { _form: 'auth:sign-in', email, password: PASSWORD, next: '/cart' });
  t.same(JSON.parse(signedIn.body), { redirect: '/cart' }, `signed in on pod ${signedIn.pod}, sent on to the cart`);
  t.ok(shopper.cookies.get('__Host-sid'), 'a session cookie');
  t.not(shopper.cookies.get('__Host-sid'), anonymousCookie, 'a new session (rotated at sign-in)');

  // Where the sign-in sent it, on the other pod: signed in, a new token, and the cart moved with the session.
  const landing = await shopper.open('/cart');
  t.not(landing.pod, signedIn.pod, 'the page after the sign-in came from the other pod');
  t.equal(shellOf(landing).signedIn, true, 'the other pod knows the sign-in');
  t.not(shopper.token, anonymousToken, 'the page gives the new session’s token');
  t.equal(shopper.token, shopper.cookies.get('_token'), 'the one the new _token cookie holds');
  t.same(linesOf(hydrationData(landing.body).loaderData.cart.entries), line, 'the cart survived the sign-in');

  for (const account of [await shopper.open('/personal'), await shopper.open('/personal')]) {
    t.equal(account.status, 200, `the account page answers on pod ${account.pod}`);
    t.match(hydrationData(account.body).loaderData.personal.user, { email, name }, 'for the signed-in shopper');
    t.ok(account.body.includes(email) && account.body.includes(name), 'whose e-mail and name the page shows');
    t.match(shellOf(account), { signedIn: true, cartCount: 1 });
  }
  for (const read of [await shopper.cartEntries(), await shopper.cartEntries()])
    t.same(linesOf(JSON.parse(read.body)), line, `POST /api/cart on pod ${read.pod} still holds the line after the sign-in`);

  // The page cache: a page each pod keeps for visitors without personal state. The shopper asks it first on both pods
  // (so a page rendered for the shopper would be the one kept), then four fresh visitors, then the shopper again.
  const kept = '/komplekty-sumoizoliacii';
  for (const page of [await shopper.open(kept), await shopper.open(kept)]) {
    t.equal(page.headers['x-page-cache'], 'bypass', `pod ${page.pod} renders the page for the signed-in shopper, keeps nothing`);
    t.match(shellOf(page), { signedIn: true, cartCount: 1 });
  }
  const strangers = [];
  for (let i = 0; i < 4; i++) {
    const stranger = newBrowser();
    strangers.push({ browser: stranger, page: await stranger.open(kept) });
  }
  t.same(
    strangers.map(({ page }) => page.headers['x-page-cache']),
    ['miss', 'miss', 'hit', 'hit'],
    'each pod renders the page once for a fresh visitor, then serves it kept',
  );
  t.same(new Set(strangers.map(({ page }) => page.pod)), new Set([0, 1]), 'through both pods');
  for (const { browser, page } of strangers) {
    const shell = shellOf(page);
    t.match(shell, { signedIn: false, cartCount: 0 }, `pod ${page.pod} (${page.headers['x-page-cache']}): a guest with an empty cart`);
    t.equal(shell.token, browser.cookies.get('_token'), 'with its own site token');
    for (const secret of [email, name, shopper.token, shopper.cookies.get('__Host-sid')!])
      t.notOk(page.body.includes(secret), 'and nothing of the shopper’s');
  }
  for (const page of [await shopper.open(kept), await shopper.open(kept)]) {
    t.equal(page.headers['x-page-cache'], 'bypass', `pod ${page.pod} does not give the signed-in shopper the kept page`);
    t.match(shellOf(page), { signedIn: true, cartCount: 1 });
  }

  // Signing out on one pod ends the sign-in on the other, for the browser's new cookie and for the old one (a second
  // tab or a copied cookie) alike.
  const signedInCookies = shopper.cookieHeader();
  const signedOut = await shopper.submit('/personal', { intent: 'logout' });
  t.same(JSON.parse(signedOut.body), { redirect: '/' }, `signed out on pod ${signedOut.pod}`);
  const afterwards = [await shopper.open('/personal'), await shopper.open('/personal')];
  t.not(afterwards[0]!.pod, signedOut.pod, 'the next request went to the other pod');
  for (const page of afterwards)
    t.same([page.status, page.headers.location], [302, '/auth?next=%2Fpersonal'], `pod ${page.pod} sends the guest to sign in`);
  for (const page of [await shopper.open('/personal', signedInCookies), await shopper.open('/personal', signedInCookies)])
    t.same([page.status, page.headers.location], [302, '/auth?next=%2Fpersonal'], `pod ${page.pod} refuses the old session cookie`);
  const guestHome = await shopper.open('/');
  t.equal(shellOf(guestHome).signedIn, false, `pod ${guestHome.pod} answers the signed-out visitor as a guest`);

  // The proxy really alternated: no two consecutive requests of the journey went to the same pod.
  t.ok(
    journey.every((pod, i) => (pod === 0 || pod === 1) && (i === 0 || pod !== journey[i - 1])),
    `${journey.length} requests alternated between the pods: ${journey.join('')}`,
  );
  t.ok(journey.filter((pod) => pod === 0).length >= 10 && journey.filter((pod) => pod === 1).length >= 10, 'each pod served its half');
});
