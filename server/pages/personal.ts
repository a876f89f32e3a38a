/**
 * /personal (personal guard): the signed-in visitor's area (docs/decisions/026-accounts.md). Its action takes an
 * `intent`, each with its own fields and field errors:
 *   logout (the default: a form without intent signs out) · logoutAll (every session of the account)
 *   profile (name, phone) · email (a new address, confirmed by a mailed link; current password) · resend (the
 *   confirmation link again) · password (current and new; other sessions signed out, this one rotated)
 *   marketing (on/off) · addAddress / removeAddress (delivery addresses of this site) · delete (the account; password
 *   and a tick; orders stay, anonymised).
 */
import { z } from 'zod';
import type { GuardName } from '../../shared/routes.ts';
import { plainText } from '../../shared/text.ts';
import {
  checkbox,
  checkPassword,
  currentPasswordField,
  emailField,
  fieldError,
  mailContext,
  nameField,
  newPasswordField,
  normalisePhone,
  phoneField,
} from './helpers/account-forms.ts';
import {
  type ActionArgs,
  continueTo,
  type LoaderArgs,
  mutationDone,
  mutationFailed,
  notFoundError,
  readForm,
} from './helpers/route-module.ts';

export const guard: GuardName = 'personal';

export async function loader({ request, context }: LoaderArgs) {
  const { services, session, site } = context;
  const account = await services.accounts.find(session.snapshot.userId!);
  if (!account) throw notFoundError(request.url);
  return {
    user: { id: account.id, email: account.email, name: account.name },
    account,
    addresses: await services.addressBook.list(account.id, site.id),
    /** The regional sites the account works on (the page says it is one account for all of them). */
    sites: services.sites.all.filter((s) => !s.isTest).map((s) => s.host),
  };
}

const next = plainText().max(2000).optional();
const id = z.coerce.number('form.invalid').int('form.invalid').min(1, 'form.invalid').max(2147483647, 'form.invalid');

export const personalForm = z.preprocess(
  (fields) => ({ intent: 'logout', ...(fields as object) }),
  z.discriminatedUnion(
    'intent',
    [
      z.object({ intent: z.literal('logout'), next }),
      z.object({ intent: z.literal('logoutAll'), next }),
      z.object({ intent: z.literal('profile'), name: nameField, phone: phoneField, next }),
      z.object({ intent: z.literal('email'), email: emailField, password: currentPasswordField, next }),
      z.object({ intent: z.literal('resend'), next }),
      z.object({ intent: z.literal('password'), password: currentPasswordField, newPassword: newPasswordField, next }),
      z.object({ intent: z.literal('marketing'), marketing: checkbox, next }),
      z.object({
        intent: z.literal('addAddress'),
        city: plainText({ missing: 'account.errors.cityRequired' })
          .trim()
          .min(1, 'account.errors.cityRequired')
          .max(100, 'account.errors.tooLong'),
        address: plainText({ missing: 'account.errors.addressRequired' })
          .trim()
          .min(1, 'account.errors.addressRequired')
          .max(300, 'account.errors.tooLong'),
        postcode: plainText({ invalid: 'account.errors.postcode' })
          .trim()
          .regex(/^[0-9A-Za-z -]{0,12}$/, 'account.errors.postcode')
          .optional(),
        next,
      }),
      z.object({ intent: z.literal('removeAddress'), id, next }),
      z.object({ intent: z.literal('delete'), password: currentPasswordField, sure: z.literal('on', 'account.errors.deleteSure'), next }),
    ],
    { error: 'form.invalid' },
  ),
);

export async function action(args: ActionArgs) {
  const { request, context } = args;
  const { services, session } = context;
  const form = await readForm(request, personalForm, ['password', 'newPassword']);
  if (!form.ok) return mutationFailed(args, form, form.values.next, '/personal', form.result, 400);
  const data = form.data;
  // Signing out needs no sign-in (an expired sign-in still gets its answer); everything else is the account's.
  if (data.intent === 'logout') {
    context.effects.session = await services.auth.logout(session.id);
    return continueTo(args, undefined, '/');
  }
  const userId = session.snapshot.userId;
  if (userId === null) return continueTo(args, undefined, '/auth');
  const failed = (field: string, key: string, status: number) =>
    mutationFailed(args, form, data.next, '/personal', fieldError(field, key, form.values), status);
  const done = () => mutationDone(args, data.next, '/personal', { ok: true });
  const limited = (seconds: number) => {
    context.effects.retryAfterSeconds = seconds;
    return failed('', 'auth.tooMany', 429);
  };

  switch (data.intent) {
    case 'logoutAll':
      context.effects.session = await services.accounts.signOutEverywhere(userId, session.id);
      return continueTo(args, undefined, '/');
    case 'profile': {
      const phone = normalisePhone(data.phone, context.site);
      if (phone === 'invalid') return failed('phone', 'account.errors.phone', 400);
      await services.accounts.updateProfile(userId, { name: data.name, phone });
      return done();
    }
    case 'email': {
      const result = await services.accounts.requestEmailChange(userId, session.id, data.password, data.email, mailContext(context));
      if (!result.ok) {
        if (result.reason === 'rate_limited') return limited(result.retryAfterSeconds);
        return result.reason === 'wrong'
          ? failed('password', 'account.errors.passwordWrong', 400)
          : failed('email', 'account.errors.emailSame', 400);
      }
      return done();
    }
    case 'resend':
      await services.accounts.resendConfirmation(userId, session.id, mailContext(context));
      return done();
    case 'password': {
      const account = await services.accounts.find(userId);
      const problem = await checkPassword(data.newPassword, account?.email);
      if (problem) return failed('newPassword', problem, 400);
      const result = await services.accounts.changePassword(userId, session.id, data.password, data.newPassword, mailContext(context));
      if (!result.ok)
        return result.reason === 'rate_limited'
          ? limited(result.retryAfterSeconds)
          : failed('password', 'account.errors.passwordWrong', 400);
      context.effects.session = result.sessionId;
      return done();
    }
    case 'marketing':
      await services.accounts.setMarketing(userId, data.marketing === 'on');
      return done();
    case 'addAddress': {
      const added = await services.addressBook.add(userId, context.site.id, {
        city: data.city,
        address: data.address,
        postcode: data.postcode ?? '',
      });
      return added ? done() : failed('', 'account.errors.tooManyAddresses', 409);
    }
    case 'removeAddress':
      await services.addressBook.remove(userId, data.id);
      return done();
    case 'delete': {
      const result = await services.accounts.deleteAccount(userId, session.id, data.password, mailContext(context));
      if (!result.ok)
        return result.reason === 'rate_limited'
          ? limited(result.retryAfterSeconds)
          : failed('password', 'account.errors.passwordWrong', 400);
      context.effects.session = result.sessionId;
      return continueTo(args, undefined, '/');
    }
  }
}
