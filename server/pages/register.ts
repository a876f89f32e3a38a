/**
 * /register: a new account (docs/decisions/026-accounts.md). Name, e-mail, phone (optional, normalised for the
 * site's country), password (rules checked here; the page shows its strength), consent to personal-data processing
 * (152-FZ, required) and to marketing mail (optional). A filled honeypot field, a taken e-mail and a new one all get
 * the same answer: on to "check your mail" (?sent=1). Registrations per client address are limited (429).
 * The auth guard sends a signed-in visitor on to `next` or /personal.
 */
import { z } from 'zod';
import type { GuardName } from '../../shared/routes.ts';
import { safeLocalPath } from '../../shared/safe-path.ts';
import { plainText } from '../../shared/text.ts';
import {
  checkbox,
  checkPassword,
  emailField,
  fieldError,
  mailContext,
  nameField,
  newPasswordField,
  nextField,
  normalisePhone,
  phoneField,
} from './helpers/account-forms.ts';
import { type ActionArgs, continueTo, type LoaderArgs, mutationFailed, queryObject, readForm } from './helpers/route-module.ts';

export const guard: GuardName = 'auth';

export async function loader({ request, context }: LoaderArgs) {
  const query = queryObject(request);
  return {
    sent: query.sent === '1',
    next: safeLocalPath(query.next),
    /** The other regional sites the account also works on (the page says so). */
    sites: context.services.sites.all.filter((s) => !s.isTest).map((s) => s.host),
  };
}

export const registerForm = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  password: newPasswordField,
  consent: z.literal('on', 'account.errors.consent'),
  marketing: checkbox,
  /** The honeypot: hidden from people (and from assistive technology); a bot fills it. */
  website: plainText().max(2000).optional(),
  next: nextField,
});

const SENT = '/register?sent=1';

export async function action(args: ActionArgs) {
  const { request, context } = args;
  const form = await readForm(request, registerForm, ['password']);
  if (!form.ok) return mutationFailed(args, form, undefined, '/register', form.result, 400);
  const { name, email, phone, password, marketing, website } = form.data;
  // A bot: the answer everyone gets, and nothing done.
  if (website) return continueTo(args, undefined, SENT);
  const normalised = normalisePhone(phone, context.site);
  if (normalised === 'invalid')
    return mutationFailed(args, form, undefined, '/register', fieldError('phone', 'account.errors.phone', form.values), 400);
  const problem = await checkPassword(password, email);
  if (problem) return mutationFailed(args, form, undefined, '/register', fieldError('password', problem, form.values), 400);

  const result = await context.services.accounts.register(
    { name, email, phone: normalised, password, marketing: marketing === 'on' },
    { ip: context.clientAddress, sessionId: context.session.id },
    mailContext(context),
  );
  if (!result.ok) {
    context.effects.retryAfterSeconds = result.retryAfterSeconds;
    return mutationFailed(args, form, undefined, '/register', fieldError('', 'account.errors.tooMany', form.values), 429);
  }
  return continueTo(args, undefined, SENT);
}
