/**
 * Control characters through real HTTP (shared/text.ts, docs/decisions/039-plain-text-inputs.md): for every form
 * action and every text field it takes, a well-formed submission with one field carrying a refused character — a
 * random C0/C1 control, NUL, a lone surrogate, a bidirectional override, in a short or a very long value — is
 * answered 400 naming that field (with JavaScript) or 303 back with that field's error in the flash (without), and
 * the database is unchanged. Once seen as 500s: a NUL in the registration name, the profile name, an address's city
 * or street, a saved calculation's title (PostgreSQL text cannot hold U+0000: run this file on PostgreSQL too).
 * Next to each attack, the same submission without the bad character goes through.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { dateRange } from '../server/pages/handmade.ts';
import { FLASH_COOKIE } from '../shared/contracts.ts';
import { type FormKind, STARTED_FIELD } from '../shared/forms.ts';
import { freshIp, REGISTRATION } from './helpers/account.ts';
import { createUser, startTestApp, type TestApp, type Visitor } from './helpers/app.ts';

const SEED = Number(process.env.HOSTILE_SEED ?? 20261126);
const RUNS = Number(process.env.HOSTILE_RUNS ?? 150);
const app: TestApp = await startTestApp(t);
const anonymous: Visitor = app.visitor();
const member: Visitor = app.visitor();
await createUser(app, { email: 'member@example.com', name: 'Анна', signIn: member });
// The day after tomorrow: still a valid date should the file run across midnight in Moscow.
const appointmentDay = dateRange('Europe/Moscow', Date.now() + 86400_000).min;
/** A stamp shown 5 s ago to the anonymous visitor, who posts the public forms (stamps are bound to the session). */
const stamp = (form: FormKind) => app.services.formStamps.stamp(form, anonymous.sessionId, Date.now() - 5000);

interface Action {
  path: string;
  as: Visitor;
  /** A submission the action accepts (or would, but for a reason after validation). */
  fields: () => Record<string, string>;
  /** Its text fields: each gets the bad character in turn. */
  text: string[];
  /** Text areas (tab and line breaks allowed). */
  multiline?: string[];
  /** The tables the action writes: their contents must not change on a refusal. */
  tables: string[];
}

