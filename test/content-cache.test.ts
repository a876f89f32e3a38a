/**
 * Content reads are cached per site and language (decision 027): a second view of any content page asks the
 * database nothing about content, an unknown slug costs no query, services.invalidateCaches() and a save through the
 * service show an edit at once, and an edit made elsewhere (the import CLI's process) shows once the TTL ran out.
 */
import t from 'tap';
import { ContentService } from '../server/content/content.ts';
import { parseContentFile } from '../server/content/content-files.ts';
import { startTestApp } from './helpers/app.ts';
import { createTestDb } from './helpers/db.ts';

const app = await startTestApp(t);

/** The statements since `from` that read or write content. */
const contentQueries = (from: number) => app.db.queries.slice(from).filter((sql) => sql.includes('content_entries'));

const PAGES = [
  '/about',
  '/about_noise_insulation',
  '/about_noise_insulation/vibropogloshchenie',
  '/news',
  '/news/vibro-premium-v-prodazhe',
  '/stati',
  '/stati/shumoizolyaciya-dverej',
  '/oplata-i-vozvraty',
  '/voprosy-i-otvety',
  '/stat-partnerom',
  '/handmade',
];

t.test('a second view of every content page makes no content query', async (t) => {
  app.services.invalidateCaches();
  for (const path of PAGES) {
    const before = app.db.queries.length;
    t.equal((await app.request({ url: path })).statusCode, 200, path);
    t.ok(contentQueries(before).length > 0, `${path}: the first view reads the database`);
    const again = app.db.queries.length;
    t.equal((await app.request({ url: path })).statusCode, 200, path);
    t.same(contentQueries(again), [], `${path}: the second view is served from the cache`);
    // Client navigation (the data endpoint) shares the cache.
    const data = app.db.queries.length;
    await app.request({ url: `/_data${path}` });
    t.same(contentQueries(data), [], `${path}: its data request too`);
  }
});

t.test('per site and language: another site or language reads its own entries', async (t) => {
  await app.request({ url: '/stati/shumoizolyaciya-dverej' });
  for (const [url, host] of [
    ['/stati/shumoizolyaciya-dverej', 'kz.localhost'],
    ['/en/stati/shumoizolyaciya-dverej', 'localhost'],
  ] as const) {
    const before = app.db.queries.length;
    t.equal((await app.request({ url, host })).statusCode, 200);
    t.ok(contentQueries(before).length > 0, `${host}${url}: not the Russian site's cached answer`);
  }
});

t.test('an unknown slug: 404 from the index, no query and nothing cached', async (t) => {
  await app.request({ url: '/stati' }); // the articles' index is cached
  const before = app.db.queries.length;
  for (let i = 0; i < 20; i++) t.equal((await app.request({ url: `/stati/no-such-article-${i}` })).statusCode, 404);
  t.same(contentQueries(before), [], 'unknown slugs never reach the database');
});

t.test('invalidateCaches() and a save through the service show an edit at once', async (t) => {
  await app.request({ url: '/stati/shumoizolyaciya-dverej' });
  await app.db.query(
    `UPDATE content_entries SET title = 'Двери: новый заголовок' WHERE slug = 'shumoizolyaciya-dverej' AND language = 'ru'`,
  );
  t.notMatch((await app.request({ url: '/stati/shumoizolyaciya-dverej' })).body, 'Двери: новый заголовок', 'cached: the old title');
  t.notMatch((await app.request({ url: '/stati' })).body, 'Двери: новый заголовок', 'the list too');
  app.services.invalidateCaches();
  t.match((await app.request({ url: '/stati/shumoizolyaciya-dverej' })).body, 'Двери: новый заголовок', 'invalidated: the new title');
  t.match((await app.request({ url: '/stati' })).body, 'Двери: новый заголовок');

  // A new entry saved through the service: listed and readable at once.
  await app.request({ url: '/voprosy-i-otvety' });
  await app.services.content.save(parseContentFile(`---\nkind: faq\nslug: novyj-vopros\ntitle: Новый вопрос о кэше?\n---\nОтвет.\n`, 'x'));
  t.match((await app.request({ url: '/voprosy-i-otvety' })).body, 'Новый вопрос о кэше?');
});

t.test('an edit from another process (the import CLI) shows once the TTL has run out', async (t) => {
  const { db, drop } = await createTestDb();
  t.teardown(drop);
  const ttlMs = 60_000;
  let now = Date.now();
  const pod = new ContentService(db, ttlMs, () => now); // its clock moves only when the test says
  const cli = new ContentService(db); // the CLI's own service: no cache, and nothing to clear in the pod's
  t.equal((await pod.get('page', 'about', 'ru', 'ru'))!.title, 'О компании');
  await cli.save(parseContentFile(`---\nkind: page\nslug: about\ntitle: О нас\n---\nТекст.\n`, 'x'));
  t.equal((await pod.get('page', 'about', 'ru', 'ru'))!.title, 'О компании', 'within the TTL: the cached text');
  // Past TTL + the stale window, a reader waits for the database.
  now += ttlMs * 2 + 1;
  t.equal((await pod.get('page', 'about', 'ru', 'ru'))!.title, 'О нас', 'after it: the imported text');
  const before = db.queries.length;
  await pod.get('page', 'about', 'ru', 'ru');
  t.equal(db.queries.length, before, 'and cached again');
});

t.test('without a TTL (the CLI) every read queries', async (t) => {
  const { db, drop } = await createTestDb();
  t.teardown(drop);
  const cli = new ContentService(db);
  await cli.list('news', 'ru', 'ru', 1, 10);
  const before = db.queries.length;
  await cli.list('news', 'ru', 'ru', 1, 10);
  t.ok(db.queries.length > before);
});
