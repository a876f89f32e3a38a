/**
 * The calculator's rows editor under races (POST /staff/calculator/structure → CalculatorDesk.apply, decision 049),
 * over two pods on one PostgreSQL database: two content editors, each on their own pod, both loaded the page at the same
 * version of the tables and post at once.
 *  - different new bodies, each a copy of another body's areas: exactly one is saved (303), every other post is refused
 *    as stale (409, the "a colleague changed the tables" message), never a 500; the saved body has exactly the areas of
 *    the body it copied, the refused ones left no row and no area; one audit row for the save. Several rounds, each
 *    starting from the version the page shows then.
 *  - the same zone removed by both, confirmed for the change set a preview showed (a fresh zone copied from another,
 *    then a zone a ready kit uses): one 303, the rest 409, the zone gone with its figures, one audit row.
 *
 * What it relies on: apply() takes `SELECT 1 FROM calc_settings FOR UPDATE` before it reads the tables and compares
 * their version with the form's, so a second save waits for the first and then reads the tables the first wrote (a new
 * version: 'stale'). Without that lock both transactions read the old version and both new bodies are kept (two 303s,
 * two audit rows); two removals of one zone both "succeed" — each assertion below then fails.
 */
import t from 'tap';
import { Agent, request } from 'undici';
import type { TestApp } from '../helpers/app.ts';
import { type StaffAgent, staffMember } from '../helpers/staff.ts';
import { hammer, type Pods, postgresOnly, startPods } from './pods.ts';

const URL = '/staff/calculator/structure';
const STALE = 'Таблицы изменил коллега';
const ROUNDS = 4;
const POSTS = 6;

const agent = new Agent({ connections: null, pipelining: 1 });

/** The shape staffMember() needs (a TestApp), over pod 0: sign-in goes through fastify.inject, the rows through the test's own connection. */
function signInApp(pods: Pods): TestApp {
  const pod = pods.pods[0]!;
  return {
    ...pod.app,
    db: pods.db,
    request: ({ host, headers, ...options }: Parameters<TestApp['request']>[0]) =>
      pod.app.fastify.inject({ ...options, headers: { host: host ?? 'localhost', ...headers } }),
  } as unknown as TestApp;
}