let serial = 0;
const ACTIONS: Action[] = [
  {
    path: '/register',
    as: anonymous,
    fields: () => ({ ...REGISTRATION, email: `new${++serial}@example.com`, next: '/personal' }),
    text: ['name', 'email', 'phone', 'password', 'next', 'website'],
    tables: ['users', 'account_tokens', 'outbox'],
  },
  {
    path: '/personal',
    as: member,
    fields: () => ({ intent: 'profile', name: 'Анна Петрова', phone: '+7 916 123-45-67', next: '/personal' }),
    text: ['name', 'phone', 'next'],
    tables: ['users'],
  },
  {
    path: '/personal',
    as: member,
    fields: () => ({ intent: 'addAddress', city: 'Москва', address: 'ул. Ленина, д. 5, кв. 12', postcode: '127000' }),
    text: ['city', 'address', 'postcode'],
    tables: ['user_addresses'],
  },
  {
    path: '/calc',
    as: member,
    fields: () => ({ intent: 'save', title: 'Мой Rio', query: 'zone=roof&tier=max', next: '/calc' }),
    text: ['title', 'query', 'next'],
    tables: ['records'],
  },
  {
    path: '/constructor',
    as: member,
    fields: () => ({ intent: 'save', title: 'Двери и пол', query: '', next: '/constructor' }),
    text: ['title', 'query', 'next'],
    tables: ['records'],
  },
  {
    path: '/auth',
    as: anonymous,
    fields: () => ({ email: 'member@example.com', password: 'не тот пароль', next: '/personal' }),
    text: ['email', 'password', 'next'],
    tables: ['users', 'sessions'],
  },
  {
    path: '/auth/forgot',
    as: anonymous,
    fields: () => ({ email: 'member@example.com' }),
    text: ['email'],
    tables: ['account_tokens', 'outbox'],
  },
  {
    path: '/cart',
    as: anonymous,
    fields: () => ({ intent: 'kit', slug: 'optimalnyj', next: '/cart' }),
    text: ['slug', 'next'],
    tables: ['cart_items', 'cart_kits'],
  },
  {
    path: '/cart',
    as: anonymous,
    fields: () => ({ intent: 'lines', lines: '1:2', next: '/cart' }),
    text: ['lines'],
    tables: ['cart_items'],
  },
  {
    path: '/cart?step=checkout',
    as: anonymous,
    fields: () => ({
      intent: 'checkout',
      checkoutKey: `${'a'.repeat(22)}.${'b'.repeat(43)}`,
      expectedGoods: '0',
      name: 'Иван Петров',
      phone: '+7 916 123-45-67',
      email: 'ivan@example.com',
      delivery: 'pickup',
      city: 'Москва',
      address: 'ул. Ленина, 5',
      point: 'msk-warehouse',
      payment: 'cash',
      comment: 'Позвоните заранее',
      consent: 'on',
    }),
    text: ['checkoutKey', 'name', 'phone', 'email', 'delivery', 'city', 'address', 'point', 'payment', 'comment', 'inn', 'kpp', 'company'],
    multiline: ['comment'],
    tables: ['orders', 'outbox'],
  },
  {
    path: '/compare',
    as: anonymous,
    fields: () => ({ intent: 'add', productId: '1', next: '/compare' }),
    text: ['next'],
    tables: ['compare_items'],
  },
  {
    path: '/otzyvy-i-predlojeniya',
    as: anonymous,
    fields: () => ({
      intent: 'review',
      name: 'Ирина',
      city: 'Казань',
      rating: '5',
      text: 'Обклеила двери, музыка звучит заметно лучше.',
      [STARTED_FIELD]: stamp('review'),
    }),
    // Not the honeypot (homepage): anything in it is a robot's answer before the fields are read.
    text: ['name', 'city', 'rating', 'text', STARTED_FIELD],
    multiline: ['text'],
    tables: ['reviews', 'outbox'],
  },
  {
    path: '/otzyvy-i-predlojeniya',
    as: anonymous,
    fields: () => ({
      intent: 'message',
      kind: 'question',
      name: 'Олег',
      email: 'oleg@example.ru',
      text: 'Подойдёт ли Вибро Арка на крышу?',
      [STARTED_FIELD]: stamp('message'),
    }),
    text: ['name', 'email', 'text'],
    multiline: ['text'],
    tables: ['contact_messages', 'outbox'],
  },
  {
    path: '/stat-partnerom',
    as: anonymous,
    fields: () => ({
      company: 'ООО «Шумофф»',
      inn: '7708123450',
      city: 'Самара',
      partnerType: 'installer',
      volume: '150 000',
      contactName: 'Пётр Сидоров',
      phone: '8 (912) 345-67-89',
      email: 'petr@shumoff.ru',
      comment: 'Работаем с 2015 года',
      [STARTED_FIELD]: stamp('partner'),
    }),
    text: ['company', 'inn', 'city', 'volume', 'contactName', 'phone', 'email', 'comment'],
    multiline: ['comment'],
    tables: ['partner_applications', 'outbox'],
  },
  {
    path: '/handmade',
    as: anonymous,
    fields: () => ({
      car: 'Kia Rio 2019',
      'zone-doors': 'on',
      preferredDate: appointmentDay,
      city: 'Москва',
      phone: '+7 912 345-67-89',
      [STARTED_FIELD]: stamp('appointment'),
    }),
    text: ['car', 'zone-doors', 'preferredDate', 'city', 'phone'],
    tables: ['appointments', 'outbox'],
  },
];

/** A character no text field takes (tab and line breaks only where `multiline` allows them). */
const refused = (multiline: boolean) =>
  fc.oneof(
    fc
      .integer({ min: 0, max: 0x1f })
      .filter((c) => !multiline || ![9, 10, 13].includes(c))
      .map((c) => String.fromCharCode(c)),
    fc.constant('\u0000'),
    fc.integer({ min: 0x7f, max: 0x9f }).map((c) => String.fromCharCode(c)),
    fc.constantFrom('\u2028', '\u2029', '\u202e', '\u202d', '\u2066', '\u2069'),
  );

