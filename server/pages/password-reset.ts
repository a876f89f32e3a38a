/**
 * /auth/reset: a new password through the mailed link. The link (?token=…) is bound to this browser's session and
 * the page continues at /auth/reset without it (no secret in history, Referer or a tag's page address). The form
 * sets the password: the link is used up, every session of the account is signed out, this visitor is signed in on a
 * new session and goes on to /personal.
 */
import { redirect } from 'react-router-dom';
import { z } from 'zod';
import { fieldError, mailContext, newPasswordField } from './helpers/account-forms.ts';
import { type ActionArgs, continueTo, type LoaderArgs, mutationFailed, queryObject, readForm } from './helpers/route-module.ts';

export async function loader({ request, context }: LoaderArgs) {
  const { token } = queryObject(request);
  if (token !== undefined) {
    await context.services.accounts.openLink('reset', token.slice(0, 200), context.session.id);
    // The session the link is bound to must reach the browser even on its first visit.
    context.effects.session = context.session.id;
    return redirect('/auth/reset', 303);
  }
  return { link: await context.services.accounts.openedLink('reset', context.session.id) };
}

export const resetForm = z.object({ password: newPasswordField });

export async function action(args: ActionArgs) {
  const { request, context } = args;
  const form = await readForm(request, resetForm, ['password']);
  if (!form.ok) return mutationFailed(args, form, undefined, '/auth/reset', form.result, 400);
  const link = await context.services.accounts.openedLink('reset', context.session.id);
  if (link?.state !== 'valid')
    return mutationFailed(args, form, undefined, '/auth/reset', fieldError('', 'account.errors.linkInvalid', form.values), 410);
  // The password rule is checked by the service, with the e-mail the link was sent to.
  const result = await context.services.accounts.resetPassword(context.session.id, form.data.password, mailContext(context));
  if (!result.ok && result.problem)
    return mutationFailed(args, form, undefined, '/auth/reset', fieldError('password', result.problem, form.values), 400);
  if (!result.ok)
    return mutationFailed(args, form, undefined, '/auth/reset', fieldError('', 'account.errors.linkInvalid', form.values), 410);
  context.effects.session = result.sessionId;
  return continueTo(args, undefined, '/personal');
}
