/**
 * The public forms' stamps, bound to the session and single use (issue 18 item 11): one stamp stores one submission
 * (the next posts with it, with JavaScript or without, get the form's "expired" refusal), a stamp shown to one
 * session is refused in another, a page's stamp is its visitor's; a submission the rate limit refuses does not spend
 * its stamp; spent stamps are purged once expired; and the per-address limit groups IPv6 clients by /64.
 * PGlite here; the parallel posts of one stamp are test/concurrency/form-stamp-once.test.ts.
 */
import fc from 'fast-check';
import t from 'tap';
import { purgeSpentStamps } from '../server/forms/index.ts';
import { SESSION_COOKIE } from '../server/http/request-context.ts';
import { dateRange } from '../server/pages/handmade.ts';
import { FORM_LIMIT, type FormKind, MAX_FORM_AGE_MS } from '../shared/forms.ts';
import { hydrationData, setCookies, startTestApp, type TestApp, type Visitor } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);
let ipCounter = 1;
const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const stamp = (form: FormKind, v: Visitor, agoMs = 5000) => app.services.formStamps.stamp(form, v.sessionId, Date.now() - agoMs);

const FORMS: Record<FormKind, { path: string; route: string; table: string; fields: Record<string, string> }> = {
  review: {
    path: '/otzyvy-i-predlojeniya',
    route: 'reviews',
    table: 'reviews',
    fields: { intent: 'review', name: 'Ирина', city: 'Казань', rating: '5', text: 'Обклеила двери, музыка звучит заметно лучше.' },
  },
  message: {
    path: '/otzyvy-i-predlojeniya',
    route: 'reviews',
    table: 'contact_messages',
    fields: { intent: 'message', kind: 'question', name: 'Олег', email: 'oleg@example.ru', text: 'Подойдёт ли Вибро Арка на крышу?' },
  },
  partner: {
    path: '/stat-partnerom',
    route: 'partner',
    table: 'partner_applications',
    fields: {
      company: 'ООО «Шумофф»',
      inn: '7708123450',
      city: 'Самара',
      partnerType: 'installer',
      volume: '150000',
      contactName: 'Пётр Сидоров',
      phone: '8 (912) 345-67-89',
      email: 'petr@shumoff.ru',
    },
  },
  appointment: {
    path: '/handmade',
    route: 'handmade',
    table: 'appointments',
    fields: {
      car: 'Kia Rio 2019',
      'zone-doors': 'on',
      preferredDate: dateRange('Europe/Moscow', Date.now() + 86400_000).min, // the day after tomorrow: valid across midnight too
      city: 'Москва',
      phone: '+7 912 345-67-89',
    },
  },
};
const KINDS = Object.keys(FORMS) as FormKind[];

async function count(table: string): Promise<number> {
  const [row] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return row!.n;
}

function post(form: FormKind, v: Visitor, started: string, opts: { js?: boolean; ip?: string } = {}) {
  const f = FORMS[form];
  return app.submit({
    path: f.path,
    as: v,
    js: opts.js ?? true,
    ip: opts.ip ?? nextIp(),
    fields: { ...f.fields, started, _form: `t:${form}` },
  });
}

/** The action's outcome: its status and the form-wide error, if any (the /_data envelope). */
function outcome(form: FormKind, res: { body: string }): { status: number; error: string | undefined } {
  const result = JSON.parse(res.body).results[FORMS[form].route];
  return { status: result.status, error: result.data.errors?.[''] };
}

t.test('one stamp stores one submission: the second post of a form, the fifth, a replay without JavaScript are refused', async (t) => {
  for (const form of KINDS) {
    const v = app.visitor();
    const started = stamp(form, v);
    const before = await count(FORMS[form].table);
    t.same(outcome(form, await post(form, v, started)), { status: 200, error: undefined }, `${form}: the first post stores`);
    for (let i = 2; i <= 5; i++) {
      t.same(outcome(form, await post(form, v, started)), { status: 400, error: 'forms.error.expired' }, `${form}: post ${i} refused`);
    }
    const plain = await post(form, v, started, { js: false });
    t.equal(plain.statusCode, 303, `${form} without JavaScript: back to the page…`);
    t.match(decodeURIComponent(setCookies(plain).flash ?? ''), 'forms.error.expired', '…with the refusal in the flash');
    t.equal((await count(FORMS[form].table)) - before, 1, `${form}: stored once`);
  }
});

