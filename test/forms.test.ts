/**
 * The public forms (issue 12, decision 027): a review (published after moderation, with the aggregate rating), a
 * suggestion or question, a partner application and an installation appointment. Each: good input stored and
 * queued for the shop's mailbox in the same transaction, with and without JavaScript; every bad field; the honeypot;
 * submitted too fast or with a forged or stale stamp; a flood limited (429 + Retry-After); hostile input (fast-check)
 * never a 5xx and never stored unless valid. A signed-in shopper's appointment shows in /records.
 */
import fc from 'fast-check';
import t from 'tap';
import { dateRange } from '../server/pages/handmade.ts';
import { FORM_LIMIT, type FormKind } from '../shared/forms.ts';
import { isValidInn } from '../shared/tax-id.ts';
import { createUser, hydrationData, setCookies, startTestApp, type TestApp } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);
let ipCounter = 1;
/** A fresh visitor address: each test has its own rate-limit window. */
const nextIp = () => `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
/** The stamp of a form shown `agoMs` ago to the visitor with session `sessionId` (stamps are bound to it). */
const stamp = (form: FormKind, sessionId: string, agoMs = 5000) => app.services.formStamps.stamp(form, sessionId, Date.now() - agoMs);
// The day after tomorrow: still a valid date should the file run across midnight in Moscow.
const appointmentDay = dateRange('Europe/Moscow', Date.now() + 86400_000).min;

const GOOD: Record<string, { path: string; form: FormKind; table: string; fields: Record<string, string> }> = {
  review: {
    path: '/otzyvy-i-predlojeniya',
    form: 'review',
    table: 'reviews',
    fields: { intent: 'review', name: 'Ирина', city: 'Казань', rating: '5', text: 'Обклеила двери, музыка звучит заметно лучше.' },
  },
  message: {
    path: '/otzyvy-i-predlojeniya',
    form: 'message',
    table: 'contact_messages',
    fields: { intent: 'message', kind: 'question', name: 'Олег', email: 'oleg@example.ru', text: 'Подойдёт ли Вибро Арка на крышу?' },
  },
  partner: {
    path: '/stat-partnerom',
    form: 'partner',
    table: 'partner_applications',
    fields: {
      company: 'ООО «Шумофф»',
      inn: '7708123450',
      city: 'Самара',
      partnerType: 'installer',
      volume: '150 000',
      contactName: 'Пётр Сидоров',
      phone: '8 (912) 345-67-89',
      email: 'petr@shumoff.ru',
      comment: '',
    },
  },
  appointment: {
    path: '/handmade',
    form: 'appointment',
    table: 'appointments',
    fields: {
      car: 'Kia Rio 2019',
      'zone-doors': 'on',
      'zone-arches': 'on',
      preferredDate: appointmentDay,
      city: 'Москва',
      phone: '+7 912 345-67-89',
    },
  },
};

async function count(table: string): Promise<number> {
  const [row] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return row!.n;
}

function submit(
  kind: keyof typeof GOOD,
  fields: Record<string, string>,
  options: { js: boolean; ip?: string; stampAgo?: number; stamp?: (sessionId: string) => string } = { js: true },
) {
  const good = GOOD[kind]!;
  const visitor = app.visitor();
  const started = options.stamp ? options.stamp(visitor.sessionId) : stamp(good.form, visitor.sessionId, options.stampAgo);
  return app.submit({
    path: good.path,
    fields: { started, _form: `test:${kind}`, ...fields },
    as: visitor,
    js: options.js,
    ip: options.ip ?? nextIp(),
  });
}

function envelope(res: { body: string }, route: string): { status: number; data: any } {
  const parsed = JSON.parse(res.body);
  return parsed.results[route];
}

/** The outcome's status: the envelope's for a /_data answer (its HTTP status is 200), else the HTTP status. */
function statusOf(res: { statusCode: number; body: string; headers: Record<string, unknown> }, route: string): number {
  return String(res.headers['content-type']).startsWith('application/json') ? envelope(res, route).status : res.statusCode;
}

const ROUTE: Record<string, string> = { review: 'reviews', message: 'reviews', partner: 'partner', appointment: 'handmade' };

t.test('good input is stored and queued for the shop, with JavaScript and without', async (t) => {
  for (const kind of Object.keys(GOOD) as (keyof typeof GOOD)[]) {
    const good = GOOD[kind]!;
    for (const js of [true, false]) {
      const before = await count(good.table);
      const outboxBefore = await count('outbox');
      const res = await submit(kind, good.fields, { js });
      if (js) {
        t.equal(statusOf(res, ROUTE[kind]!), 200, `${kind}: 200`);
        t.same(envelope(res, ROUTE[kind]!).data, { ok: true }, `${kind}: ok`);
      } else {
        t.equal(res.statusCode, 303, `${kind} without JS: 303`);
        t.equal(res.headers.location, good.path, `${kind}: back to the form's page`);
        t.ok(setCookies(res).flash, `${kind}: the outcome rides in the flash`);
      }
      t.equal(await count(good.table), before + 1, `${kind} (js ${js}): stored`);
      t.equal(await count('outbox'), outboxBefore + 1, `${kind} (js ${js}): one message queued`);
    }
    const [mail] = await app.db.query<{ kind: string; recipient: string; subject: string; text_body: string; html_body: string }>(
      'SELECT kind, recipient, subject, text_body, html_body FROM outbox ORDER BY id DESC LIMIT 1',
    );
    t.equal(mail!.kind, `form.${good.form}`);
    t.equal(mail!.recipient, 'help@tihoavto.ru', 'to the site’s own mailbox');
    t.match(mail!.text_body, good.fields.city ?? good.fields.email!, 'the submission is in the text');
  }
  const [partner] = await app.db.query<{ phone: string; volume: string; inn: string }>(
    'SELECT phone, volume::text, inn FROM partner_applications ORDER BY id DESC LIMIT 1',
  );
  t.same(partner, { phone: '+79123456789', volume: '150000', inn: '7708123450' }, 'phone in E.164, volume as a number');
  const [partnerMail] = await app.db.query<{ text_body: string }>(
    "SELECT text_body FROM outbox WHERE kind = 'form.partner' ORDER BY id DESC LIMIT 1",
  );
  t.match(partnerMail!.text_body, 'Объём закупок в месяц: 150\u00a0000\u00a0₽', 'the volume with the currency sign, not its code');
  t.match(partnerMail!.text_body, 'Телефон: +7 912 345 67 89', 'the phone as people read it');
  const [appointment] = await app.db.query<{ zones: string[]; preferred_date: string }>(
    `SELECT zones, to_char(preferred_date, 'YYYY-MM-DD') AS preferred_date FROM appointments ORDER BY id DESC LIMIT 1`,
  );
  t.same(appointment, { zones: ['doors', 'arches'], preferred_date: appointmentDay });
});

