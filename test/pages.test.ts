/**
 * The streamed pages: host → site, language prefixes, 404s, loader redirects, CSP nonces, escaping of
 * embedded data, the session cookie, the per-site shell cache, header counters and client-side navigation.
 */

import t from 'tap';
import { messages } from '../shared/locales/index.ts';
import { sliceStrings } from '../shared/locales/slices.ts';
import { stringsOf } from '../shared/routes.ts';
import type { Language } from '../shared/sites.ts';
import { createUser, hydrationData, startTestApp, type TestApp, type Visitor } from './helpers/app.ts';
import { browserRouter } from './helpers/browser-router.ts';

const NOT_FOUND_TITLE = 'Упс! Страница не найдена!';

/** The strings the home page embeds in a language: the shell's and its own (shared/routes.ts). */
const homeStrings = (language: Language) => sliceStrings(messages[language], stringsOf(['root', 'pages', 'home']));

/** window.__BOOT__ = {language, basename, translations} as the page embeds it. */
function bootData(html: string): { language: string; basename: string; translations: Record<string, any> } {
  const m = /window\.__BOOT__=(\{.*?\});window\.__staticRouterHydrationData=/s.exec(html);
  if (!m) throw new Error('no boot data in the page');
  return JSON.parse(m[1]!);
}

const htmlLang = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];

/** The Set-Cookie header of an answer as one string (undefined when none). */
function setCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const value = res.headers['set-cookie'];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join('\n') : String(value);
}

/** A product of the vibration-damping category, straight from the database. */
async function vibroProduct(app: TestApp): Promise<string> {
  const [row] = await app.db.query<{ slug: string }>(
    `SELECT p.slug FROM products p JOIN categories c ON c.id = p.category_id
      WHERE c.slug = 'vibroizolyaciya' AND p.is_active ORDER BY p.id LIMIT 1`,
  );
  return row!.slug;
}

t.test('hosts → sites', async (t) => {
  const app = await startTestApp(t);

  for (const host of ['localhost', 'tihoavto.ru', 'localhost:3000', 'WWW.TihoAvto.ru']) {
    t.test(`${host} is the main (ru) site`, async (t) => {
      const res = await app.request({ url: '/', host });
      t.equal(res.statusCode, 200);
      const root = hydrationData(res.body).loaderData.root;
      t.equal(root.site.id, 'ru');
      t.equal(root.site.currency, 'RUB');
      t.same(root.site.languages, ['ru', 'en', 'zh-CN', 'tr']);
      t.equal(htmlLang(res.body), 'ru');
    });
  }

  t.test('kz.localhost is the Kazakh site', async (t) => {
    const res = await app.request({ url: '/', host: 'kz.localhost' });
    t.equal(res.statusCode, 200);
    const root = hydrationData(res.body).loaderData.root;
    t.equal(root.site.id, 'kz');
    t.equal(root.site.currency, 'KZT');
    t.same(root.site.languages, ['ru', 'kk']);
    t.equal(root.site.phone, '+7 727 200-00-00');
    // Its language switcher offers kk, not the main site's en.
    t.match(res.body, 'href="/kk" hrefLang="kk"');
    // (The head's hreflang alternates name English on the main site's own domain: absolute addresses.)
    t.notMatch(res.body, 'href="/en"');
  });

  t.test('an unknown host is redirected to the same path on the main site', async (t) => {
    const res = await app.request({ url: '/vibroizolyaciya?page=2', host: 'evil.example' });
    t.equal(res.statusCode, 302);
    t.equal(res.headers.location, 'https://tihoavto.ru/vibroizolyaciya?page=2');
    t.equal(setCookie(res), undefined, 'no session cookie for a host that is not ours');

    const root = await app.request({ url: '/', host: 'evil.example:8080' });
    t.equal(root.statusCode, 302);
    t.equal(root.headers.location, 'https://tihoavto.ru/');

    const data = await app.request({ url: '/_data/?_routes=root', host: 'evil.example' });
    t.equal(data.statusCode, 302);
    t.equal(data.headers.location, 'https://tihoavto.ru/_data/?_routes=root');
  });

  t.test('X-Forwarded-Host is ignored without TRUST_PROXY', async (t) => {
    const res = await app.request({ url: '/', host: 'localhost', headers: { 'x-forwarded-host': 'kz.localhost' } });
    t.equal(res.statusCode, 200);
    t.equal(hydrationData(res.body).loaderData.root.site.id, 'ru');

    const unknown = await app.request({ url: '/x', host: 'evil.example', headers: { 'x-forwarded-host': 'tihoavto.ru' } });
    t.equal(unknown.statusCode, 302);
    t.equal(unknown.headers.location, 'https://tihoavto.ru/x');
  });
});

