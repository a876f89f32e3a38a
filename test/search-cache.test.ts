/**
 * Kept search answers (CatalogService, PAGE_CACHE_TTL): the header's live search asks the same prefixes over and over;
 * a repeated search runs no SQL, texts that normalise alike share an answer, languages and limits do not, and a
 * back office change shows in the next search at once. A kept answer is serialised and compressed once per encoding,
 * not per request. With the cache off (the test default) every search runs.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import t from 'tap';
import { SEARCH_IN_SQL, SEARCH_SQL } from '../server/catalog/search.ts';
import { cachedJsonCompressions } from '../server/http/compression.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

interface Result {
  id: number;
  title: string;
}

function searchRequest(app: TestApp, text: string, language = 'ru', acceptEncoding?: string) {
  const v = app.visitor();
  return app.request({
    method: 'POST',
    url: `/api/site/search?token=${encodeURIComponent(v.token)}&language=${language}`,
    as: v,
    payload: { search: text },
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
}

async function apiSearch(app: TestApp, text: string, language = 'ru'): Promise<Result[]> {
  const res = await searchRequest(app, text, language);
  if (res.statusCode !== 200) throw new Error(`search ${JSON.stringify(text)}: ${res.statusCode} ${res.body}`);
  return res.json().data.results;
}

/** How many catalogue searches the database ran while `fn` did its work. */
async function searchesRun(app: TestApp, fn: () => Promise<unknown>): Promise<number> {
  const before = app.db.queries.length;
  await fn();
  return app.db.queries.slice(before).filter((sql) => sql === SEARCH_SQL || sql === SEARCH_IN_SQL).length;
}

t.test('with PAGE_CACHE_TTL set, a search answer is kept', async (t) => {
  const app = await startTestApp(t, { PAGE_CACHE_TTL: '600' });
  let first: Result[] = [];
  t.ok((await searchesRun(app, async () => (first = await apiSearch(app, 'вибро')))) > 0, 'the first search runs');
  t.ok(first.length > 0, 'and finds products');
  let again: Result[] = [];
  t.equal(await searchesRun(app, async () => (again = await apiSearch(app, 'вибро'))), 0, 'the same search again runs no SQL');
  t.same(again, first, 'and answers the same');
  t.equal(await searchesRun(app, () => apiSearch(app, '  ВИБРО ')), 0, 'case and spaces normalise to the same search');
  t.ok((await searchesRun(app, () => apiSearch(app, 'вибро', 'en'))) > 0, 'another language is another search');
  const page = await app.request({ url: '/search?q=%D0%B2%D0%B8%D0%B1%D1%80%D0%BE' });
  t.equal(page.statusCode, 200);

  t.test('a product renamed in the back office is found by its new name at once', async (t) => {
    const target = first[0]!;
    const draft = (await app.services.productDesk.find(target.id))!;
    const saved = await app.services.productDesk.save(
      { ...draft, title: `Вибродемпфер Кэшпроверка ${draft.title}` },
      { id: null, email: 'owner@staff.example' },
    );
    t.ok(saved.ok, 'saved');
    const renamed = await apiSearch(app, 'вибро');
    t.match(renamed.find((r) => r.id === target.id)?.title, /^Вибродемпфер Кэшпроверка /, 'the kept answer was dropped');
    t.same(
      (await apiSearch(app, 'кэшпроверка')).map((r) => r.id),
      [target.id],
    );
  });

  t.test('hostile texts (the service takes what the API refuses) are kept under their normalised form', async (t) => {
    for (const text of ['\u0000вибро', 'вибро\u202e', '%_\\', 'a'.repeat(500)]) {
      const results = await app.services.catalog.search(text);
      t.ok(Array.isArray(results), JSON.stringify(text.slice(0, 10)));
    }
    t.equal(await searchesRun(app, () => app.services.catalog.search('\u0000 ВИБРО\t')), 0, 'a control character is a space');
  });
});

t.test('a kept answer is serialised and compressed once per encoding, not per request', async (t) => {
  const app = await startTestApp(t, { PAGE_CACHE_TTL: '600' });
  const plain = await searchRequest(app, 'шумоизоляция');
  t.equal(plain.headers['content-encoding'], undefined, 'no encoding asked: plain JSON');
  t.match(plain.headers['content-type'], /^application\/json; charset=utf-8$/);
  t.match(plain.headers.vary, /Accept-Encoding/i, 'caches keep one copy per encoding');
  const answer = plain.json();
  t.ok(answer.data.results.length > 0 && plain.rawPayload.length >= 1024, 'an answer big enough to be compressed');

  const before = cachedJsonCompressions();
  for (let i = 0; i < 4; i++) {
    const br = await searchRequest(app, 'шумоизоляция', 'ru', 'gzip, br');
    t.equal(br.headers['content-encoding'], 'br');
    t.same(JSON.parse(brotliDecompressSync(br.rawPayload).toString()), answer, 'brotli: the same answer');
  }
  const gzip = await searchRequest(app, 'шумоизоляция', 'ru', 'gzip');
  t.equal(gzip.headers['content-encoding'], 'gzip');
  t.same(JSON.parse(gunzipSync(gzip.rawPayload).toString()), answer, 'gzip: the same answer');
  t.equal(cachedJsonCompressions() - before, 2, 'five compressed answers, one brotli and one gzip compression');

  const other = await searchRequest(app, 'вибро', 'ru', 'br');
  t.equal(cachedJsonCompressions() - before, 3, 'another answer is compressed for itself');
  t.not(JSON.parse(brotliDecompressSync(other.rawPayload).toString()).data.results[0].id, undefined);
  t.notSame(JSON.parse(brotliDecompressSync(other.rawPayload).toString()), answer, 'and answers its own search');
});

t.test('with the cache off (PAGE_CACHE_TTL=0), every search runs', async (t) => {
  const app = await startTestApp(t);
  await apiSearch(app, 'вибро');
  t.ok((await searchesRun(app, () => apiSearch(app, 'вибро'))) > 0);
  const before = cachedJsonCompressions();
  for (let i = 0; i < 2; i++) {
    const br = await searchRequest(app, 'шумоизоляция', 'ru', 'br');
    t.equal(br.headers['content-encoding'], 'br');
  }
  t.equal(cachedJsonCompressions() - before, 2, 'each answer is new, so each is compressed');
});
