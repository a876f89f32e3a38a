/**
 * Third-party tags per site (issue 3 items 6 and 10): the config schema, the Content-Security-Policy built per
 * site, the onlineChat script allowlist, the absence of any tag on sites without them, and the maps loader.
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { analyticsSnippet, metrikaSnippet } from '../client/third-party/Analytics.tsx';
import { chatScriptSources } from '../server/content/widgets.ts';
import { contentSecurityPolicy } from '../server/http/security.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { publicSite } from '../shared/public-site.ts';
import { sitesConfigSchema, siteTagsSchema } from '../shared/sites-config.ts';
import { mapsApiUrl, trackerUrl } from '../shared/third-party.ts';
import { hydrationData, startTestApp } from './helpers/app.ts';

const BASE_CSP = (nonce: string) =>
  "default-src 'self'; " +
  `script-src 'self' 'nonce-${nonce}'; ` +
  "style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: https:; " +
  "font-src 'self'; " +
  "connect-src 'self'; " +
  "object-src 'none'; " +
  "base-uri 'none'; " +
  "form-action 'self'; " +
  "frame-ancestors 'none'";

const TAGS = {
  analytics: { counterId: 98765432 },
  tracker: { src: 'https://tracker.example.net/t.js?site=test' },
  maps: { apiKey: '0a1b2c3d-4e5f-6789-abcd-ef0123456789' },
  chatHosts: ['chat.example.com'],
};

/** A sites config whose test site has every tag; written to a file for SITES_FILE. */
function sitesFileWithTags(): string {
  const cfg = structuredClone(demoSitesConfig) as any;
  cfg.sites.find((s: any) => s.id === 'test').tags = TAGS;
  const file = join(mkdtempSync(join(tmpdir(), 'tags-')), 'sites.json');
  writeFileSync(file, JSON.stringify(cfg));
  return file;
}

