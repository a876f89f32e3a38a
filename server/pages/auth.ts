/**
 * /auth: signing in (spec §6: the auth guard sends a signed-in visitor on to /personal).
 * The action checks the e-mail and password; on success the session rotates and the visitor goes on to `next`.
 */
import { z } from 'zod';
import type { GuardName } from '../../shared/routes.ts';
import { safeLocalPath } from '../../shared/safe-path.ts';
import { plainText } from '../../shared/text.ts';
import { type ActionArgs, continueTo, type LoaderArgs, mutationFailed, queryObject, readForm } from './helpers/route-module.ts';

export const guard: GuardName = 'auth';

export async function loader({ request, context }: LoaderArgs) {
  return {
    // Only a local path may be a return target: no open redirect through ?next=.
    next: safeLocalPath(queryObject(request).next),
    /** The regional sites the one account works on (the page says so). */
    sites: context.services.sites.all.filter((s) => !s.isTest).map((s) => s.host),
  };
}

/** The sign-in form; messages are keys of shared/locales. */
export const signInForm = z.object({
  email: plainText({ missing: 'auth.emailInvalid', invalid: 'auth.emailInvalid' }).pipe(
    z.email('auth.emailInvalid').max(254, 'auth.emailInvalid'),
  ),
  password: plainText({ missing: 'form.required', invalid: 'auth.failed' }).min(1, 'form.required').max(200, 'auth.failed'),
  next: plainText().max(2000).optional(),
});

/** A refused sign-in's message (a locale key) and status. */
const REFUSALS = {
  invalid: ['auth.failed', 401],
  rate_limited: ['auth.tooMany', 429],
  busy: ['auth.busy', 503],
} as const;

export async function action(args: ActionArgs) {
  const { request, context } = args;
  const form = await readForm(request, signInForm, ['password']);
  if (!form.ok) return mutationFailed(args, form, form.values.next, '/auth', form.result, 400);
  const { email, password, next } = form.data;
  // The request's signal: a visitor who left is not checked (its hash is dropped from the line).
  const result = await context.services.auth.login(email, password, context.clientAddress, context.session.id, request.signal);
  if (!result.ok) {
    // Slowed down (docs: README "Operations") or the password checks are busy: the answer says when to try again.
    if (result.reason !== 'invalid') context.effects.retryAfterSeconds = result.retryAfterSeconds;
    const [key, status] = REFUSALS[result.reason];
    const failed = { ok: false, errors: { '': key }, values: form.values };
    // Back to the form (keeping ?next=), which says what went wrong.
    const back = '/auth' + (safeLocalPath(next) ? '?' + new URLSearchParams({ next: next! }) : '');
    return mutationFailed(args, form, undefined, back, failed, status);
  }
  context.effects.session = result.sessionId;
  return continueTo(args, next, '/personal');
}
