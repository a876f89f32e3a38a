/** Acting as the shop's staff in tests (decision 049): members made through the service, signed in over HTTP. */
import type { LightMyRequestResponse } from 'fastify';
import { STAFF_COOKIE } from '../../server/http/staff.ts';
import type { StaffRole } from '../../server/staff/roles.ts';
import { totpCode } from '../../server/staff/totp.ts';
import type { TestApp } from './app.ts';

export { placeOrder } from './order.ts';

export interface StaffAgent {
  id: number;
  email: string;
  password: string;
  secret: string;
  cookie: string;
  token: string;
}

let seq = 0;
/** A distinct client address per sign-in: the staff limits are per address. */
export const staffIp = () => `198.18.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;

export function staffCookieOf(res: LightMyRequestResponse): string | undefined {
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const raw = set.find((c) => c.startsWith(`${STAFF_COOKIE}=`));
  const value = raw?.split(';')[0]?.slice(STAFF_COOKIE.length + 1);
  return value ? `${STAFF_COOKIE}=${value}` : undefined;
}

/** The second-factor code for the member's secret, one step ahead (the step just used at enrolment is spent). */
export const codeFor = (secret: string, stepsAhead = 1) => totpCode(secret, Date.now() + stepsAhead * 30_000);

/** Adds a member and signs them in through every step (password, enrolment of a new authenticator); ready to act. */
export async function staffMember(app: TestApp, role: StaffRole, sites: string[] | null = null): Promise<StaffAgent> {
  const email = `${role}${++seq}@staff.example`;
  const { member, password } = await app.services.staff.add({ email, role, sites }, { id: null, email: 'test' });
  const signIn = await app.request({
    method: 'POST',
    url: '/staff/sign-in',
    payload: { email, password },
    headers: { 'content-type': 'application/json' },
    remoteAddress: staffIp(),
  });
  const pending = staffCookieOf(signIn);
  if (signIn.statusCode !== 303 || !pending) throw new Error(`sign-in: ${signIn.statusCode} ${signIn.body}`);
  const [row] = await app.db.query<{ pending_secret: string }>(
    `SELECT pending_secret FROM staff_sessions WHERE staff_id = $1 AND stage = 'enrol'`,
    [member.id],
  );
  const secret = row!.pending_secret;
  const enrolToken = await tokenOf(app, pending, '/staff/sign-in/enrol');
  const enrol = await app.request({
    method: 'POST',
    url: '/staff/sign-in/enrol',
    payload: { _token: enrolToken, code: totpCode(secret, Date.now()) },
    headers: { 'content-type': 'application/json', cookie: pending },
  });
  const cookie = staffCookieOf(enrol);
  if (enrol.statusCode !== 200 || !cookie) throw new Error(`enrol: ${enrol.statusCode} ${enrol.body}`);
  return { id: member.id, email, password, secret, cookie, token: await tokenOf(app, cookie, '/staff') };
}

/** The form token a staff page carries (read from the page, as a browser's form would). */
export async function tokenOf(app: TestApp, cookie: string, path: string): Promise<string> {
  const res = await app.request({ url: path, headers: { cookie } });
  const token = /name="_token" value="([^"]+)"/.exec(res.body)?.[1];
  if (!token) throw new Error(`no token on ${path}: ${res.statusCode}`);
  return token;
}

/** A staff form post (urlencoded, as the browser sends it) with the member's token unless `token` is given. */
export function staffPost(app: TestApp, agent: StaffAgent, url: string, fields: Record<string, string | string[]>, token?: string) {
  const body = new URLSearchParams();
  body.set('_token', token ?? agent.token);
  for (const [k, v] of Object.entries(fields)) for (const one of ([] as string[]).concat(v)) body.append(k, one);
  return app.request({
    method: 'POST',
    url,
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: agent.cookie },
  });
}