t.test('X-Forwarded-Host is honoured with TRUST_PROXY=true', async (t) => {
  const app = await startTestApp(t, { TRUST_PROXY: 'true' });

  const kz = await app.request({ url: '/', host: 'localhost', headers: { 'x-forwarded-host': 'kz.localhost' } });
  t.equal(kz.statusCode, 200);
  t.equal(hydrationData(kz.body).loaderData.root.site.id, 'kz');
  t.equal(hydrationData(kz.body).loaderData.root.site.currency, 'KZT');

  const main = await app.request({ url: '/', host: 'evil.example', headers: { 'x-forwarded-host': 'tihoavto.ru' } });
  t.equal(main.statusCode, 200);
  t.equal(hydrationData(main.body).loaderData.root.site.id, 'ru');

  const unknown = await app.request({ url: '/x', host: 'localhost', headers: { 'x-forwarded-host': 'evil.example' } });
  t.equal(unknown.statusCode, 302);
  t.equal(unknown.headers.location, 'https://tihoavto.ru/x');
});

t.test('languages', async (t) => {
  const app = await startTestApp(t);

  t.test('/en on the main site: English page, English strings only', async (t) => {
    const res = await app.request({ url: '/en' });
    t.equal(res.statusCode, 200);
    t.equal(htmlLang(res.body), 'en');
    t.equal(res.headers['content-language'], 'en');
    const boot = bootData(res.body);
    t.equal(boot.language, 'en');
    t.equal(boot.basename, '/en');
    t.same(boot.translations, homeStrings('en'), 'the embedded strings are the home page’s, in English (decision 050)');
    t.equal(boot.translations.notFound.title, 'Oops! Page not found!');
    const embedded = JSON.stringify(boot.translations);
    t.notOk(embedded.includes('Корзина'), 'no Russian UI string is embedded');
    t.notOk(embedded.includes(NOT_FOUND_TITLE));
    // The server-rendered page is English too.
    t.match(res.body, /<h1[^>]*>Car sound deadening: materials and ready-made kits<\/h1>/);
    t.notMatch(res.body, 'Шумоизоляция автомобиля: материалы и готовые комплекты');
  });

  t.test('/ on the main site is Russian without a prefix', async (t) => {
    const res = await app.request({ url: '/' });
    t.equal(res.statusCode, 200);
    t.equal(htmlLang(res.body), 'ru');
    const boot = bootData(res.body);
    t.equal(boot.language, 'ru');
    t.equal(boot.basename, '/');
    t.same(boot.translations, homeStrings('ru'));
  });

  t.test('/kk on kz.localhost is Kazakh', async (t) => {
    const res = await app.request({ url: '/kk', host: 'kz.localhost' });
    t.equal(res.statusCode, 200);
    t.equal(htmlLang(res.body), 'kk');
    t.equal(bootData(res.body).language, 'kk');
    t.equal(bootData(res.body).basename, '/kk');
    t.same(bootData(res.body).translations, homeStrings('kk'));
    t.equal(hydrationData(res.body).loaderData.root.site.id, 'kz');
  });

  t.test('a prefix the site does not offer is the 404 page', async (t) => {
    const cases: Array<[host: string, url: string]> = [
      ['localhost', '/kk'],
      ['kz.localhost', '/en'],
      ['localhost', '/zh-cn'],
      ['localhost', '/EN'],
      ['localhost', '/kk/vibroizolyaciya'],
    ];
    for (const [host, url] of cases) {
      const res = await app.request({ url, host });
      t.equal(res.statusCode, 404, `${host}${url} → 404`);
      t.match(res.body, NOT_FOUND_TITLE, `${host}${url} shows the not-found page`);
      t.equal(htmlLang(res.body), 'ru', `${host}${url} is rendered in the default language`);
      t.equal(hydrationData(res.body).errors?.pages?.data?.path, url);
    }
  });

  t.test('a refused prefix before a product slug is a 404, not a canonical redirect', async (t) => {
    const slug = await vibroProduct(app);
    const res = await app.request({ url: `/kk/${slug}` });
    t.equal(res.statusCode, 404);
    t.match(res.body, NOT_FOUND_TITLE);
    const kz = await app.request({ url: `/en/${slug}`, host: 'kz.localhost' });
    t.equal(kz.statusCode, 404);
  });

  t.test('/zh-CN is offered on the main site (exact case only)', async (t) => {
    const res = await app.request({ url: '/zh-CN' });
    t.equal(res.statusCode, 200);
    t.equal(htmlLang(res.body), 'zh-CN');
    t.equal(bootData(res.body).basename, '/zh-CN');
    const wrongCase = await app.request({ url: '/zh-cn' });
    t.equal(wrongCase.statusCode, 404);
  });

  t.test('a prefix works for deeper paths, and the page links stay under it', async (t) => {
    const res = await app.request({ url: '/en/vibroizolyaciya' });
    t.equal(res.statusCode, 200);
    t.equal(htmlLang(res.body), 'en');
    t.equal(hydrationData(res.body).loaderData.category.category.url, '/vibroizolyaciya');
    t.match(res.body, 'class="logo" aria-label="TihoAvto home page" href="/en"');
    t.match(res.body, 'href="/en/cart"');
    t.match(res.body, 'href="/en/personal"');
    t.match(res.body, 'href="/en/shumopogloshchenie"');
    t.match(res.body, `href="/en/vibroizolyaciya/${await vibroProduct(app)}"`);
    // Category and product links never leave the prefix; only the language switcher points at other languages.
    const unprefixed = [...res.body.matchAll(/<a [^>]*href="(\/[^"]*)"[^>]*>/g)].filter(
      ([tag, href]) => !/^\/en(\/|$)/.test(href!) && !tag.includes('hrefLang=') && !href!.startsWith('/docs/'),
    );
    t.same(
      unprefixed.map(([, href]) => href),
      [],
      'no link drops the /en prefix',
    );
    t.match(res.body, '<a href="/vibroizolyaciya" hrefLang="ru" lang="ru">', 'the switcher links the Russian page');
  });
});

