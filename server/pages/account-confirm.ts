/**
 * /account/confirm: the mailed link that confirms an address — a new account's (?token=…) or a new e-mail's
 * (?purpose=email&token=…). As /auth/reset, the link is bound to the session and the page continues without the
 * secret in its address; a button (with the site token: no state changes on a GET, and a mail scanner's visit uses
 * nothing) confirms. In the browser that asked for the link the visitor is then signed in (session rotated); in
 * another one the page says the account's sessions ended and how to get the earlier orders (decision 034).
 */
import { redirect } from 'react-router-dom';
import { z } from 'zod';
import { fieldError } from './helpers/account-forms.ts';
import { type ActionArgs, continueTo, type LoaderArgs, mutationFailed, queryObject, readForm } from './helpers/route-module.ts';

const purposeOf = (value: string | undefined) => (value === 'email' ? 'email' : 'confirm');

export async function loader({ request, context }: LoaderArgs) {
  const query = queryObject(request);
  const purpose = purposeOf(query.purpose);
  const here = purpose === 'email' ? '/account/confirm?purpose=email' : '/account/confirm';
  if (query.token !== undefined) {
    await context.services.accounts.openLink(purpose, query.token.slice(0, 200), context.session.id);
    context.effects.session = context.session.id;
    return redirect(here, 303);
  }
  return {
    purpose,
    done: query.done === '1',
    /** Confirmed from a browser other than the registrant's: the account's sessions ended, guest orders held back. */
    held: query.done === '1' && query.held === '1',
    signedIn: context.session.snapshot.userId !== null,
    link: query.done === '1' ? null : await context.services.accounts.openedLink(purpose, context.session.id),
  };
}

export const confirmForm = z.object({ purpose: z.enum(['confirm', 'email']).optional() });

export async function action(args: ActionArgs) {
  const { request, context } = args;
  const form = await readForm(request, confirmForm);
  if (!form.ok) return mutationFailed(args, form, undefined, '/account/confirm', form.result, 400);
  const purpose = form.data.purpose ?? 'confirm';
  const result = await context.services.accounts.confirm(purpose, context.session.id, context.session.snapshot.userId);
  if (!result.ok) {
    const key = result.reason === 'taken' ? 'account.errors.emailTaken' : 'account.errors.linkInvalid';
    return mutationFailed(
      args,
      form,
      undefined,
      purpose === 'email' ? '/account/confirm?purpose=email' : '/account/confirm',
      fieldError('', key, form.values),
      result.reason === 'taken' ? 409 : 410,
    );
  }
  if (result.sessionId) context.effects.session = result.sessionId;
  return continueTo(
    args,
    undefined,
    `/account/confirm?${purpose === 'email' ? 'purpose=email&' : ''}done=1${result.held ? '&held=1' : ''}`,
  );
}
