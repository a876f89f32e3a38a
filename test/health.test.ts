import t from 'tap';
import { startTestApp } from './helpers/app.ts';

t.test('health checks', async (t) => {
  const app = await startTestApp(t);

  t.test('/healthz answers while the process is up, whatever the host', async (t) => {
    const res = await app.request({ url: '/healthz', host: '10.1.2.3:3000' });
    t.equal(res.statusCode, 200);
    t.same(res.json(), { status: 'ok' });
  });

  t.test('/readyz checks the database', async (t) => {
    const res = await app.request({ url: '/readyz', host: '10.1.2.3' });
    t.equal(res.statusCode, 200);
    t.equal(res.json().status, 'ok');
    t.equal(res.json().database, app.db.kind);
  });

  t.test('every answer carries the security headers', async (t) => {
    const res = await app.request({ url: '/healthz' });
    t.equal(res.headers['x-content-type-options'], 'nosniff');
    t.equal(res.headers['x-frame-options'], 'DENY');
    t.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    t.match(res.headers['content-security-policy'], /default-src 'none'/);
  });

  t.test('answers carry the request id of their log lines; a sane incoming id is kept', async (t) => {
    const generated = await app.request({ url: '/healthz' });
    t.match(generated.headers['x-request-id'], /^[0-9a-f-]{36}$/);
    const given = await app.request({ url: '/healthz', headers: { 'x-request-id': 'lb-1234' } });
    t.equal(given.headers['x-request-id'], 'lb-1234');
    const hostile = await app.request({ url: '/healthz', headers: { 'x-request-id': 'a b<script>' } });
    t.match(hostile.headers['x-request-id'], /^[0-9a-f-]{36}$/, 'an unsafe id is replaced');
  });
});

t.test('/readyz answers 503 when the database is gone', async (t) => {
  const app = await startTestApp(t);
  await app.db.close();
  const res = await app.request({ url: '/readyz' });
  t.equal(res.statusCode, 503);
  t.equal(res.json().status, 'unavailable');
});

t.test('hashed build files are cached for a year as immutable; public files for an hour', async (t) => {
  const { readFileSync } = await import('node:fs');
  const manifest = JSON.parse(readFileSync(new URL('../dist/client/.vite/manifest.json', import.meta.url), 'utf8'));
  const entry = manifest['client/entry-client.tsx'].file as string;
  const app = await startTestApp(t);
  const res = await app.request({ url: '/' + entry });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /javascript/);
  t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
  const favicon = await app.request({ url: '/favicon.svg' });
  t.equal(favicon.statusCode, 200);
  t.equal(favicon.headers['cache-control'], 'public, max-age=3600');
  const policy = await app.request({ url: '/docs/policy.pdf' });
  t.equal(policy.statusCode, 200, 'the policy the footer widget links to exists');
  t.equal(policy.headers['content-type'], 'application/pdf');
  const missing = await app.request({ url: '/assets/no-such-file.js' });
  t.equal(missing.statusCode, 404, 'a missing asset is a 404, not a page');
  t.notMatch(missing.headers['content-type'], /html/);
});

t.test('a page whose data cannot be read (database down) is the static 500 page, not JSON', async (t) => {
  const app = await startTestApp(t);
  const visitor = app.visitor();
  await app.db.close();
  const res = await app.request({ url: '/', as: visitor });
  t.equal(res.statusCode, 500);
  t.match(res.headers['content-type'], /text\/html/);
  t.match(res.body, /Что-то пошло не так/);
  t.match(res.headers['content-security-policy'], /style-src 'self' 'unsafe-inline'/, 'its inline style may apply');
  t.notMatch(res.body, /closed|PGlite|database/i, 'no internals');
});