t.test("the partner form's volume label names the site's currency by its sign, never its code", async (t) => {
  const label = async (url: string, host?: string) =>
    /<span class="field__label">([^<]*(?:Закупки|Purchases|Oylik|Achiziții)[^<]*)<\/span>/.exec(
      (await app.request({ url, host })).body,
    )?.[1];
  t.equal(await label('/stat-partnerom'), 'Закупки в месяц, ₽');
  t.equal(await label('/en/stat-partnerom'), 'Purchases per month, ₽');
  t.equal(await label('/uz/stat-partnerom', 'uz.localhost'), 'Oylik xaridlar, soʻm');
  t.equal(await label('/stat-partnerom', 'md.localhost'), 'Закупки в месяц, lei');
});

t.test('without JavaScript the page shows the thank-you once, from the flash', async (t) => {
  const visitor = app.visitor();
  const res = await app.submit({
    path: '/stat-partnerom',
    fields: { ...GOOD.partner!.fields, started: stamp('partner', visitor.sessionId), _form: 'partner:apply', next: '/stat-partnerom' },
    as: visitor,
    js: false,
    ip: nextIp(),
  });
  t.equal(res.statusCode, 303);
  const flash = setCookies(res).flash!;
  const page = await app.request({ url: '/stat-partnerom', headers: { cookie: `${visitor.cookie}; flash=${flash}` } });
  t.match(page.body, /role="status" class="form__done">Заявка принята/);
});

t.test('a mail’s HTML part escapes what the visitor typed', async (t) => {
  const res = await submit('message', { ...GOOD.message!.fields, text: 'Вопрос <script>alert(1)</script> & "цитата"' });
  t.equal(res.statusCode, 200);
  const [mail] = await app.db.query<{ html_body: string }>('SELECT html_body FROM outbox ORDER BY id DESC LIMIT 1');
  t.notMatch(mail!.html_body, '<script>');
  t.match(mail!.html_body, '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;цитата&quot;');
});

