/**
 * The back office (issue 21, decision 049): access to every staff route generated from the route table, the staff
 * sign-in with its second factor, sessions that end with a privilege change, the order graph with stock, history,
 * audit and the shopper's mail, the order list's filters and scope, and the CSV export's formula neutralising.
 */
import t from 'tap';
import { neutraliseFormula } from '../server/staff/csv.ts';
import { mayEnter, STAFF_ROLES } from '../server/staff/roles.ts';
import { STAFF_ROUTES } from '../server/staff/routes/index.tsx';
import { StaffService } from '../server/staff/staff.ts';
import { newRecoveryCodes, totpCode, totpStep } from '../server/staff/totp.ts';
import { canMoveOrder, ORDER_STATES, ORDER_TRANSITIONS } from '../shared/orders.ts';
import { startTestApp } from './helpers/app.ts';
import { codeFor, placeOrder, type StaffAgent, staffCookieOf, staffIp, staffMember, staffPost, tokenOf } from './helpers/staff.ts';

const app = await startTestApp(t);
const [{ id: kazakhOrderSite }] = [{ id: 'kz' }];

/** A concrete address for a route's pattern (the member is one nobody signs in as). */
const target = await app.services.staff.add({ email: 'target@staff.example', role: 'content', sites: null }, { id: null, email: 'test' });
const SAMPLE = { number: '0000-0000', id: String(target.member.id), kind: 'message' };
const urlOf = (pattern: string) => pattern.replace(/:(\w+)/g, (_, k: keyof typeof SAMPLE) => SAMPLE[k]);

t.test('TOTP (RFC 6238) with a fixed clock; recovery codes', async (t) => {
  // RFC 6238 appendix B's SHA-1 seed "12345678901234567890", base32; the 8-digit vectors end in these six digits.
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  t.equal(totpCode(secret, 59_000), '287082', 'T = 59 s');
  t.equal(totpCode(secret, 1_111_111_109_000), '081804', 'T = 1111111109 s');
  t.equal(totpCode(secret, 2_000_000_000_000), '279037', 'T = 2000000000 s');
  t.equal(totpStep(secret, '287082', 59_000), 1, 'the code names its step');
  t.equal(totpStep(secret, '287082', 89_000), 1, 'one step of drift is accepted');
  t.equal(totpStep(secret, '287082', 150_000), null, 'two steps later it is not');
  t.equal(totpStep(secret, 'abcdef', 59_000), null, 'not digits');
  const codes = newRecoveryCodes();
  t.equal(new Set(codes).size, 10, 'ten distinct recovery codes');
  for (const c of codes) t.match(c, /^[0-9a-z]{5}-[0-9a-z]{5}$/);
});

t.test('routes: anonymous → sign-in, another host → 404, each role allowed or 403 (generated from the route table)', async (t) => {
  const agents = Object.fromEntries(await Promise.all(STAFF_ROLES.map(async (r) => [r, await staffMember(app, r)] as const)));
  // Signing out ends the agents' sessions: last.
  const routes = [...STAFF_ROUTES].sort((a, b) => Number(a.url === '/staff/sign-out') - Number(b.url === '/staff/sign-out'));
  for (const route of routes) {
    const url = urlOf(route.url);
    const name = `${route.method} ${route.url}`;
    // Another host (a regional storefront) has no staff area.
    const other = await app.request({ method: route.method, url, host: 'kz.localhost', headers: { cookie: agents.owner!.cookie } });
    t.equal(other.statusCode, 404, `${name} on kz.localhost: not found`);
    if (route.access === 'public') continue;
    const anonymous = await app.request({ method: route.method, url, payload: route.method === 'POST' ? {} : undefined });
    t.equal(anonymous.statusCode, 303, `${name} anonymous: sign-in`);
    t.match(anonymous.headers.location, /^\/staff\/sign-in/, `${name} anonymous: to the staff sign-in`);
    // A shopper's session cookie is no key to the staff area.
    const shopper = app.visitor();
    const asShopper = await app.request({ method: route.method, url, as: shopper, payload: route.method === 'POST' ? {} : undefined });
    t.equal(asShopper.statusCode, 303, `${name} as a shopper: sign-in`);
    for (const role of STAFF_ROLES) {
      const agent = agents[role]!;
      const res =
        route.method === 'GET'
          ? await app.request({ url, headers: { cookie: agent.cookie } })
          : await staffPost(app, agent, url, route.url.endsWith('/status') ? { to: 'confirmed' } : { role: role, email: `x${role}@e.x` });
      if (mayEnter(role, route.access)) t.not(res.statusCode, 403, `${name} as ${role}: allowed (${res.statusCode})`);
      else t.equal(res.statusCode, 403, `${name} as ${role}: forbidden`);
      t.not(res.statusCode, 500, `${name} as ${role}: no server error`);
    }
  }
});

