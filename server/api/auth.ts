/**
 * Sign-in and sign-out (not in the spec). JSON for the page's scripts; a form post (no JavaScript) gets a 303
 * back to the form or on to `next`. Both rotate the session: a new `sid` cookie and a new `_token` cookie.
 * The site token is required (CSRF; a refused sign-in is not even tried).
 *
 * ── TO BE REPLACED by React Router actions (issue 8, point 3): this whole file goes then. ──
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { safeLocalPath } from '../../shared/safe-path.ts';
import { setSessionCookie } from '../http/request-context.ts';
import { FORM_OR_JSON, isFormPost, jsonBody, localTarget, nextPath, siteToken } from './common.ts';

const loginBody = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(200),
  next: nextPath,
  token: siteToken.optional(),
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const tags = ['auth'];

  app.post(
    '/api/auth/login',
    { schema: { tags, summary: 'Sign in: the user and the new session\'s site token', consumes: FORM_OR_JSON, body: jsonBody(loginBody) } },
    async (request, reply) => {
      const { body } = request;
      const result = await services.auth.login(body.email, body.password, request.ip, request.sessionId);
      const isForm = isFormPost(request);
      if (!result.ok) {
        const status = result.reason === 'rate_limited' ? 429 : 401;
        if (result.reason === 'rate_limited') reply.header('retry-after', String(result.retryAfterSeconds));
        if (isForm) {
          // Back to the form, which says what went wrong (the page works without JavaScript).
          const params = new URLSearchParams({ failed: result.reason === 'rate_limited' ? 'limit' : 'credentials' });
          const next = safeLocalPath(body.next);
          if (next) params.set('next', next);
          return reply.redirect(`${localTarget(request, '/auth')}?${params}`, 303);
        }
        return reply.code(status).send({
          statusCode: status,
          error: result.reason,
          message: result.reason === 'rate_limited' ? 'Too many failed attempts; try again later' : 'Wrong e-mail or password',
        });
      }
      setSessionCookie(request, reply, result.sessionId);
      if (isForm) return reply.redirect(safeLocalPath(body.next) ?? localTarget(request, '/personal'), 303);
      return { data: { user: result.user, token: services.sessions.tokenFor(result.sessionId) } };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: the visitor continues under a new session',
        consumes: FORM_OR_JSON,
        body: jsonBody(z.object({ token: siteToken.optional() })),
      },
    },
    async (request, reply) => {
      const sessionId = await services.auth.logout(request.sessionId);
      setSessionCookie(request, reply, sessionId);
      if (isFormPost(request)) return reply.redirect(localTarget(request, '/'), 303);
      return { data: { signedIn: false, token: services.sessions.tokenFor(sessionId) } };
    },
  );
};
