/** The client build the server serves: GET /_build/latest.json and the build id every page embeds. */

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import t from 'tap';
import { startTestApp } from './helpers/app.ts';

const manifestText = readFileSync(new URL('../dist/client/.vite/manifest.json', import.meta.url), 'utf8');
const expectedId = createHash('sha256').update(manifestText).digest('hex').slice(0, 16);

t.test('build endpoint and boot data', async (t) => {
  const app = await startTestApp(t);

  t.test('/_build/latest.json names the build, is never cached and answers on any host', async (t) => {
    for (const host of ['localhost', 'kz.localhost', '10.1.2.3:3000']) {
      const res = await app.request({ url: '/_build/latest.json', host });
      t.equal(res.statusCode, 200, host);
      t.match(res.headers['content-type'], /^application\/json/);
      t.equal(res.headers['cache-control'], 'no-store');
      const body = res.json();
      t.same(Object.keys(body).sort(), ['id', 'timestamp']);
      t.equal(body.id, expectedId, 'the hash of the Vite manifest');
      t.type(body.timestamp, 'number');
      t.ok(body.timestamp > Date.parse('2020-01-01'), 'a real time');
    }
  });

  t.test('every page embeds the id of the build it runs', async (t) => {
    for (const url of ['/', '/en/vibroizolyaciya', '/no-such-page']) {
      const res = await app.request({ url });
      const boot = /window\.__BOOT__=(\{.*?\});window\.__staticRouterHydrationData=/s.exec(res.body);
      t.ok(boot, url);
      t.equal(JSON.parse(boot![1]!).buildId, expectedId, url);
    }
  });
});

t.test('the browser gets React Router’s production build: none of its development warnings', async (t) => {
  const manifest = JSON.parse(manifestText) as Record<string, { file: string; isEntry?: boolean }>;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.file.includes('entry-client'));
  t.ok(entry, 'the storefront entry is in the manifest');
  const code = readFileSync(new URL(`../dist/client/${entry!.file}`, import.meta.url), 'utf8');
  t.notOk(code.includes('You rendered descendant <Routes>'), 'a warning only the development build has is not shipped');
});