t.test('not found', async (t) => {
  const app = await startTestApp(t);

  t.test('an unknown path answers 404 with the not-found page and the spec error', async (t) => {
    const res = await app.request({ url: '/no-such-page?x=1' });
    t.equal(res.statusCode, 404);
    t.match(res.headers['content-type'], 'text/html');
    t.match(res.body, `<h1>${NOT_FOUND_TITLE}</h1>`);
    t.match(res.body, 'На главную');
    t.match(res.body, 'class="site-header"', 'the shell (header) is still rendered');
    const { errors, loaderData } = hydrationData(res.body);
    t.same(errors, {
      pages: {
        status: 404,
        statusText: 'Not Found',
        internal: false,
        data: { message: 'Page not found: /no-such-page?x=1', path: '/no-such-page?x=1' },
        __type: 'RouteErrorResponse',
      },
    });
    t.equal(loaderData.root.site.id, 'ru', 'the shell data is there');
  });

  t.test('a deep unknown path answers 404', async (t) => {
    const res = await app.request({ url: '/a/b/c' });
    t.equal(res.statusCode, 404);
    t.match(res.body, NOT_FOUND_TITLE);
    t.same(hydrationData(res.body).errors?.pages?.data, { message: 'Page not found: /a/b/c', path: '/a/b/c' });
  });

  t.test('an unknown product in a real category answers 404', async (t) => {
    const res = await app.request({ url: '/vibroizolyaciya/no-such-product' });
    t.equal(res.statusCode, 404);
    t.match(res.body, NOT_FOUND_TITLE);
    t.equal(hydrationData(res.body).errors?.pages?.data?.message, 'Page not found: /vibroizolyaciya/no-such-product');
  });

  t.test('under /en the not-found page is English and the path keeps the prefix', async (t) => {
    const res = await app.request({ url: '/en/no-such-page' });
    t.equal(res.statusCode, 404);
    t.equal(htmlLang(res.body), 'en');
    t.match(res.body, '<h1>Oops! Page not found!</h1>');
    t.equal(hydrationData(res.body).errors?.pages?.data?.message, 'Page not found: /en/no-such-page');
  });

  t.test('through /_data the 404 is the route result, not an HTTP error', async (t) => {
    const res = await app.request({ url: '/_data/no-such-page?x=1&_routes=pages,category' });
    t.equal(res.statusCode, 200);
    t.match(res.headers['content-type'], 'application/json');
    t.same(res.json(), {
      results: {
        pages: { data: null },
        category: {
          error: {
            status: 404,
            statusText: 'Not Found',
            data: { message: 'Page not found: /no-such-page?x=1', path: '/no-such-page?x=1' },
          },
        },
      },
    });

    const deep = await app.request({ url: '/_data/a/b/c?_routes=not-found' });
    t.equal(deep.statusCode, 200);
    t.same(deep.json().results['not-found'].error, {
      status: 404,
      statusText: 'Not Found',
      data: { message: 'Page not found: /a/b/c', path: '/a/b/c' },
    });
  });
});

t.test('redirects', async (t) => {
  const app = await startTestApp(t);
  const slug = await vibroProduct(app);

  t.test('a product under the wrong category → 301 to its canonical address', async (t) => {
    const res = await app.request({ url: `/instrumenty/${slug}` });
    t.equal(res.statusCode, 301);
    t.equal(res.headers.location, `/vibroizolyaciya/${slug}`);
    const canonical = await app.request({ url: res.headers.location as string });
    t.equal(canonical.statusCode, 200);
    t.equal(hydrationData(canonical.body).loaderData.product.product.url, `/vibroizolyaciya/${slug}`);
  });

  t.test('under /en the canonical redirect keeps the prefix once', async (t) => {
    const res = await app.request({ url: `/en/instrumenty/${slug}` });
    t.equal(res.statusCode, 301);
    t.equal(res.headers.location, `/en/vibroizolyaciya/${slug}`);
  });

  t.test('a trailing slash → 301 to the address without it', async (t) => {
    const res = await app.request({ url: '/vibroizolyaciya/' });
    t.equal(res.statusCode, 301);
    t.equal(res.headers.location, '/vibroizolyaciya');

    const query = await app.request({ url: '/vibroizolyaciya/?sort=price' });
    t.equal(query.statusCode, 301);
    t.equal(query.headers.location, '/vibroizolyaciya?sort=price');

    const en = await app.request({ url: '/en/' });
    t.equal(en.statusCode, 301);
    t.equal(en.headers.location, '/en');
  });

  t.test('the trailing-slash redirect is never protocol-relative (no open redirect)', async (t) => {
    const res = await app.request({ url: '//evil.example/' });
    t.equal(res.statusCode, 301);
    t.equal(res.headers.location, '/evil.example');
    const many = await app.request({ url: '///evil.example//' });
    t.equal(many.statusCode, 301);
    t.equal(many.headers.location, '/evil.example');
  });

  t.test('through /_data the wrong-category product answers {redirect}', async (t) => {
    const res = await app.request({ url: `/_data/instrumenty/${slug}?_routes=pages,product` });
    t.equal(res.statusCode, 200);
    t.same(res.json(), { redirect: `/vibroizolyaciya/${slug}` });

    const en = await app.request({ url: `/_data/en/instrumenty/${slug}?_routes=product` });
    t.same(en.json(), { redirect: `/en/vibroizolyaciya/${slug}` });
  });
});