/** The bad value: the field's good one with the character put somewhere, or a very long value carrying it. */
const poisoned = (good: string, multiline: boolean) =>
  fc.oneof(
    fc.tuple(fc.nat(), refused(multiline)).map(([at, bad]) => {
      const i = at % (good.length + 1);
      return good.slice(0, i) + bad + good.slice(i);
    }),
    fc.tuple(fc.integer({ min: 1000, max: 20_000 }), refused(multiline)).map(([n, bad]) => 'ж'.repeat(n) + bad + good),
  );

/** A fingerprint of every row of the tables (a refused submission leaves it as it was). */
async function fingerprint(tables: string[]): Promise<string> {
  const parts: string[] = [];
  for (const table of new Set(tables)) {
    const [row] = await app.db.query<{ h: string; n: number }>(
      `SELECT count(*)::int AS n, coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS h FROM ${table} x`,
    );
    parts.push(`${table}:${row!.n}:${row!.h}`);
  }
  return parts.join(' ');
}

/**
 * The body as JSON, which can carry any character (a urlencoded body cannot hold a lone surrogate at all). The router
 * hands an action its fields as a form body, so a lone surrogate reaches a schema as U+FFFD: see the last test.
 */
function send(action: Action, fields: Record<string, string>, js: boolean): Promise<LightMyRequestResponse> {
  const [pathname, search] = action.path.split('?');
  const query = new URLSearchParams(search);
  query.set('_action', 'x');
  const body = JSON.stringify({ ...fields, token: action.as.token });
  return app.fastify.inject({
    method: 'POST',
    url: js ? `/_data${pathname}?${query}` : action.path,
    payload: body,
    remoteAddress: freshIp(),
    headers: { host: 'localhost', cookie: action.as.cookie, 'content-type': 'application/json' },
  });
}

/** The field errors of a refusal: the router's JSON envelope (with JavaScript) or the flash cookie (without). */
function errorsOf(res: LightMyRequestResponse, js: boolean): Record<string, string> | null {
  if (js) {
    if (res.statusCode !== 200) return null;
    const results = Object.values(res.json().results ?? {}) as Array<{ status?: number; data?: { errors?: Record<string, string> } }>;
    const refusal = results.find((r) => r.status === 400);
    return refusal?.data?.errors ?? null;
  }
  if (res.statusCode !== 303) return null;
  const cookie = res.cookies.find((c) => c.name === FLASH_COOKIE);
  if (!cookie) return null;
  const unsigned = app.fastify.unsignCookie(cookie.value);
  if (!unsigned.valid || !unsigned.value) return null;
  return (JSON.parse(unsigned.value) as { result: { errors?: Record<string, string> } }).result.errors ?? null;
}

