/**
 * Kept search answers (CatalogService, PAGE_CACHE_TTL): the header's live search asks the same prefixes over and over;
 * a repeated search runs no SQL, texts that normalise alike share an answer, languages and limits do not, and a
 * back office change shows in the next search at once. With the cache off (the test default) every search runs.
 */
import t from 'tap';
import { SEARCH_IN_SQL, SEARCH_SQL } from '../server/catalog/search.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

interface Result {
  id: number;
  title: string;
}

async function apiSearch(app: TestApp, text: string, language = 'ru'): Promise<Result[]> {
  const v = app.visitor();
  const res = await app.request({
    method: 'POST',
    url: `/api/site/search?token=${encodeURIComponent(v.token)}&language=${language}`,
    as: v,
    payload: { search: text },
  });
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

t.test('with the cache off (PAGE_CACHE_TTL=0), every search runs', async (t) => {
  const app = await startTestApp(t);
  await apiSearch(app, 'вибро');
  t.ok((await searchesRun(app, () => apiSearch(app, 'вибро'))) > 0);
});