t.test('content security policy', async (t) => {
  const app = await startTestApp(t);

  const nonceOf = (csp: string) => {
    const scriptSrc = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src '));
    return { scriptSrc, nonce: /'nonce-([^']+)'/.exec(scriptSrc ?? '')?.[1] };
  };

  for (const url of ['/', '/vibroizolyaciya', '/no-such-page', '/en/auth']) {
    t.test(`${url}: every script and module preload carries the header's nonce`, async (t) => {
      const res = await app.request({ url });
      const csp = res.headers['content-security-policy'] as string;
      t.type(csp, 'string');
      const { scriptSrc, nonce } = nonceOf(csp);
      t.ok(nonce, 'script-src has a nonce');
      t.match(nonce!, /^[A-Za-z0-9+/]{22}==$/, '128 random bits, base64');
      t.equal(scriptSrc, `script-src 'self' 'nonce-${nonce}'`);
      t.notOk(scriptSrc!.includes("'unsafe-inline'"), 'no unsafe-inline for scripts');
      t.notOk(scriptSrc!.includes("'unsafe-eval'"));
      t.match(csp, "object-src 'none'");
      t.match(csp, "base-uri 'none'");

      const scripts = [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      t.ok(scripts.length >= 2, 'the inline bootstrap and the entry module');
      for (const tag of scripts) t.match(tag, ` nonce="${nonce}"`, tag);
      t.ok(
        scripts.some((tag) => tag.includes('type="module"')),
        'the entry module is among them',
      );

      const preloads = [...res.body.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
      t.ok(preloads.length >= 1, 'the page chunks are preloaded');
      for (const tag of preloads) t.match(tag, ` nonce="${nonce}"`, tag);
    });
  }

  t.test('each request gets a fresh nonce', async (t) => {
    const a = await app.request({ url: '/' });
    const b = await app.request({ url: '/' });
    const na = nonceOf(a.headers['content-security-policy'] as string).nonce;
    const nb = nonceOf(b.headers['content-security-policy'] as string).nonce;
    t.ok(na && nb);
    t.not(na, nb);
    t.notOk(b.body.includes(na!), "the second page does not carry the first page's nonce");
  });
});

t.test('escaping of embedded data', async (t) => {
  const app = await startTestApp(t);
  const hostile = '</script><script>alert(1)</script>\u2028\u2029<!--';
  await app.db.query(`INSERT INTO categories (id, slug, title) VALUES (99, 'xss-test', $1)`, [hostile]);
  app.services.invalidateCaches();

  const res = await app.request({ url: '/' });
  t.equal(res.statusCode, 200);
  t.notOk(res.body.includes('</script><script>alert(1)'), 'no script breakout in the raw html');
  t.notOk(res.body.includes('<script>alert(1)'), 'no injected script tag at all');

  const inlineScripts = [...res.body.matchAll(/<script\b[^>]*>(.*?)<\/script>/gs)].map((m) => m[1]!);
  const bootstrap = inlineScripts.find((s) => s.includes('__staticRouterHydrationData'));
  t.ok(bootstrap, 'the hydration script is there');
  t.notOk(bootstrap!.includes('\u2028'), 'U+2028 is escaped inside the script');
  t.notOk(bootstrap!.includes('\u2029'), 'U+2029 is escaped inside the script');
  t.notOk(bootstrap!.includes('<!--'), 'no HTML comment opener inside the script');
  t.notOk(bootstrap!.includes('<'), 'no < at all inside the script');

  const category = hydrationData(res.body).loaderData.root.categories.find((c: { id: number }) => c.id === 99);
  t.ok(category, 'the hostile category is in the shell data');
  t.equal(category.title, hostile, 'the hydration JSON parses back to the exact title');
  t.equal(category.url, '/xss-test');
  // As text in the page it is escaped by React.
  t.match(res.body, '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');

  t.test('a hostile return path in ?next= is embedded safely too', async (t) => {
    const next = '/</script><script>alert(2)</script>';
    const auth = await app.request({ url: '/auth?next=' + encodeURIComponent(next) });
    t.equal(auth.statusCode, 200);
    t.notOk(auth.body.includes('<script>alert(2)'));
    // Kept as a local path, percent-encoded by the one redirect validator (shared/safe-path.ts).
    t.equal(hydrationData(auth.body).loaderData.auth.next, encodeURI(next));
  });
});

t.test('no secret in the page', async (t) => {
  const secret = 'page-test-secret-page-test-secret-0123456789';
  const app = await startTestApp(t, { SESSION_SECRET: secret });

  t.test('a visitor with a session', async (t) => {
    const visitor = app.visitor();
    const res = await app.request({ url: '/', as: visitor });
    t.equal(res.statusCode, 200);
    const signedValue = visitor.cookie.slice('sid='.length);
    t.notOk(res.body.includes(secret), 'no session secret');
    t.notOk(res.body.includes(signedValue), 'no cookie value');
    t.notOk(res.body.includes(visitor.sessionId), 'no session id');
    const token = hydrationData(res.body).loaderData.root.token;
    t.equal(token, app.services.sessions.tokenFor(visitor.sessionId), 'the site token is the one for this session');
    t.equal(token, visitor.token);
    t.not(token, visitor.sessionId);
  });

  t.test('a first visit: the new session id stays in the cookie', async (t) => {
    const res = await app.request({ url: '/' });
    const cookie = /^sid=([^;]+)/.exec(setCookie(res) ?? '')?.[1];
    t.ok(cookie, 'a session cookie is set');
    const unsigned = app.fastify.unsignCookie(cookie!);
    t.equal(unsigned.valid, true);
    const sessionId = unsigned.value!;
    t.notOk(res.body.includes(sessionId), 'no session id in the page');
    t.notOk(res.body.includes(cookie!), 'no cookie value in the page');
    t.notOk(res.body.includes(secret));
    t.equal(hydrationData(res.body).loaderData.root.token, app.services.sessions.tokenFor(sessionId));
  });

  t.test('the signed-in user id and session owner are not embedded in order data', async (t) => {
    const visitor = app.visitor();
    const userId = await createUser(app, { signIn: visitor, email: 'owner@example.com' });
    await app.db.query(`INSERT INTO orders (session_id, user_id, site, currency, total) VALUES ($1, $2, 'ru', 'RUB', 100)`, [
      visitor.sessionId,
      userId,
    ]);
    const res = await app.request({ url: '/history', as: visitor });
    t.equal(res.statusCode, 200);
    const { orders } = hydrationData(res.body).loaderData.history;
    t.equal(orders.length, 1);
    t.notOk('session_id' in orders[0]);
    t.notOk('user_id' in orders[0]);
    t.notOk(res.body.includes(visitor.sessionId));
  });
});

t.test('session cookie', async (t) => {
  const app = await startTestApp(t);

  const parse = (header: string) => {
    const [pair, ...attrs] = header.split(';').map((s) => s.trim());
    return { pair: pair!, attrs: attrs.map((a) => a.toLowerCase()) };
  };

  t.test('a first visit on localhost sets a signed httpOnly SameSite=Lax cookie without Secure', async (t) => {
    const res = await app.request({ url: '/' });
    const header = setCookie(res);
    t.ok(header);
    const { pair, attrs } = parse(header!);
    t.match(pair, /^sid=[A-Za-z0-9_-]{32}\.[A-Za-z0-9+/_-]+$/);
    t.ok(attrs.includes('httponly'));
    t.ok(attrs.includes('samesite=lax'));
    t.ok(attrs.includes('path=/'));
    t.notOk(attrs.includes('secure'));
    t.equal(app.fastify.unsignCookie(pair.slice(4)).valid, true);

    t.test('a second visit with that cookie sets no cookie and keeps the session', async (t) => {
      const again = await app.request({ url: '/', headers: { cookie: pair } });
      t.equal(again.statusCode, 200);
      t.equal(setCookie(again), undefined);
      t.equal(
        hydrationData(again.body).loaderData.root.token,
        hydrationData(res.body).loaderData.root.token,
        'the same session, so the same site token',
      );
    });
  });

  t.test('on tihoavto.ru the cookie is Secure', async (t) => {
    const res = await app.request({ url: '/', host: 'tihoavto.ru' });
    const { attrs } = parse(setCookie(res)!);
    t.ok(attrs.includes('secure'));
    t.ok(attrs.includes('httponly'));
    t.ok(attrs.includes('samesite=lax'));
  });

  t.test('a tampered cookie is replaced and its session is not used', async (t) => {
    const visitor = app.visitor();
    await createUser(app, { signIn: visitor });
    const tampered = `sid=${visitor.sessionId}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    const res = await app.request({ url: '/personal', headers: { cookie: tampered } });
    t.equal(res.statusCode, 302, 'not signed in through a forged cookie');
    t.equal(res.headers.location, '/auth?next=%2Fpersonal');

    const page = await app.request({ url: '/', headers: { cookie: tampered } });
    const header = setCookie(page);
    t.ok(header, 'a new cookie is set');
    const { pair } = parse(header!);
    const fresh = app.fastify.unsignCookie(pair.slice(4));
    t.equal(fresh.valid, true);
    t.not(fresh.value, visitor.sessionId, 'a new session id');
    t.equal(hydrationData(page.body).loaderData.root.signedIn, false);

    const unsignedCookie = await app.request({ url: '/', headers: { cookie: `sid=${visitor.sessionId}` } });
    t.ok(setCookie(unsignedCookie), 'an unsigned cookie is replaced too');
    t.equal(hydrationData(unsignedCookie.body).loaderData.root.signedIn, false);
  });

  t.test('a guard redirect sets no cookie', async (t) => {
    const redirect = await app.request({ url: '/personal' });
    t.equal(redirect.statusCode, 302);
    t.equal(setCookie(redirect), undefined);
  });
});

t.test('shell cache: no database round trip for the shell of a cached site', async (t) => {
  const app = await startTestApp(t);
  app.services.invalidateCaches();
  const shellQueries = (from: number) => app.db.queries.slice(from).filter((sql) => /FROM categories|FROM widgets/.test(sql));

  let mark = app.db.queries.length;
  const first = await app.request({ url: '/' });
  t.equal(first.statusCode, 200);
  t.equal(shellQueries(mark).length, 2, 'the first page loads categories and widgets');

  mark = app.db.queries.length;
  const second = await app.request({ url: '/' });
  t.equal(second.statusCode, 200);
  t.same(shellQueries(mark), [], 'the second page of the same site runs no shell query');
  t.same(hydrationData(second.body).loaderData.root.categories, hydrationData(first.body).loaderData.root.categories);

  mark = app.db.queries.length;
  const anonymous = await app.request({ url: '/' });
  t.equal(anonymous.statusCode, 200);
  t.same(app.db.queries.slice(mark), [], 'an anonymous first visit to a cached page costs no query at all');

  mark = app.db.queries.length;
  const kz = await app.request({ url: '/', host: 'kz.localhost' });
  t.equal(kz.statusCode, 200);
  t.equal(shellQueries(mark).length, 2, 'another site has its own cache entry');
  t.match(hydrationData(kz.body).loaderData.root.site.phone, '+7 727');

  mark = app.db.queries.length;
  await app.request({ url: '/', host: 'kz.localhost' });
  t.same(shellQueries(mark), [], 'and it is cached in turn');

  // The categories are named in the page's language (decision 048): /en has its own entry, cached in turn.
  mark = app.db.queries.length;
  const en = await app.request({ url: '/en' });
  t.equal(en.statusCode, 200);
  t.equal(shellQueries(mark).length, 2, 'a language has its own cache entry');
  t.equal(hydrationData(en.body).loaderData.root.categories[0].title, 'Vibration damping', 'with the English names');
  mark = app.db.queries.length;
  await app.request({ url: '/en' });
  t.same(shellQueries(mark), [], 'and it is cached in turn');
});

t.test('a query string that contains "/api/" is an ordinary page', async (t) => {
  const app = await startTestApp(t);
  const res = await app.request({ url: '/?utm_source=/api/x' });
  t.equal(res.statusCode, 200);
  t.match(res.body, /<h1[\s>]/);
});

t.test('bytes that can be no slug (NUL, upper case) are not found, never a database error', async (t) => {
  const app = await startTestApp(t);
  for (const url of ['/%00', '/a/%00', '/%00/%00', '/VIBROIZOLYACIYA', '/_data/%00?_routes=category']) {
    const res = await app.request({ url });
    t.not(res.statusCode, 500, url);
    if (!url.startsWith('/_data')) t.equal(res.statusCode, 404, url);
  }
});

t.test('an unknown host sent with an absolute-form target is redirected by path only', async (t) => {
  const { connect } = await import('node:net');
  const app = await startTestApp(t);
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.fastify.server.address() as { port: number }).port;
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (d) => (answer += d.toString()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write('GET http://evil.example/x?y=1 HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n');
  await new Promise<void>((resolve) => socket.on('close', () => resolve()));
  t.match(answer, /^HTTP\/1\.1 302/);
  t.match(answer, /\r\nlocation: https:\/\/tihoavto\.ru\/x\?y=1\r\n/i);
});

t.test('header counters', async (t) => {
  const app = await startTestApp(t);
  const visitor = app.visitor();

  const before = await app.request({ url: '/', as: visitor });
  t.equal(hydrationData(before.body).loaderData.root.cartCount, 0);
  t.equal(hydrationData(before.body).loaderData.root.compareCount, 0);
  t.notMatch(before.body, 'class="badge"', 'no cart badge when the cart is empty');
  t.match(before.body, '<span class="counter" aria-hidden="true">0</span>');

  const products = await app.db.query<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 3');
  await app.db.query('INSERT INTO sessions (id) VALUES ($1)', [visitor.sessionId]);
  const [cart] = await app.db.query<{ id: number }>(`INSERT INTO carts (session_id, site) VALUES ($1, 'ru') RETURNING id`, [
    visitor.sessionId,
  ]);
  await app.db.query('INSERT INTO cart_items (cart_id, product_id, quantity) VALUES ($1, $2, 1), ($1, $3, 1)', [
    cart!.id,
    products[0]!.id,
    products[1]!.id,
  ]);
  await app.db.query('INSERT INTO compare_items (session_id, product_id) VALUES ($1, $2), ($1, $3), ($1, $4)', [
    visitor.sessionId,
    products[0]!.id,
    products[1]!.id,
    products[2]!.id,
  ]);

  const from = app.db.queries.length;
  const after = await app.request({ url: '/', as: visitor });
  const root = hydrationData(after.body).loaderData.root;
  t.equal(
    app.db.queries.slice(from).filter((sql) => /\b(sessions|cart_lines|compare_items)\b/.test(sql)).length,
    1,
    'the signed-in user, both counters and the compare list: one query',
  );
  t.equal(root.cartCount, 2);
  t.equal(root.compareCount, 3);
  t.same(root.compared, [products[0]!.id, products[1]!.id, products[2]!.id], 'the compared products, for the cards');
  t.match(after.body, '<span class="badge" aria-hidden="true">2</span>', 'the cart badge shows the count');
  t.match(after.body, '<span class="counter" aria-hidden="true">3</span>');

  // The cart belongs to the ru site: the kz site shows its own (empty) cart for the same session.
  const kz = await app.request({ url: '/', host: 'kz.localhost', as: visitor });
  t.equal(hydrationData(kz.body).loaderData.root.cartCount, 0);
  t.notMatch(kz.body, 'class="badge"');

  // Another visitor sees none of it.
  const other = await app.request({ url: '/', as: app.visitor() });
  t.equal(hydrationData(other.body).loaderData.root.cartCount, 0);
  t.equal(hydrationData(other.body).loaderData.root.compareCount, 0);
});

t.test('client-side navigation loads route data as JSON, one request per navigation', async (t) => {
  const app = await startTestApp(t);
  const visitor: Visitor = app.visitor();
  const slug = await vibroProduct(app);
  const { router, calls } = browserRouter(t, app, { basename: '/en', initialEntry: '/en', as: visitor });
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => state.initialized && (stop(), resolve()));
  });
  t.same(calls, ['/_data/en?_routes=root%2Cpages%2Chome'], 'the first load: one request for every route');
  t.equal(router.state.loaderData.root.site.id, 'ru');

  calls.length = 0;
  await router.navigate('/vibroizolyaciya');
  t.same(calls, ['/_data/en/vibroizolyaciya?_routes=category'], 'only the new route: the shell is not reloaded');
  t.equal(router.state.location.pathname, '/en/vibroizolyaciya');
  t.equal(router.state.loaderData.category.category.url, '/vibroizolyaciya');

  calls.length = 0;
  await router.navigate('/personal');
  t.same(calls, ['/_data/en/personal?_routes=personal', '/_data/en/auth?next=%2Fen%2Fpersonal&_routes=pages%2Cauth']);
  t.equal(router.state.location.pathname, '/en/auth', 'the guard redirect lands on the /en sign-in page (not /en/en/…)');
  t.equal(router.state.location.search, '?next=%2Fen%2Fpersonal');
  t.match(router.state.loaderData.auth, { next: '/en/personal' });

  calls.length = 0;
  await router.navigate(`/instrumenty/${slug}`);
  t.equal(calls.length, 2, 'the product request and the one after its canonical redirect');
  t.equal(router.state.location.pathname, `/en/vibroizolyaciya/${slug}`);
  t.equal(router.state.loaderData.product.product.url, `/vibroizolyaciya/${slug}`);

  calls.length = 0;
  await router.navigate('/no/such/page');
  t.equal(calls.length, 1);
  t.equal(router.state.errors?.pages?.status, 404, 'the 404 reaches the pages boundary');
  t.same(router.state.errors?.pages?.data, { message: 'Page not found: /en/no/such/page', path: '/en/no/such/page' });
});

t.test('cookie banner: rendered until cooky=1 is stored, never after (no flash)', async (t) => {
  const app = await startTestApp(t);
  const fresh = await app.request({ url: '/' });
  t.equal(hydrationData(fresh.body).loaderData.root.cookieConsent, false);
  t.match(fresh.body, /<section class="cookie-banner" aria-label="Уведомление о файлах cookie">/);
  t.match(fresh.body, /<a href="\/docs\/policy\.pdf"[^>]*>Политика конфиденциальности<\/a>/);
  t.match(fresh.body, />Согласен<\/button>/);

  const accepted = await app.request({ url: '/', headers: { cookie: 'cooky=1' } });
  t.equal(hydrationData(accepted.body).loaderData.root.cookieConsent, true);
  t.notMatch(accepted.body, /cookie-banner/);

  const other = await app.request({ url: '/', headers: { cookie: 'cooky=0' } });
  t.match(other.body, /cookie-banner/, 'only "1" means accepted');
  const en = await app.request({ url: '/en' });
  t.match(en.body, />I agree<\/button>/, 'in the page language');
});

t.test('canonical and hreflang links come from the sites config', async (t) => {
  const app = await startTestApp(t);
  const links = (html: string) =>
    [...html.matchAll(/<link rel="(canonical|alternate)"(?: hrefLang="([^"]+)")? href="([^"]+)"\/>/g)].map((m) => [m[1], m[2] ?? '', m[3]]);

  const en = await app.request({ url: '/en/vibroizolyaciya?page=2', headers: { 'x-forwarded-host': 'evil.example' } });
  // Every language of every regional domain (decision 029): region-qualified codes off the default site.
  const regional = (path: string) => [
    ['alternate', 'ru-KZ', `https://tihoavto.kz${path}`],
    ['alternate', 'kk-KZ', `https://tihoavto.kz/kk${path === '/' ? '' : path}`],
    ['alternate', 'ru-MD', `https://tihoavto.md${path}`],
    ['alternate', 'ro-MD', `https://tihoavto.md/ro${path === '/' ? '' : path}`],
    ['alternate', 'ru-UZ', `https://tihoavto.uz${path}`],
    ['alternate', 'uz-UZ', `https://tihoavto.uz/uz${path === '/' ? '' : path}`],
    ['alternate', 'ru-KG', `https://tihoavto.kg${path}`],
    ['alternate', 'ky-KG', `https://tihoavto.kg/ky${path === '/' ? '' : path}`],
  ];
  t.same(links(en.body), [
    ['canonical', '', 'https://tihoavto.ru/en/vibroizolyaciya'],
    ['alternate', 'ru', 'https://tihoavto.ru/vibroizolyaciya'],
    ['alternate', 'en', 'https://tihoavto.ru/en/vibroizolyaciya'],
    ['alternate', 'zh-CN', 'https://tihoavto.ru/zh-CN/vibroizolyaciya'],
    ['alternate', 'tr', 'https://tihoavto.ru/tr/vibroizolyaciya'],
    ...regional('/vibroizolyaciya'),
    ['alternate', 'x-default', 'https://tihoavto.ru/vibroizolyaciya'],
  ]);
  t.match(en.body, /<head>.*<link rel="canonical".*<\/head>/s, 'in the head');

  const kz = await app.request({ url: '/kk', host: 'kz.localhost' });
  t.same(links(kz.body), [
    ['canonical', '', 'https://tihoavto.kz/kk'],
    ['alternate', 'ru', 'https://tihoavto.ru/'],
    ['alternate', 'en', 'https://tihoavto.ru/en'],
    ['alternate', 'zh-CN', 'https://tihoavto.ru/zh-CN'],
    ['alternate', 'tr', 'https://tihoavto.ru/tr'],
    ...regional('/'),
    ['alternate', 'x-default', 'https://tihoavto.ru/'],
  ]);

  const test = await app.request({ url: '/', host: 'test.localhost' });
  t.same(links(test.body), [], 'the test site has no canonical address');
  t.match(test.body, /<meta name="robots" content="noindex, nofollow"\/>/);
});

t.test('the colour-mode head script runs before the body and carries the nonce', async (t) => {
  const app = await startTestApp(t);
  const res = await app.request({ url: '/' });
  const nonce = /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] as string)![1];
  const head = /<head>(.*)<\/head>/s.exec(res.body)![1]!;
  // In the head, so it runs before the body is parsed and painted.
  t.ok(
    head.includes(`<script nonce="${nonce}">(function(){var m=null;try{m=localStorage.getItem("color-mode")`),
    'in the head, with the nonce',
  );
});

t.test('the notification dialog is rendered on the test and local hosts only, and only with content', async (t) => {
  const app = await startTestApp(t);
  const root = (html: string) => hydrationData(html).loaderData.root;

  const test = await app.request({ url: '/', host: 'test.localhost' });
  t.equal(root(test.body).showNotice, true);
  t.match(
    test.body,
    /<dialog class="notice-dialog" aria-labelledby="notice-title"><h2 id="notice-title">уведомление<\/h2><div><div class="test-site-notice">/,
  );

  const local = await app.request({ url: '/' });
  t.equal(root(local.body).showNotice, false, 'localhost without a modal widget: nothing to show');
  t.notMatch(local.body, /notice-dialog/);

  await app.db.query(`INSERT INTO widgets (code, site, html) VALUES ('modal', 'ru', '<p>Плановые работы</p>')`);
  app.services.invalidateCaches();
  t.equal(root((await app.request({ url: '/' })).body).showNotice, true, 'a local host with a modal widget');
  t.equal(root((await app.request({ url: '/', host: 'tihoavto.ru' })).body).showNotice, false, 'never on the public host');
});