/** Over real HTTP to pod `i % 2`: the page (GET) or a form post (urlencoded, as the browser sends it). */
async function call(pods: Pods, i: number, member: StaffAgent, fields?: Record<string, string>) {
  const pod = pods.pods[i % pods.pods.length]!;
  const res = await request(pod.url + URL, {
    method: fields ? 'POST' : 'GET',
    dispatcher: agent,
    headers: {
      host: 'localhost',
      cookie: member.cookie,
      ...(fields ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(fields ? { body: new URLSearchParams({ _token: member.token, ...fields }).toString() } : {}),
  });
  return { status: res.statusCode, location: res.headers.location as string | undefined, body: await res.body.text() };
}

t.test('two editors on two pods save rows at once: one save, the others stale', { skip: postgresOnly }, async (t) => {
  const pods = await startPods(t, 2);
  t.teardown(() => agent.close());
  const app = signInApp(pods);
  const editors = [await staffMember(app, 'content'), await staffMember(app, 'content')];

  /** The version of the tables the page shows on pod `i % 2` (what an editor's form carries). */
  const versionOn = async (i: number) => {
    const page = await call(pods, i, editors[i % 2]!);
    const version = /name="tablesVersion" value="([0-9a-f]{64})"/.exec(page.body)?.[1];
    if (page.status !== 200 || !version) throw new Error(`the page on pod ${i % 2}: ${page.status}`);
    return version;
  };
  /** Both pods show the same version: both editors start from the same tables. */
  const sharedVersion = async () => {
    const [a, b] = await Promise.all([versionOn(0), versionOn(1)]);
    t.equal(a, b, 'both pods show the same version');
    return a;
  };
  const audits = async () =>
    pods.db.query<{ entity_id: string; before: Record<string, unknown> }>(
      `SELECT entity_id, before FROM staff_audit WHERE action = 'calculator.update' ORDER BY id`,
    );
  const areasOf = (body: string) =>
    pods.db.query<{ zone: string; a: string }>(`SELECT zone, area_m2::text AS a FROM calc_areas WHERE body = $1 ORDER BY zone`, [body]);
  const sources = ['sedan', 'hatchback', 'coupe', 'suv', 'pickup', 'minivan'];

  for (let round = 0; round < ROUNDS; round++) {
    const version = await sharedVersion();
    const auditsBefore = (await audits()).length;
    // Post i: editor i % 2 on pod i % 2, a body of its own, copied from a body of its own.
    const wanted = Array.from({ length: POSTS }, (_, i) => ({ code: `race-${round}-${i}`, from: sources[(i + round) % sources.length]! }));
    const answers = await hammer(POSTS, (i) =>
      call(pods, i, editors[i % 2]!, {
        tablesVersion: version,
        intent: 'save',
        'new-body.code': wanted[i]!.code,
        'new-body.title': `Кузов ${round}-${i}`,
        'new-body.copyFrom': wanted[i]!.from,
      }),
    );
    const statuses = answers.map((a) => a.status);
    t.notOk(
      statuses.some((s) => s >= 500),
      `round ${round}: no 500 (${statuses.join(' ')})`,
    );
    const saved = answers.flatMap((a, i) => (a.status === 303 ? [i] : []));
    t.equal(saved.length, 1, `round ${round}: exactly one save`);
    t.equal(statuses.filter((s) => s === 409).length, POSTS - 1, `round ${round}: every other post is 409`);
    t.ok(
      answers.every((a) => a.status !== 409 || a.body.includes(STALE)),
      `round ${round}: refused as stale (a colleague's save), not for another reason`,
    );
    const winner = saved[0] ?? 0;
    t.equal(answers[winner]?.location, `${URL}?notice=calcSaved`);

    const bodies = await pods.db.query<{ code: string }>(`SELECT code FROM calc_bodies WHERE code LIKE $1 ORDER BY code`, [
      `race-${round}-%`,
    ]);
    t.same(
      bodies.map((b) => b.code),
      [wanted[winner]!.code],
      `round ${round}: only the saved body exists`,
    );
    const copied = await areasOf(wanted[winner]!.code);
    t.same(copied, await areasOf(wanted[winner]!.from), `round ${round}: its areas are exactly those of ${wanted[winner]!.from}`);
    t.ok(copied.length > 0, `round ${round}: and there are some`);
    const [{ strays }] = (await pods.db.query<{ strays: number }>(
      `SELECT count(*)::int AS strays FROM calc_areas WHERE body LIKE $1 AND body <> $2`,
      [`race-${round}-%`, wanted[winner]!.code],
    )) as [{ strays: number }];
    t.equal(strays, 0, `round ${round}: the refused posts copied no areas`);
    const added = (await audits()).slice(auditsBefore);
    t.same(
      added.map((a) => [a.entity_id, Object.keys(a.before)]),
      [['bodies', [wanted[winner]!.code]]],
      `round ${round}: one audit row, for the saved body`,
    );
  }

  // A fresh zone (a copy of the roof: areas, coverages, choices), then a zone a ready kit uses (door-trim, which needs
  // the confirmation): both editors remove it at once, confirmed for the change set the preview showed.
  const fresh = await call(pods, 0, editors[0]!, {
    tablesVersion: await sharedVersion(),
    intent: 'save',
    'new-zone.code': 'spoiler',
    'new-zone.title': 'Спойлер',
    'new-zone.group': 'spoiler',
    'new-zone.copyFrom': 'roof',
  });
  t.equal(fresh.status, 303, 'a fresh zone added');
  const figuresOf = async (zone: string) => {
    const [row] = await pods.db.query<{ zones: number; areas: number; coverage: number; choices: number }>(
      `SELECT (SELECT count(*) FROM calc_zones WHERE code = $1)::int AS zones,
              (SELECT count(*) FROM calc_areas WHERE zone = $1)::int AS areas,
              (SELECT count(*) FROM calc_coverage WHERE zone = $1)::int AS coverage,
              (SELECT count(*) FROM calc_choices WHERE zone = $1)::int AS choices`,
      [zone],
    );
    return row!;
  };
  const [roof, spoiler] = [await figuresOf('roof'), await figuresOf('spoiler')];
  t.same(spoiler, roof, 'with the roof’s areas, coverages and choices');
  t.ok(spoiler.areas > 0 && spoiler.coverage > 0, 'and there are some');

  for (const zone of ['spoiler', 'door-trim']) {
    const version = await sharedVersion();
    const fields = { tablesVersion: version, [`zone.${zone}.remove`]: 'on' };
    const preview = await call(pods, 1, editors[1]!, { ...fields, intent: 'preview' });
    t.equal(preview.status, 200, `${zone}: previewed`);
    const previewed = /name="previewed" value="([^"]+)"/.exec(preview.body)?.[1];
    t.ok(previewed, `${zone}: the preview names the change set`);
    const auditsBefore = (await audits()).length;
    const answers = await hammer(4, (i) =>
      call(pods, i, editors[i % 2]!, { ...fields, intent: 'save', confirm: 'on', previewed: previewed! }),
    );
    const statuses = answers.map((a) => a.status);
    t.notOk(
      statuses.some((s) => s >= 500),
      `${zone}: no 500 (${statuses.join(' ')})`,
    );
    t.same([...statuses].sort(), [303, 409, 409, 409], `${zone}: one removal, the others 409`);
    t.ok(
      answers.every((a) => a.status !== 409 || a.body.includes(STALE)),
      `${zone}: refused as stale`,
    );
    t.same(await figuresOf(zone), { zones: 0, areas: 0, coverage: 0, choices: 0 }, `${zone}: gone with its figures`);
    const added = (await audits()).slice(auditsBefore);
    t.same(
      added.map((a) => [a.entity_id, Object.keys(a.before)]),
      [['zones', [zone]]],
      `${zone}: one audit row`,
    );
  }
});