t.test('staff pages: noindex, no-store, a nonce CSP, only the staff bundle', async (t) => {
  const owner = await staffMember(app, 'owner');
  const res = await app.request({ url: '/staff', headers: { cookie: owner.cookie } });
  t.equal(res.statusCode, 200);
  t.equal(res.headers['x-robots-tag'], 'noindex, nofollow');
  t.equal(res.headers['cache-control'], 'no-store');
  t.match(res.headers['content-security-policy'], /script-src 'self' 'nonce-/);
  t.match(res.body, /<meta name="robots" content="noindex, nofollow"/);
  const scripts = [...res.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  t.equal(scripts.length, 1, 'one script');
  t.match(scripts[0], /\/assets\/staff-[\w-]+\.js$/, 'the staff bundle');
  const home = await app.request({ url: '/' });
  t.notMatch(home.body, /assets\/staff-/, 'a storefront page never loads the staff bundle');
});

t.test('sign-in: password, then a code; a code is good once; recovery codes once; lockout through the limiter', async (t) => {
  const agent = await staffMember(app, 'manager');
  const signIn = async () => {
    const res = await app.request({
      method: 'POST',
      url: '/staff/sign-in',
      payload: { email: agent.email, password: agent.password },
      headers: { 'content-type': 'application/json' },
      remoteAddress: staffIp(),
    });
    t.equal(res.headers.location, '/staff/sign-in/code', 'an enrolled member is asked for a code');
    const cookie = staffCookieOf(res)!;
    return { cookie, token: await tokenOf(app, cookie, '/staff/sign-in/code') };
  };
  const wrong = await app.request({
    method: 'POST',
    url: '/staff/sign-in',
    payload: { email: agent.email, password: 'not-the-password' },
    headers: { 'content-type': 'application/json' },
    remoteAddress: staffIp(),
  });
  t.equal(wrong.statusCode, 401, 'a wrong password');
  t.notOk(staffCookieOf(wrong), 'opens nothing');

  const half = await signIn();
  t.equal((await app.request({ url: '/staff', headers: { cookie: half.cookie } })).statusCode, 303, 'the password alone opens nothing');
  const code = codeFor(agent.secret);
  const ok = await app.request({
    method: 'POST',
    url: '/staff/sign-in/code',
    payload: { _token: half.token, code },
    headers: { 'content-type': 'application/json', cookie: half.cookie },
  });
  t.equal(ok.statusCode, 303);
  const active = staffCookieOf(ok)!;
  t.not(active, half.cookie, 'a new session id after the second factor');
  t.equal((await app.request({ url: '/staff', headers: { cookie: active } })).statusCode, 200, 'signed in');
  t.equal((await app.request({ url: '/staff', headers: { cookie: half.cookie } })).statusCode, 303, 'the half-open id is gone');

  const again = await signIn();
  const replay = await app.request({
    method: 'POST',
    url: '/staff/sign-in/code',
    payload: { _token: again.token, code },
    headers: { 'content-type': 'application/json', cookie: again.cookie },
  });
  t.equal(replay.statusCode, 401, 'the same code twice: refused');

  // A recovery code: made at enrolment (test helper enrolled through the service's path); make a fresh set here.
  const [{ staff_id }] = (await app.db.query<{ staff_id: number }>('SELECT id AS staff_id FROM staff_members WHERE email = $1', [
    agent.email,
  ])) as [{ staff_id: number }];
  const codes = newRecoveryCodes();
  const { recoveryCodeHash } = await import('../server/staff/totp.ts');
  await app.db.query('DELETE FROM staff_recovery_codes WHERE staff_id = $1', [staff_id]);
  await app.db.query('INSERT INTO staff_recovery_codes (staff_id, code_hash) SELECT $1, unnest($2::text[])', [
    staff_id,
    codes.map(recoveryCodeHash),
  ]);
  const recovered = await app.request({
    method: 'POST',
    url: '/staff/sign-in/code',
    payload: { _token: again.token, code: codes[0]!.toUpperCase() },
    headers: { 'content-type': 'application/json', cookie: again.cookie },
  });
  t.equal(recovered.statusCode, 303, 'a recovery code (any case) signs in');
  const third = await signIn();
  const reused = await app.request({
    method: 'POST',
    url: '/staff/sign-in/code',
    payload: { _token: third.token, code: codes[0] },
    headers: { 'content-type': 'application/json', cookie: third.cookie },
  });
  t.equal(reused.statusCode, 401, 'a recovery code is good once');

  // Wrong codes lock the member's second step (five per window, the 'staff.code' policy), even with the right code after.
  let last = reused;
  for (let i = 0; i < 5; i++) {
    last = await app.request({
      method: 'POST',
      url: '/staff/sign-in/code',
      payload: { _token: third.token, code: '000000' },
      headers: { 'content-type': 'application/json', cookie: third.cookie },
    });
  }
  t.equal(last.statusCode, 429, 'locked out');
  t.ok(Number(last.headers['retry-after']) > 0, 'with Retry-After');
  const locked = await app.request({
    method: 'POST',
    url: '/staff/sign-in/code',
    payload: { _token: third.token, code: codeFor(agent.secret, 1) },
    headers: { 'content-type': 'application/json', cookie: third.cookie },
  });
  t.equal(locked.statusCode, 429, 'the right code is refused while locked');
  await app.db.query(`DELETE FROM rate_limits WHERE policy = 'staff.code'`);
});

t.test('a fixed clock decides the second factor (StaffService with an injected clock)', async (t) => {
  let now = Date.UTC(2026, 10, 27, 12, 0, 0);
  const service = new StaffService(app.db, 'secret', () => now);
  const { member, password } = await service.add(
    { email: 'clock@staff.example', role: 'content', sites: null },
    { id: null, email: 'test' },
  );
  const first = await service.signIn(member.email, password, staffIp());
  t.ok(first.ok && first.stage === 'enrol');
  if (!first.ok) return;
  const [row] = await app.db.query<{ pending_secret: string }>(`SELECT pending_secret FROM staff_sessions WHERE staff_id = $1`, [
    member.id,
  ]);
  const secret = row!.pending_secret;
  const enrolled = await service.enrol(first.sessionId, totpCode(secret!, now), staffIp());
  t.ok(enrolled.ok, 'enrolled with the code of the fixed time');
  now += 90_000; // three steps later: the code of the enrolment time is stale
  const second = await service.signIn(member.email, password, staffIp());
  if (!second.ok) return t.fail('signed in');
  t.same(
    await service.verifyCode(second.sessionId, totpCode(secret!, now - 90_000), staffIp()),
    { ok: false, reason: 'invalid' },
    'an old code',
  );
  const ok = await service.verifyCode(second.sessionId, totpCode(secret!, now), staffIp());
  t.ok(ok.ok, 'the code of the (fixed) present');
});

t.test('a role change ends the member’s sessions; the last owner stays an owner', async (t) => {
  const owner = await staffMember(app, 'owner');
  const manager = await staffMember(app, 'manager');
  t.equal((await app.request({ url: '/staff/orders', headers: { cookie: manager.cookie } })).statusCode, 200);
  const changed = await staffPost(app, owner, `/staff/members/${manager.id}`, { role: 'content' });
  t.equal(changed.statusCode, 303);
  t.equal((await app.request({ url: '/staff/orders', headers: { cookie: manager.cookie } })).statusCode, 303, 'signed out by the change');
  const [audit] = await app.db.query<{ action: string; before: { role: string }; after: { role: string } }>(
    `SELECT action, before, after FROM staff_audit WHERE entity = 'staff' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
    [String(manager.id)],
  );
  t.equal(audit!.action, 'staff.update');
  t.equal(audit!.before.role, 'manager');
  t.equal(audit!.after.role, 'content');

  // Only enabled owners: demote every other, then try to demote the last.
  const owners = await app.db.query<{ id: number }>(`SELECT id FROM staff_members WHERE role = 'owner' AND id <> $1`, [owner.id]);
  for (const o of owners)
    await app.services.staff.update(o.id, { role: 'manager', sites: null, disabled: false }, { id: null, email: 'test' });
  const last = await staffPost(app, owner, `/staff/members/${owner.id}`, { role: 'manager' });
  t.equal(last.headers.location, '/staff/members?notice=last_owner', 'refused');
  t.equal((await app.services.staff.find(owner.id))!.role, 'owner');
});

t.test('the order graph: every transition allowed or refused as shared/orders.ts says', async (t) => {
  for (const from of ORDER_STATES)
    for (const to of ORDER_STATES) t.equal(canMoveOrder(from, to), ORDER_TRANSITIONS[from].includes(to), `${from} → ${to}`);
  t.notOk(canMoveOrder('delivered', 'cancelled'), 'a delivered order is final');
  t.notOk(canMoveOrder('unknown', 'new'));

  const manager = await staffMember(app, 'manager');
  // Walk each state's every target over HTTP on an order brought to that state.
  for (const from of ORDER_STATES) {
    for (const to of ORDER_STATES) {
      const { id, number } = await placeOrder(app, app.visitor(), 'graph@example.ru');
      await app.db.query('UPDATE orders SET status = $2 WHERE id = $1', [id, from]);
      const res = await staffPost(app, manager, `/staff/orders/${number}/status`, {
        to,
        ...(to === 'shipped' ? { trackingNumber: 'RA1' } : {}),
      });
      t.equal(res.statusCode, 303, `${from} → ${to}: answered`);
      const [row] = await app.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id]);
      t.equal(row!.status, canMoveOrder(from, to) ? to : from, `${from} → ${to}: ${canMoveOrder(from, to) ? 'moved' : 'refused'}`);
      t.match(res.headers.location, canMoveOrder(from, to) ? /notice=moved/ : /notice=refused/);
    }
  }
});

t.test('confirm, ship with a tracking number, deliver: history, audit, mails in the order’s language, /history', async (t) => {
  const manager = await staffMember(app, 'manager');
  const shopper = app.visitor();
  const { id, number } = await placeOrder(app, shopper, 'buyer@example.ru');
  const move = (fields: Record<string, string>) => staffPost(app, manager, `/staff/orders/${number}/status`, fields);

  t.match((await move({ to: 'confirmed', note: 'Позвонили, подтвердил' })).headers.location, /notice=moved/);
  t.match((await move({ to: 'in_progress' })).headers.location, /notice=moved/);
  t.match((await move({ to: 'shipped' })).headers.location, /notice=tracking/, 'shipping without a tracking number: refused');
  t.match((await move({ to: 'shipped', trackingNumber: ' RA123456789RU ' })).headers.location, /notice=moved/);
  t.match((await move({ to: 'delivered' })).headers.location, /notice=moved/);

  const [order] = await app.db.query<{ status: string; tracking_number: string }>(
    'SELECT status, tracking_number FROM orders WHERE id = $1',
    [id],
  );
  t.equal(order!.status, 'delivered');
  t.equal(order!.tracking_number, 'RA123456789RU', 'trimmed');
  const history = await app.db.query<{ status: string; note: string; staff_id: number | null }>(
    'SELECT status, note, staff_id FROM order_status_history WHERE order_id = $1 ORDER BY id',
    [id],
  );
  t.same(
    history.map((h) => h.status),
    ['new', 'confirmed', 'in_progress', 'shipped', 'delivered'],
  );
  t.equal(history[1]!.note, 'Позвонили, подтвердил');
  t.equal(history[1]!.staff_id, manager.id, 'the history names the member');
  t.equal(history[0]!.staff_id, null, 'the checkout row names nobody');
  const audit = await app.db.query<{ staff_email: string; before: { status: string }; after: { status: string } }>(
    `SELECT staff_email, before, after FROM staff_audit WHERE action = 'order.status' AND entity_id = $1 ORDER BY id`,
    [number],
  );
  t.same(
    audit.map((a) => `${a.before.status}→${a.after.status}`),
    ['new→confirmed', 'confirmed→in_progress', 'in_progress→shipped', 'shipped→delivered'],
  );
  t.equal(audit[0]!.staff_email, manager.email);

  const mails = await app.db.query<{ subject: string; text_body: string; language: string }>(
    `SELECT subject, text_body, language FROM outbox WHERE kind = 'order.status' AND recipient = 'buyer@example.ru' ORDER BY id`,
  );
  t.equal(mails.length, 4, 'a mail per move');
  t.match(mails[2]!.subject, /Отправлен/);
  t.match(mails[2]!.text_body, /RA123456789RU/, 'the shipped mail carries the tracking number');
  t.notMatch(mails[0]!.text_body, /Позвонили/, 'the staff note stays internal');

  // The shopper's order page shows the state.
  const page = await app.request({ url: `/cart/success/${number}`, as: shopper });
  t.match(page.body, /Доставлен/, "the buyer's order page shows the new state");

  // The staff order page shows lines, totals, history with the member.
  const staffPage = await app.request({ url: `/staff/orders/${number}`, headers: { cookie: manager.cookie } });
  t.equal(staffPage.statusCode, 200);
  t.match(staffPage.body, new RegExp(manager.email));
  t.match(staffPage.body, /Итого/);
  const invoice = await app.request({ url: `/staff/orders/${number}/invoice`, headers: { cookie: manager.cookie } });
  t.equal(invoice.statusCode, 200, 'the invoice prints from the staff side');
  t.match(invoice.body, new RegExp(`Счёт № ${number}`));
  t.match(invoice.body, /Продавец/, 'with the seller’s requisites');
  const slip = await app.request({ url: `/staff/orders/${number}/slip`, headers: { cookie: manager.cookie } });
  t.match(slip.body, /Упаковочный лист/);
});

t.test('cancellation gives the held stock back once; an English order’s mail is in English', async (t) => {
  const manager = await staffMember(app, 'manager');
  const [before] = await app.db.query<{ stock: number }>(`SELECT stock FROM products WHERE sku = 'VIB-STD-22'`);
  const { id, number } = await placeOrder(app, app.visitor(), 'cancel@example.ru', 'VIB-STD-22', 2);
  await app.db.query(`UPDATE orders SET language = 'en' WHERE id = $1`, [id]);
  const [held] = await app.db.query<{ stock: number }>(`SELECT stock FROM products WHERE sku = 'VIB-STD-22'`);
  t.equal(held!.stock, before!.stock - 2, 'the order holds two units');
  t.match((await staffPost(app, manager, `/staff/orders/${number}/status`, { to: 'cancelled' })).headers.location, /notice=moved/);
  t.match((await staffPost(app, manager, `/staff/orders/${number}/status`, { to: 'cancelled' })).headers.location, /notice=refused/);
  const [after] = await app.db.query<{ stock: number }>(`SELECT stock FROM products WHERE sku = 'VIB-STD-22'`);
  t.equal(after!.stock, before!.stock, 'given back exactly once');
  const [mail] = await app.db.query<{ subject: string; language: string }>(
    `SELECT subject, language FROM outbox WHERE kind = 'order.status' AND recipient = 'cancel@example.ru'`,
  );
  t.equal(mail!.language, 'en');
  t.match(mail!.subject, /Cancelled/);
});

t.test('the order list: filters, text search, paging, site scope; CSV export neutralises formulas', async (t) => {
  const owner = await staffMember(app, 'owner');
  const kazakh = await staffMember(app, 'manager', [kazakhOrderSite]);
  const { id, number } = await placeOrder(app, app.visitor(), 'list@example.ru');
  await app.db.query(`UPDATE orders SET customer_name = '=HYPERLINK("http://evil")' WHERE id = $1`, [id]);

  const byNumber = await app.request({ url: `/staff/orders?q=${number}`, headers: { cookie: owner.cookie } });
  t.match(byNumber.body, new RegExp(`/staff/orders/${number}`));
  t.match(byNumber.body, /Найдено заказов: 1</);
  const byPhone = await app.request({ url: '/staff/orders?q=916%20123', headers: { cookie: owner.cookie } });
  t.match(byPhone.body, new RegExp(number), 'by phone digits');
  const byState = await app.request({ url: '/staff/orders?status=delivered&q=list%40example', headers: { cookie: owner.cookie } });
  t.match(byState.body, /Найдено заказов: 0</, 'a state filter');
  const bad = await app.request({ url: '/staff/orders?status=lost', headers: { cookie: owner.cookie } });
  t.equal(bad.statusCode, 400, 'an unknown state is a 400');
  t.match(bad.body, /status/);

  const scoped = await app.request({ url: `/staff/orders?q=${number}`, headers: { cookie: kazakh.cookie } });
  t.match(scoped.body, /Найдено заказов: 0</, 'a kz manager does not list ru orders');
  t.equal((await app.request({ url: `/staff/orders/${number}`, headers: { cookie: kazakh.cookie } })).statusCode, 404);
  const move = await staffPost(app, kazakh, `/staff/orders/${number}/status`, { to: 'confirmed' });
  t.equal(move.statusCode, 403, 'nor moves them');

  const csv = await app.request({ url: `/staff/orders.csv?q=${number}`, headers: { cookie: owner.cookie } });
  t.equal(csv.statusCode, 200);
  t.match(csv.headers['content-type'], /text\/csv/);
  t.match(csv.body, /'=HYPERLINK/, 'the formula is written as text');
  t.notMatch(csv.body, /[,\n]=HYPERLINK/, 'never as a formula');

  for (const cell of ['=1+2', '+7 916', '-cmd', '@SUM(A1)', '\tx', '\rx']) t.equal(neutraliseFormula(cell)[0], "'", cell);
  for (const cell of ['-12.50', 'Анна', '1200', '']) t.equal(neutraliseFormula(cell), cell, `${cell}: as it is`);
});

t.test('forms need the session’s token and this origin', async (t) => {
  const manager: StaffAgent = await staffMember(app, 'manager');
  const { number } = await placeOrder(app, app.visitor(), 'token@example.ru');
  const noToken = await staffPost(app, manager, `/staff/orders/${number}/status`, { to: 'confirmed' }, 'forged');
  t.equal(noToken.statusCode, 403);
  const foreign = await app.request({
    method: 'POST',
    url: `/staff/orders/${number}/status`,
    payload: `_token=${encodeURIComponent(manager.token)}&to=confirmed`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: manager.cookie, origin: 'https://evil.example' },
  });
  t.equal(foreign.statusCode, 403, 'another origin');
  const [row] = await app.db.query<{ status: string }>('SELECT status FROM orders WHERE number = $1', [number]);
  t.equal(row!.status, 'new', 'nothing moved');
  const signOut = await staffPost(app, manager, '/staff/sign-out', {});
  t.equal(signOut.statusCode, 303);
  t.equal((await app.request({ url: '/staff/orders', headers: { cookie: manager.cookie } })).statusCode, 303, 'signed out');
  const next = await app.request({ url: '/staff/sign-in?next=//evil.example' });
  t.notMatch(next.body, /evil/, 'no open redirect through next');
});

t.test('reviews: a content editor publishes with a reply (shown under the review), rejects another; audited; scoped', async (t) => {
  const editor = await staffMember(app, 'content');
  const kazakhEditor = await staffMember(app, 'content', ['kz']);
  const insert = async (name: string) =>
    (
      await app.db.query<{ id: number }>(
        `INSERT INTO reviews (site, language, name, city, rating, body) VALUES ('ru', 'ru', $1, 'Тверь', 5, 'Стало тихо, спасибо.') RETURNING id`,
        [name],
      )
    )[0]!.id;
  const good = await insert('Марина Отзывова');
  const spam = await insert('Спамер Спамов');
  const pending = await app.request({ url: '/staff/reviews', headers: { cookie: editor.cookie } });
  t.match(pending.body, /Марина Отзывова/);
  t.notMatch(
    (await app.request({ url: '/staff/reviews', headers: { cookie: kazakhEditor.cookie } })).body,
    /Марина Отзывова/,
    'not on a kz editor’s list',
  );
  t.equal(
    (await staffPost(app, kazakhEditor, `/staff/reviews/${good}`, { status: 'published', reply: '' })).statusCode,
    404,
    'nor moderated by them',
  );

  const published = await staffPost(app, editor, `/staff/reviews/${good}`, { status: 'published', reply: 'Спасибо, Марина! Ждём снова.' });
  t.equal(published.statusCode, 303);
  await staffPost(app, editor, `/staff/reviews/${spam}`, { status: 'rejected', reply: '' });
  const page = await app.request({ url: '/otzyvy-i-predlojeniya' });
  t.match(page.body, /Марина Отзывова/, 'published');
  t.match(page.body, /Ответ магазина/);
  t.match(page.body, /Спасибо, Марина! Ждём снова\./, 'the reply under the review');
  t.notMatch(page.body, /Спамер Спамов/, 'the rejected one is not shown');
  const [audit] = await app.db.query<{ staff_email: string; after: { status: string; reply: string } }>(
    `SELECT staff_email, after FROM staff_audit WHERE action = 'review.moderate' AND entity_id = $1`,
    [String(good)],
  );
  t.equal(audit!.staff_email, editor.email);
  t.same(audit!.after, { status: 'published', reply: 'Спасибо, Марина! Ждём снова.' });
});

t.test('leads: a manager takes a question into work, assigns it and notes it; scoped; audited', async (t) => {
  const manager = await staffMember(app, 'manager');
  const kazakh = await staffMember(app, 'manager', ['kz']);
  const [{ id }] = (await app.db.query<{ id: number }>(
    `INSERT INTO contact_messages (site, language, kind, name, email, body) VALUES ('ru', 'ru', 'question', 'Игорь Вопросов', 'igor@example.ru', 'Подойдёт ли Вибро 2 на крышу?') RETURNING id`,
  )) as [{ id: number }];
  const [{ id: appointment }] = (await app.db.query<{ id: number }>(
    `INSERT INTO appointments (site, language, car, zones, preferred_date, city, phone) VALUES ('kz', 'kk', 'Toyota Camry', '{doors}', '2026-12-05', 'Алматы', '+7 701 123 45 67') RETURNING id`,
  )) as [{ id: number }];
  const list = await app.request({ url: '/staff/leads?kind=message&state=new', headers: { cookie: manager.cookie } });
  t.match(list.body, /Игорь Вопросов/);
  t.notMatch((await app.request({ url: '/staff/leads?kind=message', headers: { cookie: kazakh.cookie } })).body, /Игорь Вопросов/);
  t.equal(
    (await app.request({ url: `/staff/leads/message/${id}`, headers: { cookie: kazakh.cookie } })).statusCode,
    404,
    'another site’s lead',
  );
  const theirs = await app.request({ url: `/staff/leads/appointment/${appointment}`, headers: { cookie: kazakh.cookie } });
  t.equal(theirs.statusCode, 200, 'their own site’s appointment');
  t.match(theirs.body, /Toyota Camry/);

  const saved = await staffPost(app, manager, `/staff/leads/message/${id}`, {
    state: 'in_work',
    assignee: String(manager.id),
    notes: 'Перезвонить после 18:00',
  });
  t.equal(saved.headers.location, `/staff/leads/message/${id}?notice=lead`);
  const [row] = await app.db.query<{ state: string; assignee: number; notes: string }>(
    'SELECT state, assignee, notes FROM contact_messages WHERE id = $1',
    [id],
  );
  t.same(row, { state: 'in_work', assignee: manager.id, notes: 'Перезвонить после 18:00' });
  const unknown = await staffPost(app, manager, `/staff/leads/message/${id}`, { state: 'done', assignee: '999999', notes: '' });
  t.match(unknown.headers.location, /notice=unknown_assignee/);
  const blind = await staffPost(app, manager, `/staff/leads/message/${id}`, { state: 'done', assignee: String(kazakh.id), notes: '' });
  t.match(blind.headers.location, /notice=unknown_assignee/, 'a member who does not see the lead’s site cannot be given it');
  t.notMatch(
    (await app.request({ url: `/staff/leads/message/${id}`, headers: { cookie: manager.cookie } })).body,
    new RegExp(`<option value="${kazakh.id}"`),
    'nor is offered',
  );
  const bad = await staffPost(app, manager, `/staff/leads/message/${id}`, { state: 'lost', notes: '' });
  t.equal(bad.statusCode, 400, 'an unknown state is named');
  t.match(bad.body, /state/);
  const [audit] = await app.db.query<{ before: { state: string }; after: { state: string } }>(
    `SELECT before, after FROM staff_audit WHERE action = 'lead.update' AND entity = 'message' AND entity_id = $1`,
    [String(id)],
  );
  t.equal(audit!.before.state, 'new');
  t.equal(audit!.after.state, 'in_work');
});

t.test('content: preview with the shop’s sanitiser, save, shown in the shop; scope, clashes, audit', async (t) => {
  const editor = await staffMember(app, 'content');
  const kazakh = await staffMember(app, 'content', ['kz']);
  const draft = {
    kind: 'news',
    site: '*',
    language: 'ru',
    slug: 'novaya-liniya-vibro',
    title: 'Новая линейка Вибро',
    summary: 'Три новых листа для дверей.',
    body: '## Что нового\n\nЛисты **тоньше** и легче.<script>alert(1)</script>\n\n<img src="x" onerror="alert(2)">',
    products: 'VIB-STD-22',
    related: '',
    sort: '0',
    published: 'on',
    publishedAt: '2026-11-20T10:00',
  };
  const preview = await staffPost(app, editor, '/staff/content', { ...draft, intent: 'preview' });
  t.equal(preview.statusCode, 200);
  const shown = /<section class="staff-preview"[\s\S]*?<\/section>/.exec(preview.body)?.[0] ?? '';
  t.match(shown, /<strong>тоньше<\/strong>/, 'rendered');
  t.notMatch(shown, /<script|alert|onerror/, 'sanitised as the shop sanitises');
  t.equal((await app.request({ url: '/news/novaya-liniya-vibro' })).statusCode, 404, 'a preview saves nothing');

  const saved = await staffPost(app, editor, '/staff/content', { ...draft, intent: 'save' });
  t.equal(saved.statusCode, 303);
  const id = /\/staff\/content\/(\d+)/.exec(saved.headers.location as string)?.[1];
  t.ok(id, 'to the entry');
  const shop = await app.request({ url: '/news/novaya-liniya-vibro' });
  t.equal(shop.statusCode, 200, 'the shop shows it at once in this process');
  t.match(shop.body, /Новая линейка Вибро/);
  t.match((await app.request({ url: '/news' })).body, /Новая линейка Вибро/, 'in the news list');

  const again = await staffPost(app, editor, '/staff/content', { ...draft, intent: 'save', title: 'Другая' });
  t.equal(again.statusCode, 422, 'a second entry with the same key is refused');
  t.match(again.body, /уже есть/);
  const scoped = await staffPost(app, kazakh, '/staff/content', { ...draft, slug: 'kz-only', intent: 'save' });
  t.equal(scoped.statusCode, 422, 'an all-sites entry needs an unscoped editor');
  t.equal((await app.request({ url: `/staff/content/${id}`, headers: { cookie: kazakh.cookie } })).statusCode, 404);
  const badImage = await staffPost(app, editor, '/staff/content', {
    ...draft,
    slug: 'bad-image',
    body: '![](/img/nowhere.webp)',
    intent: 'save',
  });
  t.equal(badImage.statusCode, 422, 'the renderer’s complaint is shown');

  const edited = await staffPost(app, editor, '/staff/content', { ...draft, id: id!, intent: 'save', title: 'Новая линейка Вибро 2027' });
  t.equal(edited.statusCode, 303);
  t.match((await app.request({ url: '/news/novaya-liniya-vibro' })).body, /Новая линейка Вибро 2027/);
  const audit = await app.db.query<{ action: string; before: { title: string } | null; after: { title: string } }>(
    `SELECT action, before, after FROM staff_audit WHERE entity = 'content' AND entity_id = $1 ORDER BY id`,
    [id],
  );
  t.same(
    audit.map((a) => [a.action, a.before?.title ?? null, a.after.title]),
    [
      ['content.create', null, 'Новая линейка Вибро'],
      ['content.update', 'Новая линейка Вибро', 'Новая линейка Вибро 2027'],
    ],
  );
});

t.test('prices and stock: a count with its movement, prices per list the shop then charges, scope, bad input named', async (t) => {
  const { formatMoney } = await import('../shared/format.ts');
  const manager = await staffMember(app, 'manager');
  const kazakh = await staffMember(app, 'manager', ['kz']);
  const [product] = await app.db.query<{ id: number }>(`SELECT id FROM products WHERE sku = 'VIB-STD-22'`);
  const id = product!.id;
  const grid = await app.request({ url: '/staff/stock?q=VIB-STD', headers: { cookie: manager.cookie } });
  t.match(grid.body, /VIB-STD-22/);
  t.match(grid.body, /name="price_kz"/);

  const saved = await staffPost(app, manager, `/staff/stock/${id}`, { stock: '40', note: 'Инвентаризация', price_ru: '1 111,50' });
  t.equal(saved.statusCode, 303);
  t.match(saved.headers.location, /notice=stockSaved/);
  const page = await app.request({ url: '/vibroizolyaciya/vibro-standart-2-2' });
  t.ok(page.body.includes(formatMoney(1111.5, 'RUB', 'ru')), 'the shop shows the new price at once in this process');

  // The checkout takes two units; a cancellation gives them back: three movements, each with its reason.
  const { number } = await placeOrder(app, app.visitor(), 'stock@example.ru', 'VIB-STD-22', 2);
  await staffPost(app, manager, `/staff/orders/${number}/status`, { to: 'cancelled' });
  const movements = await app.db.query<{ delta: number; stock_after: number; reason: string; staff_id: number | null; note: string }>(
    'SELECT delta, stock_after, reason, staff_id, note FROM stock_movements WHERE product_id = $1 ORDER BY id DESC LIMIT 3',
    [id],
  );
  t.same(
    movements.reverse().map((m) => [m.reason, m.delta, m.stock_after]),
    [
      ['count', movements[0]!.delta, 40],
      ['checkout', -2, 38],
      ['order_cancelled', 2, 40],
    ],
  );
  t.equal(movements[0]!.staff_id, manager.id, 'the count names the member');
  t.equal(movements[0]!.note, 'Инвентаризация');
  const history = await app.request({ url: `/staff/stock/${id}`, headers: { cookie: manager.cookie } });
  t.match(history.body, /Пересчёт/);
  t.match(history.body, new RegExp(`/staff/orders/${number}`), 'the cancellation links its order');
  const theirs = await app.request({ url: `/staff/stock/${id}`, headers: { cookie: kazakh.cookie } });
  t.notMatch(theirs.body, new RegExp(number), 'a kz manager is not told the ru order’s number');

  t.equal((await staffPost(app, kazakh, `/staff/stock/${id}`, { price_ru: '1' })).statusCode, 403, 'another site’s list');
  t.equal((await staffPost(app, kazakh, `/staff/stock/${id}`, { price_kz: '5000' })).statusCode, 303, 'their own list');
  const bad = await staffPost(app, manager, `/staff/stock/${id}`, { price_ru: '12abc' });
  t.equal(bad.statusCode, 400);
  t.match(bad.body, /price_ru/);
  t.equal((await staffPost(app, manager, `/staff/stock/${id}`, { stock: '-1' })).statusCode, 400, 'negative stock');
  const unsold = await staffPost(app, manager, `/staff/stock/${id}`, { price_md: '' });
  t.equal(unsold.statusCode, 303);
  const [md] = await app.db.query('SELECT 1 FROM product_prices WHERE product_id = $1 AND price_list = $2', [id, 'md']);
  t.notOk(md, 'an empty price: not sold on that list');
  const audit = await app.db.query<{ action: string }>(
    `SELECT action FROM staff_audit WHERE entity = 'product' AND entity_id = 'VIB-STD-22'`,
  );
  t.ok(audit.some((a) => a.action === 'stock.count') && audit.some((a) => a.action === 'price.update'), 'audited');
});

t.test('products: an owner creates a product with a translation, edits it, takes it off sale; the shop follows', async (t) => {
  const owner = await staffMember(app, 'owner');
  const manager = await staffMember(app, 'manager');
  const [category] = await app.db.query<{ id: number; slug: string }>(`SELECT id, slug FROM categories WHERE slug = 'vibroizolyaciya'`);
  const fields = {
    sku: 'VIB-NEW-30',
    categoryId: String(category!.id),
    slug: '',
    title: 'Вибро Новинка 3,0',
    description: 'Лист 3 мм для пола.',
    active: 'on',
    attributes: 'thickness_mm = 3\nmaterial = бутил',
    title_en: 'Vibro Novelty 3.0',
    description_en: 'A 3 mm sheet for floors.',
  };
  t.equal((await staffPost(app, manager, '/staff/products', fields)).statusCode, 403, 'a manager does not edit the catalogue');
  const created = await staffPost(app, owner, '/staff/products', fields);
  t.equal(created.statusCode, 303);
  const id = /\/staff\/products\/(\d+)/.exec(created.headers.location as string)?.[1];
  const [row] = await app.db.query<{ slug: string; attributes: Record<string, unknown> }>(
    'SELECT slug, attributes FROM products WHERE id = $1',
    [id],
  );
  t.equal(row!.slug, 'vibro-novinka-3-0', 'the slug from the title');
  t.same(row!.attributes, { thickness_mm: 3, material: 'бутил' }, 'numbers as numbers');
  // Priced on the main site's list (the price grid), it is on sale there.
  await staffPost(app, manager, `/staff/stock/${id}`, { stock: '10', price_ru: '990' });
  const ru = await app.request({ url: `/vibroizolyaciya/${row!.slug}` });
  t.equal(ru.statusCode, 200);
  t.match(ru.body, /Вибро Новинка 3,0/);
  const en = await app.request({ url: `/en/vibroizolyaciya/${row!.slug}` });
  t.match(en.body, /Vibro Novelty 3\.0/, 'the English name on /en');

  const clash = await staffPost(app, owner, '/staff/products', { ...fields, title: 'Другой' });
  t.equal(clash.statusCode, 422, 'the same SKU twice');
  t.match(clash.body, /артикулом уже есть/);
  const badAttributes = await staffPost(app, owner, '/staff/products', { ...fields, sku: 'VIB-X', attributes: 'без ключа' });
  t.equal(badAttributes.statusCode, 422);
  t.match(badAttributes.body, /строка 1/);

  const { active: _a, ...offSale } = fields;
  const edited = await staffPost(app, owner, '/staff/products', { ...offSale, id: id!, title_en: '' });
  t.equal(edited.statusCode, 303);
  t.equal((await app.request({ url: `/vibroizolyaciya/${row!.slug}` })).statusCode, 404, 'off sale: not shown');
  const [translation] = await app.db.query('SELECT 1 FROM product_translations WHERE product_id = $1', [id]);
  t.notOk(translation, 'an emptied translation is removed');
  const audit = await app.db.query<{ action: string }>(
    `SELECT action FROM staff_audit WHERE entity = 'product' AND entity_id = 'VIB-NEW-30' ORDER BY id`,
  );
  t.same(
    audit.map((a) => a.action).filter((a) => a.startsWith('product.')),
    ['product.create', 'product.update'],
  );
});

t.test('the demo owner: created once with the published password, which signs in', async (t) => {
  const { DEMO_OWNER, seedDemoOwner } = await import('../server/demo/index.ts');
  t.equal(await seedDemoOwner(app.db), true);
  t.equal(await seedDemoOwner(app.db), false, 'never twice (a changed password is kept)');
  const signIn = await app.services.staff.signIn(DEMO_OWNER.email, DEMO_OWNER.password, staffIp());
  t.ok(signIn.ok && signIn.stage === 'enrol', 'signs in; the authenticator is enrolled next');
});

t.test('review fixes: stale counts, shipped goods, re-enrolment, self-reset, several sites, hostile text, next', async (t) => {
  const owner = await staffMember(app, 'owner');
  const manager = await staffMember(app, 'manager');
  const [product] = await app.db.query<{ id: number; stock: number }>(`SELECT id, stock FROM products WHERE sku = 'VIB-LT-18'`);
  // The grid showed `stock`; a checkout took units since; a price-only save leaves the stock alone.
  const shown = product!.stock;
  await placeOrder(app, app.visitor(), 'stale@example.ru', 'VIB-LT-18', 2);
  const priceOnly = await staffPost(app, manager, `/staff/stock/${product!.id}`, {
    stock: String(shown),
    stock_was: String(shown),
    price_ru: '333',
  });
  t.match(priceOnly.headers.location, /notice=stockSaved/);
  const [after] = await app.db.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [product!.id]);
  t.equal(after!.stock, shown - 2, 'the sale since the page was drawn stands');
  const stale = await staffPost(app, manager, `/staff/stock/${product!.id}`, { stock: '500', stock_was: String(shown) });
  t.match(stale.headers.location, /notice=stale_stock/, 'a count over a moved stock is refused');

  // A shipped order's units are gone: cancelling it gives nothing back.
  const { number } = await placeOrder(app, app.visitor(), 'shipped@example.ru', 'VIB-LT-18', 1);
  for (const to of ['confirmed', 'in_progress']) await staffPost(app, manager, `/staff/orders/${number}/status`, { to });
  await staffPost(app, manager, `/staff/orders/${number}/status`, { to: 'shipped', trackingNumber: 'RA2' });
  const [beforeCancel] = await app.db.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [product!.id]);
  await staffPost(app, manager, `/staff/orders/${number}/status`, { to: 'cancelled' });
  const [afterCancel] = await app.db.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [product!.id]);
  t.equal(afterCancel!.stock, beforeCancel!.stock, 'no phantom stock');

  // A half-open enrolment opened before the member enrolled cannot replace the authenticator afterwards.
  const { member, password } = await app.services.staff.add(
    { email: 'twice@staff.example', role: 'manager', sites: null },
    { id: null, email: 'test' },
  );
  const first = await app.services.staff.signIn(member.email, password, staffIp());
  const attacker = await app.services.staff.signIn(member.email, password, staffIp());
  if (!first.ok || !attacker.ok) return t.fail('signed in');
  const secrets = await app.db.query<{ pending_secret: string }>(
    'SELECT pending_secret FROM staff_sessions WHERE staff_id = $1 ORDER BY created_at',
    [member.id],
  );
  const { totpCode } = await import('../server/staff/totp.ts');
  t.ok(
    (await app.services.staff.enrol(first.sessionId, totpCode(secrets[0]!.pending_secret, Date.now()), staffIp())).ok,
    'the member enrols',
  );
  const late = await app.services.staff.enrol(attacker.sessionId, totpCode(secrets[1]!.pending_secret, Date.now()), staffIp());
  t.same(late, { ok: false, reason: 'expired' }, 'the other enrolment is stale');

  t.match((await staffPost(app, owner, `/staff/members/${owner.id}/reset`, {})).headers.location, /notice=self_reset/, 'no self-reset');
  const twoSites = await staffPost(app, owner, '/staff/members', { email: 'asia@staff.example', role: 'manager', sites: ['kz', 'kg'] });
  t.equal(twoSites.statusCode, 200);
  const [asia] = await app.db.query<{ sites: string[] }>(`SELECT sites FROM staff_members WHERE email = 'asia@staff.example'`);
  t.same(asia!.sites, ['kz', 'kg'], 'every ticked site');

  const testOnly = await staffMember(app, 'manager', ['test']);
  t.equal(
    (await staffPost(app, testOnly, `/staff/stock/${product!.id}`, { price_ru: '1' })).statusCode,
    403,
    'a list shared with another site is not a scoped member’s',
  );

  const nul = await app.request({
    method: 'POST',
    url: '/staff/sign-in',
    payload: { email: 'a\u0000@b.c', password: 'x' },
    headers: { 'content-type': 'application/json' },
  });
  t.equal(nul.statusCode, 400, 'a NUL byte is a 400, never a 500');
  const note = await staffPost(app, manager, `/staff/orders/${number}/status`, { to: 'cancelled', note: 'x\u0000y' });
  t.equal(note.statusCode, 400);
  t.equal((await app.request({ url: '/staff/orders?from=0000-01-01', headers: { cookie: manager.cookie } })).statusCode, 400, 'year 0');
  const crlf = await app.request({ url: '/staff/sign-in?next=%2Fstaff%2F%0D%0ASet-Cookie%3Ax' });
  t.equal(crlf.statusCode, 400, 'a line break in next is refused and named');
  const cyrillic = await app.request({ url: `/staff/sign-in?next=${encodeURIComponent('/staff/orders?q=Анна')}` });
  t.match(
    cyrillic.body,
    /name="next" value="\/staff\/orders\?q=%D0%90%D0%BD%D0%BD%D0%B0"/,
    'the next address is normalised (percent-encoded)',
  );
});
