/** The back office's routes — Sign-in: the password, the second factor, enrolment, recovery codes, sign-out. */
import { z } from 'zod';
import { totpUri } from '../totp.ts';
import { CodePage, EnrolPage, RecoveryCodesPage, SignInPage } from '../views/sign-in.tsx';
import { NOTICES, nextPath, noticeOf, page, type StaffRoute, text } from './common.tsx';

export const signInRoutes: StaffRoute[] = [
  // ---- sign-in -----------------------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/sign-in',
    access: 'public',
    schema: { querystring: z.object({ next: text().max(500).optional(), notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      if (ctx.session?.stage === 'active') return reply.redirect('/staff', 303);
      const { next } = request.query as { next?: string };
      return page(
        reply,
        <SignInPage nonce={request.cspNonce} assets={ctx.assets} next={next && nextPath(next)} notice={noticeOf(request)} />,
      );
    },
  },
  {
    method: 'POST',
    url: '/staff/sign-in',
    access: 'public',
    tokenless: true,
    schema: {
      body: z.object({ email: text().trim().max(254), password: text().max(200), next: text().max(500).optional() }),
    },
    async handler(ctx, request, reply) {
      const { email, password, next } = request.body as { email: string; password: string; next?: string };
      const result = await ctx.staff.signIn(email, password, request.ip);
      if (!result.ok) {
        if (result.reason !== 'invalid') reply.header('retry-after', String(result.retryAfterSeconds));
        const notice =
          result.reason === 'invalid'
            ? NOTICES.invalid!
            : { kind: 'error' as const, text: `Слишком много попыток. Повторите через ${result.retryAfterSeconds} с.` };
        const status = result.reason === 'invalid' ? 401 : result.reason === 'busy' ? 503 : 429;
        return page(reply, <SignInPage nonce={request.cspNonce} assets={ctx.assets} email={email} notice={notice} />, status);
      }
      ctx.setSession(result.sessionId);
      const step = result.stage === 'enrol' ? '/staff/sign-in/enrol' : '/staff/sign-in/code';
      return reply.redirect(next ? `${step}?next=${encodeURIComponent(nextPath(next))}` : step, 303);
    },
  },
  {
    method: 'GET',
    url: '/staff/sign-in/code',
    access: 'public',
    schema: { querystring: z.object({ next: text().max(500).optional(), notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      if (ctx.session?.stage !== 'second_factor') return reply.redirect('/staff/sign-in?notice=expired', 303);
      const { next } = request.query as { next?: string };
      const token = ctx.staff.tokenFor(ctx.sessionId!);
      return page(
        reply,
        <CodePage nonce={request.cspNonce} assets={ctx.assets} token={token} next={next && nextPath(next)} notice={noticeOf(request)} />,
      );
    },
  },
  {
    method: 'POST',
    url: '/staff/sign-in/code',
    access: 'public',
    schema: { body: z.object({ _token: text().max(100), code: text().max(40), next: text().max(500).optional() }) },
    async handler(ctx, request, reply) {
      const { code, next } = request.body as { code: string; next?: string };
      if (!ctx.sessionId) return reply.redirect('/staff/sign-in?notice=expired', 303);
      const result = await ctx.staff.verifyCode(ctx.sessionId, code, request.ip);
      if (!result.ok) {
        if (result.reason === 'expired') return reply.redirect('/staff/sign-in?notice=expired', 303);
        const token = ctx.staff.tokenFor(ctx.sessionId);
        const notice =
          result.reason === 'locked'
            ? {
                kind: 'error' as const,
                text: `Слишком много неверных кодов. Вход заблокирован на ${Math.ceil(result.retryAfterSeconds / 60)} мин.`,
              }
            : NOTICES.code!;
        if (result.reason === 'locked') reply.header('retry-after', String(result.retryAfterSeconds));
        return page(
          reply,
          <CodePage nonce={request.cspNonce} assets={ctx.assets} token={token} notice={notice} />,
          result.reason === 'locked' ? 429 : 401,
        );
      }
      ctx.setSession(result.sessionId);
      return reply.redirect(nextPath(next), 303);
    },
  },
  {
    method: 'GET',
    url: '/staff/sign-in/enrol',
    access: 'public',
    async handler(ctx, request, reply) {
      if (ctx.session?.stage !== 'enrol' || !ctx.session.pendingSecret) return reply.redirect('/staff/sign-in?notice=expired', 303);
      const secret = ctx.session.pendingSecret;
      const token = ctx.staff.tokenFor(ctx.sessionId!);
      return page(
        reply,
        <EnrolPage
          nonce={request.cspNonce}
          assets={ctx.assets}
          token={token}
          secret={secret}
          uri={totpUri(secret, ctx.session.member.email)}
          notice={noticeOf(request)}
        />,
      );
    },
  },
  {
    method: 'POST',
    url: '/staff/sign-in/enrol',
    access: 'public',
    schema: { body: z.object({ _token: text().max(100), code: text().max(20) }) },
    async handler(ctx, request, reply) {
      if (!ctx.sessionId) return reply.redirect('/staff/sign-in?notice=expired', 303);
      const result = await ctx.staff.enrol(ctx.sessionId, (request.body as { code: string }).code, request.ip);
      if (!result.ok) {
        if (result.reason === 'expired') return reply.redirect('/staff/sign-in?notice=expired', 303);
        return reply.redirect('/staff/sign-in/enrol?notice=code', 303);
      }
      ctx.setSession(result.sessionId);
      // Shown once, in this answer (no-store): the codes are kept only as hashes.
      return page(reply, <RecoveryCodesPage nonce={request.cspNonce} assets={ctx.assets} codes={result.recoveryCodes ?? []} />);
    },
  },
  {
    method: 'POST',
    url: '/staff/sign-out',
    access: 'dashboard',
    schema: { body: z.object({ _token: text().max(100) }) },
    async handler(ctx, request, reply) {
      await ctx.staff.signOut(ctx.sessionId!, request.ip);
      ctx.clearSession();
      return reply.redirect('/staff/sign-in?notice=signedOut', 303);
    },
  },
];
