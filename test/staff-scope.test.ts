/**
 * Site scope and what serves every site (decision 049, roles.ts mayUse): a member scoped to some sites may read the
 * catalogue and the calculator's tables but change neither — they are every site's — and does not enter the members'
 * page or the audit log. Generated from the route table, so a new all-sites page cannot escape the rule.
 */
import t from 'tap';
import { ALL_SITES_AREAS, mayEnter } from '../server/staff/roles.ts';
import { STAFF_ROUTES } from '../server/staff/routes/index.tsx';
import { startTestApp } from './helpers/app.ts';
import { staffMember, staffPost } from './helpers/staff.ts';

const app = await startTestApp(t);
const SAMPLE: Record<string, string> = { id: '1', number: '0000-0000', kind: 'message' };
const urlOf = (pattern: string) => pattern.replace(/:(\w+)/g, (_, k: string) => SAMPLE[k] ?? '1');

t.test('a Kazakh owner reads the catalogue and the calculator, changes neither, and has no members or audit log', async (t) => {
  const kazakhOwner = await staffMember(app, 'owner', ['kz']);
  const owner = await staffMember(app, 'owner');
  const routes = STAFF_ROUTES.filter((r) => r.access !== 'public' && ALL_SITES_AREAS.includes(r.access));
  t.ok(routes.length >= 10, `${routes.length} routes of all-sites areas`);
  for (const route of routes) {
    const url = urlOf(route.url);
    const name = `${route.method} ${route.url}`;
    const res =
      route.method === 'GET'
        ? await app.request({ url, headers: { cookie: kazakhOwner.cookie } })
        : await staffPost(app, kazakhOwner, url, { title: 'x', role: 'owner', email: 'escalate@staff.example' });
    const readable = route.method === 'GET' && (route.access === 'catalogue' || route.access === 'calculator');
    if (readable) t.not(res.statusCode, 403, `${name}: readable by a scoped owner (${res.statusCode})`);
    else t.equal(res.statusCode, 403, `${name}: refused to a scoped owner`);
  }
  const menu = (await app.request({ url: '/staff', headers: { cookie: kazakhOwner.cookie } })).body;
  t.notMatch(menu, 'href="/staff/members"', 'no members in the menu');
  t.notMatch(menu, 'href="/staff/audit"', 'no audit log in the menu');
  t.match(menu, 'href="/staff/products"', 'the catalogue is there to read');
  const full = (await app.request({ url: '/staff', headers: { cookie: owner.cookie } })).body;
  t.match(full, 'href="/staff/members"', 'an unscoped owner has them');
  t.ok(mayEnter('owner', 'staff'));
});

t.test('a scoped owner cannot make themselves unscoped', async (t) => {
  const kazakhOwner = await staffMember(app, 'owner', ['kz']);
  const res = await staffPost(app, kazakhOwner, `/staff/members/${kazakhOwner.id}`, { role: 'owner' });
  t.equal(res.statusCode, 403);
  const [row] = await app.db.query<{ sites: string[] | null }>('SELECT sites FROM staff_members WHERE id = $1', [kazakhOwner.id]);
  t.same(row!.sites, ['kz'], 'still scoped');
});