t.test('every bad field is named, nothing is stored', async (t) => {
  const cases: [keyof typeof GOOD, string, string, string][] = [
    ['review', 'name', '', 'form.required'],
    ['review', 'name', 'я'.repeat(101), 'forms.error.tooLong'],
    ['review', 'name', 'Ира\u0000', 'form.invalid'],
    ['review', 'city', '   ', 'form.required'],
    ['review', 'rating', '6', 'forms.error.rating'],
    ['review', 'rating', '0', 'forms.error.rating'],
    ['review', 'rating', '4.5', 'forms.error.rating'],
    ['review', 'text', 'Хорошо', 'forms.error.tooShort'],
    ['review', 'text', 'x'.repeat(3001), 'forms.error.tooLong'],
    ['review', 'intent', 'other', 'form.invalid'],
    ['message', 'kind', 'complaint', 'forms.error.choose'],
    ['message', 'email', 'not-an-email', 'forms.error.email'],
    ['message', 'text', '', 'form.required'],
    ['partner', 'company', '', 'form.required'],
    ['partner', 'inn', '7708123451', 'forms.error.inn'],
    ['partner', 'inn', '12345', 'forms.error.inn'],
    ['partner', 'inn', '', 'form.required'],
    ['partner', 'partnerType', 'wholesale', 'forms.error.choose'],
    ['partner', 'volume', 'много', 'forms.error.volume'],
    ['partner', 'volume', '-5', 'forms.error.volume'],
    ['partner', 'phone', '12345', 'forms.error.phone'],
    ['partner', 'email', 'petr@', 'forms.error.email'],
    ['partner', 'contactName', '', 'form.required'],
    ['appointment', 'car', '', 'form.required'],
    ['appointment', 'preferredDate', '2020-01-01', 'forms.error.date'],
    ['appointment', 'preferredDate', '2026-02-30', 'forms.error.date'],
    ['appointment', 'preferredDate', 'завтра', 'forms.error.date'],
    ['appointment', 'preferredDate', dateRange('Europe/Moscow', Date.now() + 400 * 86400_000).min, 'forms.error.date'],
    ['appointment', 'phone', 'звоните', 'forms.error.phone'],
    ['appointment', 'city', '', 'form.required'],
  ];
  for (const [kind, field, value, key] of cases) {
    const good = GOOD[kind]!;
    const before = await count(good.table);
    const res = await submit(kind, { ...good.fields, [field]: value });
    t.equal(statusOf(res, ROUTE[kind]!), 400, `${kind}.${field} = ${JSON.stringify(value.slice(0, 20))}: 400`);
    t.equal(envelope(res, ROUTE[kind]!).data.errors[field], key, `${kind}.${field}: ${key}`);
    t.equal(await count(good.table), before, `${kind}.${field}: nothing stored`);
  }
  // No zone ticked: the group's error.
  const { 'zone-doors': _d, 'zone-arches': _a, ...noZones } = GOOD.appointment!.fields;
  const res = await submit('appointment', noZones);
  t.equal(statusOf(res, 'handmade'), 400);
  t.equal(envelope(res, 'handmade').data.errors.zones, 'forms.error.zones');
  // A missing field is required, not a crash.
  const missing = await submit('partner', { company: 'X' });
  t.equal(statusOf(missing, 'partner'), 400);
  t.equal(envelope(missing, 'partner').data.errors.inn, 'form.required');
  // Without JavaScript: 303 back, the errors and the values typed in the flash.
  const plain = await submit('review', { ...GOOD.review!.fields, rating: '9' }, { js: false });
  t.equal(plain.statusCode, 303);
  t.equal(plain.headers.location, '/otzyvy-i-predlojeniya');
  t.ok(setCookies(plain).flash);
});

