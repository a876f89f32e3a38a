/**
 * /auth/forgot ('Забыли пароль?'): a reset link by mail. Every address gets the same answer ("if an account has this
 * address, a link is on its way"), known or not; requests per client address and mails per recipient are limited.
 */
import { z } from 'zod';
import { emailField, fieldError, mailContext } from './helpers/account-forms.ts';
import { type ActionArgs, continueTo, type LoaderArgs, mutationFailed, queryObject, readForm } from './helpers/route-module.ts';

export async function loader({ request }: LoaderArgs) {
  return { sent: queryObject(request).sent === '1' };
}

export const forgotForm = z.object({ email: emailField });

export async function action(args: ActionArgs) {
  const { request, context } = args;
  const form = await readForm(request, forgotForm);
  if (!form.ok) return mutationFailed(args, form, undefined, '/auth/forgot', form.result, 400);
  const result = await context.services.accounts.requestReset(form.data.email, { ip: context.clientAddress }, mailContext(context));
  if (!result.ok) {
    context.effects.retryAfterSeconds = result.retryAfterSeconds;
    return mutationFailed(args, form, undefined, '/auth/forgot', fieldError('', 'account.errors.tooMany', form.values), 429);
  }
  return continueTo(args, undefined, '/auth/forgot?sent=1');
}