const issues = (value: unknown) => {
  const r = siteTagsSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

t.test('config: tags are optional, defaults filled in, bad hosts and addresses rejected', async (t) => {
  t.equal(demoSitesConfig.sites.filter((s) => s.tags).length, 0, 'no demo site has a tag: npm start calls no third party');
  const parsed = siteTagsSchema.parse(TAGS);
  t.same(parsed.maps, { apiKey: TAGS.maps.apiKey, lang: 'ru_RU', version: 'v3' }, 'maps: ru_RU and v3 by default (spec §9)');
  t.same(parsed.tracker, { src: TAGS.tracker.src, referrerParam: 'r', urlParam: 'u' });

  for (const host of [
    'https://chat.example.com',
    'chat.example.com:443',
    '*.example.com',
    'chat.example.com/widget',
    'CHAT.example.com',
    'localhost',
    '127.0.0.1',
    'chat..example.com',
    'chat.example.com.',
    '-chat.example.com',
    '',
  ]) {
    t.match(issues({ chatHosts: [host] }), [/^chatHosts\.0: a public host name/], `chat host ${JSON.stringify(host)} rejected`);
  }
  for (const src of [
    'http://tracker.example.net/t.js',
    'javascript:alert(1)',
    '//tracker.example.net/t.js',
    '/t.js',
    'https://user:pw@tracker.example.net/t.js',
    'https://tracker.example.net:8443/t.js',
    'https://localhost/t.js',
    'data:text/javascript,alert(1)',
  ]) {
    t.match(issues({ tracker: { src } }), [/^tracker\.src: an https:\/\/ address/], `tracker ${src} rejected`);
  }
  t.match(issues({ analytics: { counterId: 12.5 } }), [/^analytics\.counterId/], 'a counter id is an integer');
  t.match(issues({ analytics: { counterId: '123' } }), [/^analytics\.counterId/], 'a number, not a string');
  t.match(issues({ maps: { apiKey: 'key"><script>' } }), [/^maps\.apiKey/]);
  t.match(issues({ maps: { apiKey: TAGS.maps.apiKey, lang: 'russian' } }), [/^maps\.lang/]);
  t.match(issues({ maps: { apiKey: TAGS.maps.apiKey, version: '3/../x' } }), [/^maps\.version/]);
  t.match(issues({ analitics: { counterId: 1 } }), [/Unrecognized key/], 'a misspelt tag is an error, not silently ignored');

  // In a whole config, the problem is named with its path.
  const cfg = structuredClone(demoSitesConfig) as any;
  cfg.sites[5].tags = { chatHosts: ['evil.example.com:80'] };
  const r = sitesConfigSchema.safeParse(cfg);
  t.notOk(r.success);
  t.match(r.error!.issues[0]!.path, ['sites', 5, 'tags', 'chatHosts', 0]);
});

t.test('CSP: exactly the base policy without tags; each configured tag adds only its hosts', async (t) => {
  t.equal(contentSecurityPolicy('N', { dev: false }), BASE_CSP('N'), 'no tags: unchanged');
  t.equal(contentSecurityPolicy('N', { dev: false, tags: {} }), BASE_CSP('N'), 'an empty tags object: unchanged');
  t.equal(contentSecurityPolicy('N', { dev: false, tags: { chatHosts: [] } }), BASE_CSP('N'), 'an empty chat allowlist: unchanged');

  const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
  const base = directives(BASE_CSP('N'));

  const chat = directives(contentSecurityPolicy('N', { dev: false, tags: { chatHosts: ['chat.example.com'] } }));
  t.same(chat['script-src'], [...base['script-src'], 'https://chat.example.com']);
  t.same(chat['connect-src'], ["'self'", 'https://chat.example.com', 'wss://chat.example.com']);
  t.same(chat['frame-src'], ["'self'", 'https://chat.example.com']);
  t.same(chat['img-src'], base['img-src']);
  t.same(chat['object-src'], ["'none'"], 'the rest stays as strict');
  t.same(chat['frame-ancestors'], ["'none'"]);

  const tracker = directives(
    contentSecurityPolicy('N', {
      dev: false,
      tags: { tracker: { src: 'https://tracker.example.net/t.js', referrerParam: 'r', urlParam: 'u' } },
    }),
  );
  t.same(tracker['script-src'], [...base['script-src'], 'https://tracker.example.net']);
  t.notOk(tracker['frame-src'], 'no frame-src without a tag that needs frames');

  const analytics = directives(contentSecurityPolicy('N', { dev: false, tags: { analytics: { counterId: 1 } } }));
  t.ok(analytics['script-src'].includes('https://mc.yandex.ru'));
  t.ok(analytics['connect-src'].includes('https://mc.yandex.ru'));
  t.notOk(
    analytics['script-src'].some((s: string) => s.includes('api-maps')),
    'no maps hosts without a maps tag',
  );

  const maps = directives(contentSecurityPolicy('N', { dev: false, tags: { maps: { apiKey: 'k', lang: 'ru_RU', version: 'v3' } } }));
  t.ok(maps['script-src'].includes('https://api-maps.yandex.ru'));
  t.notOk(maps['script-src'].includes('https://mc.yandex.ru'), 'no analytics hosts without an analytics tag');
  t.notOk(maps['script-src'].includes("'unsafe-eval'"), 'never unsafe-eval');

  const all = contentSecurityPolicy('N', { dev: false, tags: siteTagsSchema.parse(TAGS) });
  t.notMatch(
    all,
    /unsafe-eval|'unsafe-inline'[^;]*script|\*(?!\.api-maps|\.maps\.yandex\.net)/,
    'no wildcard beyond the maps subdomains, no unsafe-*',
  );
  t.notMatch(all, /http:\/\//, 'https only');
});

t.test('chat allowlist: only https scripts of allowlisted hosts survive', async (t) => {
  const allowed = ['chat.example.com'];
  const html =
    '<p>Чат</p>' +
    '<script src="https://chat.example.com/widget.js?id=42" async></script>' +
    '<script>window.chatConfig = {}</script>' +
    '<script src="https://evil.example.net/x.js"></script>' +
    '<script src="http://chat.example.com/plain.js"></script>' +
    '<script src="javascript:alert(1)"></script>' +
    '<script src="data:text/javascript,alert(1)"></script>' +
    '<script src="/local.js"></script>' +
    '<script src="https://chat.example.com.evil.example.net/x.js"></script>' +
    '<script src="https://user@chat.example.com/x.js"></script>' +
    '<script src="https://chat.example.com:8443/x.js"></script>' +
    '<SCRIPT SRC="//chat.example.com/loader.js"></SCRIPT>' +
    '<script src="https://chat.example.com/widget.js?id=42"></script>';
  t.same(
    chatScriptSources(html, allowed),
    ['https://chat.example.com/widget.js?id=42', 'https://chat.example.com/loader.js'],
    'kept in order, deduplicated; protocol-relative becomes https',
  );
  t.same(chatScriptSources(html, []), [], 'no allowlist: nothing loads');
  t.same(chatScriptSources(html, ['other.example.org']), []);
  t.same(chatScriptSources('', allowed), []);
});

t.test('pages: a site with tags gets them, its CSP admits them; a site without has none of it', async (t) => {
  const app = await startTestApp(t, { SITES_FILE: sitesFileWithTags() });
  await app.db.query(`INSERT INTO widgets (code, site, html) VALUES ('onlineChat', 'test', $1)`, [
    '<div class="chat">Онлайн-чат</div><script src="https://chat.example.com/widget.js" async></script><script src="https://evil.example.net/steal.js"></script>',
  ]);
  await app.db.query(`INSERT INTO widgets (code, site, html) VALUES ('onlineChat', 'ru', $1)`, [
    '<script src="https://chat.example.com/widget.js"></script>',
  ]);
  app.services.invalidateCaches();

  t.test('the test site', async (t) => {
    const res = await app.request({ url: '/', host: 'test.localhost' });
    t.equal(res.statusCode, 200);
    const csp = res.headers['content-security-policy'] as string;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    t.match(
      csp,
      /script-src 'self' 'nonce-[^']+' https:\/\/mc\.yandex\.ru .*https:\/\/tracker\.example\.net.*https:\/\/chat\.example\.com/,
    );
    t.notMatch(csp, /evil/);

    // Analytics waits for the visitor's consent (decision 025): only the data layer before it.
    t.ok(res.body.includes(`<script nonce="${nonce}">${analyticsSnippet(98765432, false)}</script>`), 'no counter before consent');
    t.notMatch(res.body, /mc\.yandex|ym\(|<noscript/);
    // With the consent: the inline snippet with the nonce, init options; a noscript pixel.
    const accepted = await app.request({ url: '/', host: 'test.localhost', headers: { cookie: 'cooky=1' } });
    const nonce2 = /'nonce-([^']+)'/.exec(accepted.headers['content-security-policy'] as string)![1]!;
    t.ok(accepted.body.includes(`<script nonce="${nonce2}">${analyticsSnippet(98765432, true)}</script>`), 'the snippet carries the nonce');
    t.match(
      metrikaSnippet(98765432),
      '{"clickmap":true,"trackLinks":true,"accurateTrackBounce":true,"webvisor":true,"ecommerce":"dataLayer"}',
    );
    t.match(metrikaSnippet(98765432), 'k.async=true', 'tag.js is loaded async');
    t.match(accepted.body, '<noscript><div><img src="https://mc.yandex.ru/watch/98765432"');
    t.notMatch(accepted.body, /<script[^>]*src="https:\/\/mc\.yandex/, 'no blocking script tag for the library');

    // Chat: the allowlisted address reaches the browser as data; the other host never appears at all.
    const root = hydrationData(res.body).loaderData.root;
    t.same(root.chatScripts, ['https://chat.example.com/widget.js']);
    t.notMatch(res.body, /evil\.example\.net|steal\.js/, 'the other host is nowhere in the page');
    t.notMatch(res.body, /<script[^>]*chat\.example\.com/, 'no chat <script> in the HTML: it loads after hydration');
    t.same(root.site.tags, {
      analytics: { counterId: 98765432 },
      tracker: { src: TAGS.tracker.src, referrerParam: 'r', urlParam: 'u' },
      maps: { apiKey: TAGS.maps.apiKey, lang: 'ru_RU', version: 'v3' },
    });
    t.notOk('chatHosts' in root.site.tags, 'the allowlist stays on the server');

    // The widget API answers sanitised HTML without any script.
    const v = app.visitor();
    const w = await app.request({
      url: `/api/site/widget?token=${v.token}&code=onlineChat&domain=test.tihoavto.ru`,
      as: v,
      host: 'test.localhost',
    });
    t.equal(w.statusCode, 200);
    t.equal(w.json().data.widget.content.html, '<div class="chat">Онлайн-чат</div>');
  });

  t.test('the main site of the same config has no tags', async (t) => {
    const res = await app.request({ url: '/', host: 'localhost' });
    t.equal(res.statusCode, 200);
    const csp = res.headers['content-security-policy'] as string;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    t.equal(csp, BASE_CSP(nonce), 'exactly the base policy');
    t.notMatch(res.body, /mc\.yandex|ym\(|api-maps|tracker\.example|chat\.example/, 'no tag markup or address');
    const root = hydrationData(res.body).loaderData.root;
    t.notOk('tags' in root.site, 'no tags in the public site data');
    t.same(root.chatScripts, [], 'its onlineChat script is dropped: no chat allowlist on this site');
  });
});

t.test('the demo config: no page carries any tag', async (t) => {
  const app = await startTestApp(t);
  for (const host of ['localhost', 'kz.localhost', 'test.localhost']) {
    const res = await app.request({ url: '/', host });
    const nonce = /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] as string)![1]!;
    t.equal(res.headers['content-security-policy'], BASE_CSP(nonce), `${host}: base CSP`);
    t.notMatch(res.body, /mc\.yandex|ym\(|api-maps|<noscript/, `${host}: no tag markup`);
    t.same(hydrationData(res.body).loaderData.root.chatScripts, [], `${host}: no chat script`);
  }
});

t.test('maps: the script address (spec §7, §9) and the on-demand loader', async (t) => {
  t.equal(mapsApiUrl({ apiKey: 'abc-123', lang: 'ru_RU', version: 'v3' }), 'https://api-maps.yandex.ru/v3/?apikey=abc-123&lang=ru_RU');
  t.equal(mapsApiUrl({ apiKey: 'abc-123', lang: 'kk_KZ', version: 'v2.1' }), 'https://api-maps.yandex.ru/v2.1/?apikey=abc-123&lang=kk_KZ');
  const maps = publicSite({ ...demoSitesConfig.sites[0]!, tags: siteTagsSchema.parse({ maps: { apiKey: 'abcdef-12345' } }) }, 'ru').tags!
    .maps!;
  t.equal(mapsApiUrl(maps), 'https://api-maps.yandex.ru/v3/?apikey=abcdef-12345&lang=ru_RU', 'defaults from the config');

  t.equal(
    trackerUrl(
      { src: 'https://tracker.example.net/t.js?site=test', referrerParam: 'r', urlParam: 'u' },
      'https://ya.ru/search?q=1&x=2',
      'https://tihoavto.ru/a?b=c',
    ),
    'https://tracker.example.net/t.js?site=test&r=https%3A%2F%2Fya.ru%2Fsearch%3Fq%3D1%26x%3D2&u=https%3A%2F%2Ftihoavto.ru%2Fa%3Fb%3Dc',
    'referrer and page address as encoded query parameters',
  );

  // loadMapsApi against a minimal DOM: one async script with the page nonce, once, resolving with ymaps3.
  const appended: any[] = [];
  const g = globalThis as any;
  const saved = { document: g.document, window: g.window };
  t.teardown(() => Object.assign(g, saved));
  g.window = g;
  g.document = {
    querySelector: (sel: string) => (sel === 'script[nonce]' ? { nonce: 'page-nonce', getAttribute: () => '' } : null),
    createElement: () => ({ dataset: {}, remove() {} }),
    head: {
      appendChild(el: any) {
        appended.push(el);
        g.ymaps3 = { ready: Promise.resolve() };
        queueMicrotask(() => el.onload());
      },
    },
  };
  const { loadMapsApi, MapsNotConfiguredError } = await import('../client/third-party/maps.ts');
  await t.rejects(loadMapsApi(undefined), MapsNotConfiguredError, 'not configured: rejects, injects nothing');
  t.equal(appended.length, 0);
  const [a, b] = await Promise.all([loadMapsApi(maps), loadMapsApi(maps)]);
  t.equal(a, g.ymaps3);
  t.equal(b, g.ymaps3);
  t.equal(appended.length, 1, 'one script for two callers');
  t.equal(appended[0].src, 'https://api-maps.yandex.ru/v3/?apikey=abcdef-12345&lang=ru_RU');
  t.equal(appended[0].async, true);
  t.equal(appended[0].nonce, 'page-nonce', 'carries the nonce read from the DOM property');
  delete g.ymaps3;
});