t.test('the honeypot, a too quick, forged or stale stamp are refused, and nothing is stored', async (t) => {
  for (const kind of Object.keys(GOOD) as (keyof typeof GOOD)[]) {
    const good = GOOD[kind]!;
    const route = ROUTE[kind]!;
    const before = await count(good.table);
    const robot = await submit(kind, { ...good.fields, homepage: 'http://spam.example' });
    t.equal(statusOf(robot, route), 400, `${kind}: honeypot filled → 400`);
    t.equal(envelope(robot, route).data.errors[''], 'forms.error.spam');
    const fast = await submit(kind, good.fields, { js: true, stampAgo: 500 });
    t.equal(statusOf(fast, route), 400, `${kind}: half a second after showing → 400`);
    t.equal(envelope(fast, route).data.errors[''], 'forms.error.tooFast');
    const stale = await submit(kind, good.fields, { js: true, stampAgo: 25 * 3600_000 });
    t.equal(envelope(stale, route).data.errors[''], 'forms.error.expired', `${kind}: a day-old form`);
    const forged = await submit(kind, good.fields, {
      js: true,
      stamp: (sid) => `${stamp(good.form, sid).split('.')[0]}.${'A'.repeat(43)}`,
    });
    t.equal(envelope(forged, route).data.errors[''], 'forms.error.expired', `${kind}: a forged signature`);
    const other = await submit(kind, good.fields, {
      js: true,
      stamp: (sid) => app.services.formStamps.stamp(kind === 'partner' ? 'review' : 'partner', sid, Date.now() - 9000),
    });
    t.equal(envelope(other, route).data.errors[''], 'forms.error.expired', `${kind}: another form’s stamp`);
    const none = await submit(kind, good.fields, { js: true, stamp: () => '' });
    t.equal(statusOf(none, route), 400, `${kind}: no stamp`);
    t.equal(await count(good.table), before, `${kind}: nothing stored`);
  }
  // The values typed come back, and the stamp (the form shown again keeps its first moment), not the honeypot.
  const res = await submit('review', { ...GOOD.review!.fields, homepage: 'x' });
  const values = envelope(res, 'reviews').data.values;
  t.equal(values.name, 'Ирина');
  t.notOk('homepage' in values);
  t.match(values.started, /^\d{13}\./);
});

t.test('a flood from one address is limited per form: 429 with Retry-After, nothing stored beyond the limit', async (t) => {
  const ip = nextIp();
  const good = GOOD.partner!;
  const before = await count(good.table);
  for (let i = 0; i < FORM_LIMIT.submissions; i++) {
    t.equal(statusOf(await submit('partner', good.fields, { js: true, ip }), 'partner'), 200, `submission ${i + 1} accepted`);
  }
  const limited = await submit('partner', good.fields, { js: true, ip });
  t.equal(statusOf(limited, 'partner'), 429);
  t.equal(envelope(limited, 'partner').data.errors[''], 'forms.error.tooMany');
  const wait = Number(limited.headers['retry-after']);
  t.ok(wait > 0 && wait <= FORM_LIMIT.windowSeconds, `Retry-After ${wait}`);
  const plain = await submit('partner', good.fields, { js: false, ip });
  t.equal(plain.statusCode, 303, 'without JS: back to the page');
  t.equal(await count(good.table), before + FORM_LIMIT.submissions);
  t.equal(statusOf(await submit('review', GOOD.review!.fields, { js: true, ip }), 'reviews'), 200, 'another form has its own limit');
  t.equal(statusOf(await submit('partner', good.fields, { js: true }), 'partner'), 200, 'another address is not limited');
  // The window passes: accepted again.
  await app.db.query(`UPDATE rate_limits SET window_start = now() - interval '2 hours' WHERE policy = 'forms.address' AND key = $1`, [
    `partner ${ip}`,
  ]);
  t.equal(statusOf(await submit('partner', good.fields, { js: true, ip }), 'partner'), 200, 'a new window');
});

t.test('a signed-in shopper’s appointment is also in /records', async (t) => {
  const visitor = app.visitor();
  const userId = await createUser(app, { signIn: visitor });
  const page = await app.request({ url: '/handmade', as: visitor });
  t.equal(hydrationData(page.body).loaderData.handmade.signedIn, true);
  const res = await app.submit({
    path: '/handmade',
    fields: { ...GOOD.appointment!.fields, started: stamp('appointment', visitor.sessionId) },
    as: visitor,
    js: true,
    ip: nextIp(),
  });
  t.equal(res.statusCode, 200);
  const records = await app.services.records.list(userId, 'ru', { kind: 'appointment' });
  t.equal(records.length, 1);
  t.match(records[0]!.title, `Kia Rio 2019, Москва, ${appointmentDay}`);
  t.same(records[0]!.details.zones, ['doors', 'arches']);
  const [row] = await app.db.query<{ user_id: number }>('SELECT user_id FROM appointments ORDER BY id DESC LIMIT 1');
  t.equal(row!.user_id, userId);
  // An anonymous visitor's appointment is stored without a record.
  const recordsBefore = await count('records');
  await submit('appointment', GOOD.appointment!.fields);
  t.equal(await count('records'), recordsBefore);
});