t.test('a stamp shown to one session is refused in another, and stays good in its own', async (t) => {
  for (const form of KINDS) {
    const owner = app.visitor();
    const thief = app.visitor();
    const started = stamp(form, owner);
    const before = await count(FORMS[form].table);
    t.same(outcome(form, await post(form, thief, started)), { status: 400, error: 'forms.error.expired' }, `${form}: another session`);
    t.same(outcome(form, await post(form, app.visitor(), started)), { status: 400, error: 'forms.error.expired' }, `${form}: a third one`);
    t.equal(await count(FORMS[form].table), before, 'nothing stored');
    t.same(outcome(form, await post(form, owner, started)), { status: 200, error: undefined }, `${form}: its own session`);
  }
  // Any two sessions: a stamp checks only in the session it was made for.
  fc.assert(
    fc.property(fc.uuid(), fc.uuid(), fc.constantFrom(...KINDS), (a, b, form) => {
      const s = app.services.formStamps.stamp(form, a, Date.now() - 5000);
      return app.services.formStamps.check(form, a, s) === 'ok' && (a === b || app.services.formStamps.check(form, b, s) === 'invalid');
    }),
    { seed: 18_11 },
  );
});

t.test('the page renders its visitor’s stamp: a new visitor’s session is the one its cookie then carries', async (t) => {
  for (const [path, route, forms] of [
    ['/otzyvy-i-predlojeniya', 'reviews', ['review', 'message']],
    ['/stat-partnerom', 'partner', ['partner']],
    ['/handmade', 'handmade', ['appointment']],
  ] as const) {
    const page = await app.request({ url: path }); // no cookie yet
    const cookie = page.cookies.find((c) => c.name === SESSION_COOKIE);
    t.ok(cookie, `${path}: the page answer sets the session cookie`);
    const sessionId = app.fastify.unsignCookie(cookie!.value).value!;
    const data = hydrationData(page.body).loaderData[route];
    for (const form of forms) {
      const rendered: string = form === 'review' || form === 'message' ? data.stamps[form] : data.stamp;
      const later = Date.now() + 5000; // once the visitor has filled it in
      t.equal(app.services.formStamps.check(form, sessionId, rendered, later), 'ok', `${form}: good in the visitor's session`);
      t.equal(app.services.formStamps.check(form, app.visitor().sessionId, rendered, later), 'invalid', `${form}: not in another`);
    }
  }
});

t.test('a submission the rate limit refuses does not spend its stamp', async (t) => {
  const ip = nextIp();
  for (let i = 0; i < FORM_LIMIT.submissions; i++) {
    const v = app.visitor();
    t.equal(outcome('message', await post('message', v, stamp('message', v), { ip })).status, 200);
  }
  const v = app.visitor();
  const started = stamp('message', v);
  t.same(outcome('message', await post('message', v, started, { ip })), { status: 429, error: 'forms.error.tooMany' });
  await app.db.query(`UPDATE rate_limits SET window_start = now() - interval '2 hours' WHERE policy = 'forms.address' AND key = $1`, [
    `message ${ip}`,
  ]);
  t.same(
    outcome('message', await post('message', v, started, { ip })),
    { status: 200, error: undefined },
    'sent again after the wait: stored',
  );
});

t.test('spent stamps are kept until they would expire anyway, then purged', async (t) => {
  const v = app.visitor();
  const started = stamp('review', v);
  t.equal(outcome('review', await post('review', v, started)).status, 200);
  const [row] = await app.db.query<{ left_ms: number }>(
    'SELECT extract(epoch FROM expires_at) * 1000 - $1::float8 AS left_ms FROM form_stamps_used ORDER BY expires_at DESC LIMIT 1',
    [Number(started.split('.')[0])],
  );
  t.equal(Math.round(row!.left_ms), MAX_FORM_AGE_MS, 'kept for the stamp’s age limit from when the form was shown');
  const before = await count('form_stamps_used');
  await app.db.query(
    `UPDATE form_stamps_used SET expires_at = now() - interval '1 second' WHERE expires_at = (SELECT max(expires_at) FROM form_stamps_used)`,
  );
  t.equal(await purgeSpentStamps(app.db), 1, 'the expired one purged');
  t.equal(await count('form_stamps_used'), before - 1, 'the others kept');
});

t.test('the per-address limit groups IPv6 clients by /64', async (t) => {
  const sameNetwork = (i: number) => `2001:db8:18:11:${i.toString(16)}::${i + 1}`;
  for (let i = 0; i < FORM_LIMIT.submissions; i++) {
    const v = app.visitor();
    t.equal(
      outcome('partner', await post('partner', v, stamp('partner', v), { ip: sameNetwork(i) })).status,
      200,
      `${sameNetwork(i)}: stored`,
    );
  }
  const v = app.visitor();
  t.same(
    outcome('partner', await post('partner', v, stamp('partner', v), { ip: sameNetwork(99) })),
    { status: 429, error: 'forms.error.tooMany' },
    'another address of the same /64 shares the limit',
  );
  const w = app.visitor();
  t.equal(
    outcome('partner', await post('partner', w, stamp('partner', w), { ip: '2001:db8:18:12::1' })).status,
    200,
    'the next /64 does not',
  );
});