t.test('a control character in any text field of any action: refused naming the field, nothing stored', async (t) => {
  let checked = 0;
  await fc.assert(
    fc.asyncProperty(
      fc
        .integer({ min: 0, max: ACTIONS.length - 1 })
        .chain((i) => fc.tuple(fc.constant(i), fc.constantFrom(...ACTIONS[i]!.text)))
        .chain(([i, field]) => {
          const action = ACTIONS[i]!;
          const good = action.fields()[field] ?? 'текст';
          // The action's index, not the action: a counterexample prints short.
          return fc.tuple(fc.constant(i), fc.constant(field), poisoned(good, action.multiline?.includes(field) ?? false));
        }),
      fc.boolean(),
      async ([i, field, value], js) => {
        const action = ACTIONS[i]!;
        const before = await fingerprint(action.tables);
        const res = await send(action, { ...action.fields(), [field]: value }, js);
        const what = `POST ${action.path} ${field}=${JSON.stringify(value.slice(-40))} (${js ? 'JS' : 'no JS'})`;
        if (res.statusCode >= 500) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        const errors = errorsOf(res, js);
        if (!errors?.[field]) throw new Error(`${what}: not refused naming ${field}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if ((await fingerprint(action.tables)) !== before) throw new Error(`${what}: the database changed`);
        checked++;
      },
    ),
    { seed: SEED, numRuns: RUNS },
  );
  t.equal(checked, RUNS, `${RUNS} poisoned submissions refused (seed ${SEED})`);
});

t.test('every listed field, once each with NUL: 400 naming it', async (t) => {
  for (const action of ACTIONS) {
    for (const field of action.text) {
      const before = await fingerprint(action.tables);
      const res = await send(action, { ...action.fields(), [field]: `${action.fields()[field] ?? ''}\u0000` }, true);
      t.ok(errorsOf(res, true)?.[field], `${action.path} ${field}: refused, named`);
      t.equal(await fingerprint(action.tables), before, `${action.path} ${field}: nothing stored`);
    }
  }
});

t.test('the same submissions without the bad character go through', async (t) => {
  // The fields the hostile fuzzer once saw reach the database: each is stored as typed.
  const register = await send(ACTIONS[0]!, { ...ACTIONS[0]!.fields(), name: 'Анна\tПетрова'.replace('\t', ' ') }, true);
  t.equal(register.statusCode, 200);
  t.equal(register.json().redirect, '/register?sent=1', 'registered');
  const [user] = await app.db.query<{ name: string }>(`SELECT name FROM users WHERE email = $1`, [`new${serial}@example.com`]);
  t.equal(user?.name, 'Анна Петрова');

  for (const [action, table, column, typed] of [
    [ACTIONS[1]!, 'users', 'name', 'Анна Петрова'],
    [ACTIONS[2]!, 'user_addresses', 'city', 'Москва'],
    [ACTIONS[3]!, 'records', 'title', 'Мой Rio'],
    [ACTIONS[4]!, 'records', 'title', 'Двери и пол'],
  ] as const) {
    for (const js of [true, false]) {
      const value = `${typed} ${js ? 'с JS' : 'без JS'}`;
      const before = await fingerprint([table]);
      const res = await send(action, { ...action.fields(), [column]: value }, js);
      t.equal(res.statusCode, js ? 200 : 303, `${action.path} ${action.fields().intent}: accepted (${js ? 'JS' : 'no JS'})`);
      t.equal(errorsOf(res, js), null, 'no errors');
      t.not(await fingerprint([table]), before, `${table} written`);
      const rows = await app.db.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [value]);
      t.ok(rows.length > 0, `${table}.${column} holds ${value}`);
    }
  }

  // A text area keeps its line breaks: a review with two paragraphs and a tab.
  const review = ACTIONS.find((a) => a.fields().intent === 'review')!;
  const text = 'Обклеила двери.\r\n\r\nМузыка\tзвучит лучше.';
  const res = await send(review, { ...review.fields(), text }, true);
  t.equal(res.statusCode, 200);
  t.equal(errorsOf(res, true), null, 'the review is taken');
  const [stored] = await app.db.query<{ body: string }>(`SELECT body FROM reviews ORDER BY id DESC LIMIT 1`);
  t.match(stored?.body, /Обклеила двери\.\r?\n\r?\n\s*Музыка\tзвучит лучше\./, 'line breaks and the tab kept');
});

t.test('a lone surrogate reaches an action as U+FFFD: never a 500', async (t) => {
  for (const action of ACTIONS) {
    for (const field of action.text) {
      const res = await send(action, { ...action.fields(), [field]: `${action.fields()[field] ?? ''}\ud800` }, true);
      t.ok(res.statusCode < 500, `${action.path} ${field}: ${res.statusCode}`);
    }
  }
});

t.test('the API refuses control characters naming the input', async (t) => {
  const v = app.visitor();
  for (const bad of ['Вибро\u0000', 'Вибро\u0007', 'Вибро\u202e', '\u0085Вибро', 'Ви\ud800бро', 'Вибро\n']) {
    const search = await app.request({
      method: 'POST',
      url: `/api/site/search?token=${v.token}`,
      as: v,
      payload: { search: bad },
    });
    t.equal(search.statusCode, 400, 'search: 400');
    t.same(
      search.json().issues.map((i: { field: string }) => i.field),
      ['body.search'],
      'names body.search',
    );
    // A query string cannot carry a lone surrogate (it arrives as U+FFFD): JSON bodies only.
    if (/[\ud800-\udfff]/.test(bad)) continue;
    const city = await app.request({ url: `/api/site/city?${new URLSearchParams({ token: v.token, search: bad })}`, as: v });
    t.equal(city.statusCode, 400, 'city: 400');
    t.same(
      city.json().issues.map((i: { field: string }) => i.field),
      ['query.search'],
      'names query.search',
    );
  }
  const ok = await app.request({ method: 'POST', url: `/api/site/search?token=${v.token}`, as: v, payload: { search: 'Вибро' } });
  t.equal(ok.statusCode, 200, 'an ordinary search still answers');
});