t.test('reviews are published after moderation, with the aggregate rating per site', async (t) => {
  const before = await app.request({ url: '/otzyvy-i-predlojeniya' });
  t.match(before.body, 'Отзывов пока нет');
  t.notMatch(before.body, 'Обклеила двери', 'a pending review is not shown');
  const pending = await app.services.reviews.pending();
  t.ok(pending.length >= 2);
  for (const [i, review] of pending.entries()) await app.services.reviews.moderate(review.id, i === 0 ? 'published' : 'rejected');
  const reviewer = app.visitor();
  await app.submit({
    path: '/otzyvy-i-predlojeniya',
    fields: { ...GOOD.review!.fields, rating: '2', text: 'Доставка задержалась на неделю.', started: stamp('review', reviewer.sessionId) },
    as: reviewer,
    js: true,
    ip: nextIp(),
  });
  const [latest] = await app.db.query<{ id: number }>('SELECT id FROM reviews ORDER BY id DESC LIMIT 1');
  t.equal(await app.services.reviews.moderate(latest!.id, 'published'), true);
  t.equal(await app.services.reviews.moderate(999999, 'published'), false, 'no such review');
  const after = await app.request({ url: '/otzyvy-i-predlojeniya' });
  t.match(after.body, 'Средняя оценка 3,5 из 5, отзывов: 2', 'the average as Russian writes it');
  t.match(after.body, 'Доставка задержалась на неделю.');
  t.match((await app.request({ url: '/otzyvy-i-predlojeniya', host: 'kz.localhost' })).body, 'Отзывов пока нет', 'per site');
});

t.test('ИНН check digits', async (t) => {
  for (const good of ['7708123450', '5001007329', '500100732259', '7707083893']) t.ok(isValidInn(good), good);
  for (const bad of ['7708123451', '770812345', '77081234500', '50010073225x', '', '0000000001']) t.notOk(isValidInn(bad), bad);
  // Exactly one check digit completes any nine digits (a company), any eleven for the twelfth (an entrepreneur).
  fc.assert(
    fc.property(fc.stringMatching(/^\d{9}$/), fc.stringMatching(/^\d{10}$/), (nine, ten) => {
      const tenDigit = [...'0123456789'].filter((d) => isValidInn(nine + d)).length;
      const twelve = [...'0123456789'].flatMap((a) => [...'0123456789'].map((b) => ten + a + b)).filter(isValidInn).length;
      return tenDigit === 1 && twelve === 1;
    }),
  );
});

t.test('hostile input to every form: never a 5xx, stored only when valid', async (t) => {
  const nasty = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom('<script>alert(1)</script>', '\u0000', '\u202e', "' OR 1=1 --", '9'.repeat(400), '1e308', '-1', '%00', '__proto__'),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...(Object.keys(GOOD) as (keyof typeof GOOD)[])),
      fc.boolean(),
      fc.dictionary(
        fc.constantFrom(
          'name',
          'city',
          'rating',
          'text',
          'kind',
          'email',
          'inn',
          'volume',
          'phone',
          'preferredDate',
          'car',
          'zone-roof',
          'intent',
          'partnerType',
          'next',
        ),
        nasty,
        {
          minKeys: 1,
          maxKeys: 4,
        },
      ),
      async (kind, js, bad) => {
        const good = GOOD[kind]!;
        const safe = Object.fromEntries(Object.entries(bad).map(([k, v]) => [k, v.replace(/[\ud800-\udfff]/g, '\ufffd')]));
        const before = await count(good.table);
        const res = await submit(kind, { ...good.fields, ...safe }, { js });
        const status = statusOf(res, ROUTE[kind]!);
        if (res.statusCode >= 500 || status >= 500)
          throw new Error(`${kind} ${JSON.stringify(safe)}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        const stored = (await count(good.table)) - before;
        if (js && status === 200 && stored !== 1) throw new Error(`${kind}: accepted but not stored`);
        if (status >= 400 && stored !== 0) throw new Error(`${kind}: refused yet stored`);
      },
    ),
    { numRuns: Number(process.env.HOSTILE_RUNS ?? 60), seed: 20261212 },
  );
  t.pass('hostile submissions');
});
