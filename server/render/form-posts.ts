/**
 * What the renderer does around a route action (docs/decisions/021-router-actions.md): the posted fields, the site
 * token check (CSRF) before any action runs, and the answer's effects — a rotated session, Retry-After, and the flash
 * that carries a no-JavaScript form's outcome to the page it returns to.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FLASH_COOKIE } from '../../shared/contracts.ts';
import { safeLocalPath } from '../../shared/safe-path.ts';
import type { RenderHost, RequestFacts } from './host.ts';
import type { Flash, RouterContext } from './route-module.ts';
import { formRefusedPage } from './static-pages.ts';

/** A form post as the router sees it: urlencoded fields (strings only; the first of repeated keys). */
export type FormFields = Record<string, string>;

/** The flash cookie's content, checked: a forged or stale cookie is simply ignored. */
const flashSchema = z.object({
  form: z.string().max(100),
  result: z.object({
    ok: z.boolean(),
    errors: z.record(z.string(), z.string().max(100)).optional(),
    values: z.record(z.string(), z.string().max(2000)).optional(),
  }),
});
const FLASH_MAX_AGE_S = 120;

/** A posted body as form fields: strings only (a JSON body's other values are ignored), the first of an array. */
export function formFields(body: unknown): FormFields {
  const fields: FormFields = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fields;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') fields[key] = first;
    else if (typeof first === 'number' || typeof first === 'boolean') fields[key] = String(first);
  }
  return fields;
}

/** The flash a no-JS form post left for this page: read once (the answer clears it). */
export function readFlash(request: FastifyRequest): Flash | null {
  const raw = request.cookies[FLASH_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const parsed = flashSchema.safeParse(JSON.parse(unsigned.value));
    return parsed.success ? (parsed.data as Flash) : null;
  } catch {
    return null;
  }
}

/** Applies what the loaders and action asked for (a new session, a flash) and clears a flash that was shown. */
export function applyEffects(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: RouterContext,
  facts: RequestFacts,
  host: Pick<RenderHost<RouterContext>, 'setSessionCookie'>,
): void {
  if (ctx.effects.session) host.setSessionCookie(request, reply, ctx.effects.session);
  if (ctx.effects.retryAfterSeconds !== undefined) reply.header('retry-after', String(ctx.effects.retryAfterSeconds));
  const flashOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: facts.secureCookies } as const;
  if (ctx.effects.flash) {
    reply.setCookie(FLASH_COOKIE, JSON.stringify(ctx.effects.flash), { ...flashOptions, signed: true, maxAge: FLASH_MAX_AGE_S });
  } else if (request.cookies[FLASH_COOKIE]) {
    reply.clearCookie(FLASH_COOKIE, flashOptions);
  }
}

/** Refuses a state-changing request without this session's site token (CSRF); answers whether it did. */
export function refuseWithoutToken(
  request: FastifyRequest,
  reply: FastifyReply,
  fields: FormFields,
  facts: RequestFacts,
  document: boolean,
  host: Pick<RenderHost<RouterContext>, 'verifyToken' | 'issueSessionCookie' | 'htmlHeaders'>,
): boolean {
  const header = request.headers['x-csrf-token'];
  const given = fields.token || (typeof header === 'string' ? header : '');
  const valid = !!given && host.verifyToken(request, given);
  if (valid) return false;
  const code = given ? 'token_invalid' : 'token_required';
  if (!document) {
    const message = given ? 'The site token does not belong to this session' : 'The site token (token) is required';
    reply.code(403).header('cache-control', 'no-store').send({ statusCode: 403, error: code, message });
    return true;
  }
  // Without JavaScript: a page that says the form expired, with a way back to the page it came from.
  const back = safeLocalPath(fields.next) ?? (facts.basename === '/' ? '/' : facts.basename);
  host.issueSessionCookie(request, reply);
  reply
    .code(403)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .headers(host.htmlHeaders(request, 'static'))
    .send(formRefusedPage(facts.language, 'expired', back));
  return true;
}
