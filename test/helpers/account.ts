/**
 * Acting as a shopper with an account in tap tests: registering, reading the mails the outbox holds (until the mail
 * worker's fake SMTP server is wired in, the outbox row is what the SMTP server would receive), following their links,
 * and the visitor an answer's new session cookie makes.
 */
import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../server/http/request-context.ts';
import type { TestApp, Visitor } from './app.ts';

export interface Mail {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  language: string;
  site: string;
}

/**
 * The mails queued for `to` (newest last), optionally of one kind ('account.confirm' …). Reset requests still queued
 * are handled first, as the server does right after answering them (AccountService.sendResetLinks); one the server's
 * own timer is handling (on PostgreSQL, in another connection) leaves the table when its mail is committed.
 */
export async function mailsTo(app: TestApp, to: string, kind?: string): Promise<Mail[]> {
  await app.services.accounts.sendResetLinks();
  for (let i = 0; i < 100; i++) {
    const [queued] = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reset_requests');
    if (!queued!.n) break;
    await new Promise((done) => setTimeout(done, 50));
  }
  return app.db.query<Mail>(
    `SELECT id::int, kind, recipient, subject, text_body, language, site FROM outbox
      WHERE lower(recipient) = lower($1) AND ($2::text IS NULL OR kind = $2) ORDER BY id`,
    [to, kind ?? null],
  );
}

/** The one link of a mail, as a local path with its query (the host is the site's canonical one). */
export function linkIn(mail: Mail): { url: URL; path: string } {
  const m = /https:\/\/\S+/.exec(mail.text_body);
  if (!m) throw new Error(`no link in mail ${mail.kind}: ${mail.text_body}`);
  const url = new URL(m[0]);
  return { url, path: url.pathname + url.search };
}

/** The visitor an answer's new session cookie makes (sign-in, confirmation, reset …), or undefined when it set none. */
export function visitorOf(app: TestApp, res: LightMyRequestResponse): Visitor | undefined {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) return undefined;
  const unsigned = app.fastify.unsignCookie(cookie.value);
  if (!unsigned.valid || !unsigned.value) return undefined;
  return { sessionId: unsigned.value, cookie: `${SESSION_COOKIE}=${cookie.value}`, token: app.services.sessions.tokenFor(unsigned.value) };
}

/** Where an action sent the visitor: the router's redirect (with JavaScript) or the 303's Location (without). */
export function redirectOf(res: LightMyRequestResponse, js: boolean): string | undefined {
  if (js) return res.statusCode === 200 ? res.json().redirect : undefined;
  return res.statusCode === 303 ? (res.headers.location as string) : undefined;
}

/** An action's refusal in the fetcher envelope: status and errors. */
export function refusalOf(res: LightMyRequestResponse, route: string): { status: number; errors: Record<string, string> } {
  const result = res.json().results[route] as { data: { errors: Record<string, string> }; status: number };
  return { status: result.status, errors: result.data.errors };
}

export const REGISTRATION = {
  _form: 'register',
  name: 'Анна Петрова',
  phone: '8 (912) 345-67-89',
  password: 'Тихо-авто 2024!',
  consent: 'on',
};

let ipCounter = 0;
/** A client address of its own for each caller, so per-address limits of one test never reach another. */
export const freshIp = () => `203.0.113.${(++ipCounter % 250) + 1}`;

/** Registers `email` from a visitor (with JavaScript): the answer. */
export function register(
  app: TestApp,
  v: Visitor,
  email: string,
  fields: Record<string, string> = {},
  opts: { js?: boolean; ip?: string; host?: string } = {},
) {
  return app.submit({
    path: '/register',
    as: v,
    js: opts.js ?? true,
    ip: opts.ip ?? freshIp(),
    host: opts.host,
    fields: { ...REGISTRATION, email, ...fields },
  });
}

/** Opens a mailed link in the visitor's browser (the page binds it to the session and drops it from the address). */
export async function openLink(app: TestApp, v: Visitor, path: string, host?: string): Promise<LightMyRequestResponse> {
  return app.request({ url: path, as: v, host });
}
