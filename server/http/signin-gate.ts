/**
 * Sign-in posts the line of password hashes cannot take are refused before any other work (decision 038, addendum).
 *
 * The line (server/accounts/passwords.ts) already refuses a flood's hashes, but a refused sign-in still cost a whole
 * action: the session read, the site token, the router's match, the form's parsing — about as much as a page. Thirty
 * addresses posting wrong passwords as fast as they are answered then filled the event loop and the embedded
 * database's one connection with refusals, and a shopper's sign-in page and post waited behind them (npm run bench --
 * signin). Here, before the session is read:
 *  - a client address told to wait (Retry-After) that comes back sooner is told again, with what is left;
 *  - a client address the line would refuse now is told to wait, and remembered until then.
 * Each refusal counts against the address's place in the line (HashQueue.noteRefused): an address that keeps
 * hammering sinks behind one that tries once. Both answers are what the action itself would answer for a busy line: for the hydrated form the action's result
 * (the form shows "auth.busy"), for a form posted without JavaScript a small page with a way back; 503, Retry-After.
 *
 * The memory is this process's, like the line it protects (each pod has its own hashes to run); it is not a rate
 * limit — those are kept in the database (server/limits/) and still count every attempt that reaches a hash.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../shared/escape-html.ts';
import { messages } from '../../shared/locales/index.ts';
import type { Language } from '../../shared/sites.ts';
import { hashQueue } from '../accounts/index.ts';
import { addressKey } from '../limits/index.ts';

/** The route whose action signs in (shared/routes.ts). */
const SIGN_IN_ROUTE = 'auth';
/** Addresses remembered at most (a flood from ever new addresses must not grow memory without end). */
const MAX_REMEMBERED = 10_000;

/** Until when (ms since the epoch) each address was told to wait. */
const toldToWait = new Map<string, number>();

/** The path of a sign-in post, or null: `/auth` or `/_data/auth`, under the request's language prefix. */
function isSignInPost(request: FastifyRequest): { data: boolean } | null {
  if (request.method !== 'POST') return null;
  let path = request.url.split('?')[0]!;
  const data = path.startsWith('/_data/');
  if (data) path = path.slice('/_data'.length);
  const base = request.basename === '/' ? '' : request.basename;
  return path === `${base}/${SIGN_IN_ROUTE}` ? { data } : null;
}

/** Seconds this address must still wait, or null when its sign-in may go on to the action. */
function waitFor(address: string, now: number): number | null {
  const until = toldToWait.get(address);
  if (until !== undefined && until > now) return Math.ceil((until - now) / 1000);
  if (until !== undefined) toldToWait.delete(address);
  if (hashQueue.admits(address)) return null;
  const seconds = hashQueue.retryAfterSeconds();
  if (toldToWait.size >= MAX_REMEMBERED) for (const [key, t] of toldToWait) if (t <= now) toldToWait.delete(key);
  if (toldToWait.size < MAX_REMEMBERED) toldToWait.set(address, now + seconds * 1000);
  return seconds;
}

/** The page a form posted without JavaScript gets: the busy message in its language and a way back to the form. */
function busyPage(language: Language, back: string): string {
  const text = (messages[language].auth as Record<string, string>).busy!;
  const backLabel = (messages[language].form as Record<string, string>).back!;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>503 — ТихоАвто</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#1f2933}
main{text-align:center;padding:2rem}h1{font-size:1.5rem}a{color:#2e7d32}</style></head>
<body><main><h1>${escapeHtml(text)}</h1><p><a href="${escapeHtml(back)}">${escapeHtml(backLabel)}</a></p></main></body></html>`;
}

/**
 * The onRequest hook (after the request's site and language are known, before anything reads the session);
 * `htmlHeaders` gives a static page's security headers (its CSP).
 */
export const signInGate =
  (htmlHeaders: (request: FastifyRequest) => Record<string, string>) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const post = isSignInPost(request);
    if (!post) return undefined;
    const address = addressKey(request.ip);
    const seconds = waitFor(address, Date.now());
    if (seconds === null) return undefined;
    hashQueue.noteRefused(address);
    request.log.info({ retryAfter: seconds }, 'sign-in shed: the password checks are busy');
    reply.code(503).header('retry-after', String(seconds)).header('cache-control', 'no-store');
    if (post.data) {
      // The action's own answer for a busy line (server/pages/auth.ts REFUSALS.busy), without running it.
      return reply.send({ results: { [SIGN_IN_ROUTE]: { data: { ok: false, errors: { '': 'auth.busy' }, values: {} }, status: 503 } } });
    }
    const back = request.basename === '/' ? `/${SIGN_IN_ROUTE}` : `${request.basename}/${SIGN_IN_ROUTE}`;
    return reply.type('text/html; charset=utf-8').headers(htmlHeaders(request)).send(busyPage(request.siteLanguage, back));
  };

/** Forgets every address told to wait (tests). */
export function resetSignInGate(): void {
  toldToWait.clear();
}
