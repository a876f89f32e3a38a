import t from 'tap';
import { TtlCache } from '../server/cache/ttl-cache.ts';

function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

t.test('fresh values come from the cache, with one load for concurrent callers', async (t) => {
  const c = clock();
  const cache = new TtlCache<number>(1000, 5000, c.now);
  let loads = 0;
  const load = async () => ++loads;
  const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
  t.equal(a, 1);
  t.equal(b, 1);
  c.advance(999);
  t.equal(await cache.get('k', load), 1);
  t.equal(loads, 1);
});

t.test('a stale value is served at once while one refresh runs', async (t) => {
  const c = clock();
  const cache = new TtlCache<number>(1000, 5000, c.now);
  let loads = 0;
  let release!: () => void;
  const slow = () => new Promise<number>((resolve) => (release = () => resolve(++loads)));
  const first = cache.get('k', slow);
  release();
  t.equal(await first, 1);
  c.advance(1500);
  t.equal(await cache.get('k', slow), 1, 'stale value, refresh started');
  t.equal(await cache.get('k', slow), 1, 'still stale, no second refresh');
  release();
  await new Promise((r) => setImmediate(r));
  t.equal(await cache.get('k', slow), 2, 'refreshed value');
  t.equal(loads, 2);
});

t.test('past ttl + stale the caller waits for a fresh value; a failed refresh keeps the stale one', async (t) => {
  const c = clock();
  const cache = new TtlCache<string>(1000, 5000, c.now);
  t.equal(await cache.get('k', async () => 'v1'), 'v1');
  c.advance(2000);
  t.equal(await cache.get('k', async () => Promise.reject(new Error('db down'))), 'v1', 'stale served');
  await new Promise((r) => setImmediate(r));
  t.equal(await cache.get('k', async () => 'never'), 'v1', 'the failed refresh left the stale value (a new refresh runs)');
  c.advance(10_000);
  t.equal(await cache.get('k', async () => 'v3'), 'v3', 'expired: waits for the load');
  await t.rejects(
    new TtlCache<string>(1000, 0, c.now).get('x', async () => Promise.reject(new Error('boom'))),
    /boom/,
  );
  cache.clear();
  t.equal(await cache.get('k', async () => 'v4'), 'v4', 'clear() drops everything');
});

t.test('maxEntries bounds the keys: the least recently stored one goes first; failed loads leave no key', async (t) => {
  const c = clock();
  const cache = new TtlCache<string>(1000, 0, c.now, 2);
  let loads = 0;
  const load = (v: string) => async () => (loads++, v);
  await cache.get('a', load('A'));
  await cache.get('b', load('B'));
  await cache.get('c', load('C'));
  t.equal(cache.size, 2);
  t.equal(await cache.get('b', load('x')), 'B', 'b kept');
  t.equal(await cache.get('c', load('x')), 'C', 'c kept');
  t.equal(loads, 3);
  t.equal(await cache.get('a', load('A2')), 'A2', 'a was dropped and loads again');
  t.equal(cache.size, 2);
  await t.rejects(cache.get('d', async () => Promise.reject(new Error('down'))));
  t.equal(cache.size, 2, 'no entry for a failed load');
});
