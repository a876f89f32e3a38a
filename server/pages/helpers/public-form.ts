/**
 * The one path every public form of the content pages takes (decision 027): fields checked by the form's schema
 * (errors are locale keys), then the robot guards — the honeypot and the signed minimum fill time, the stamp bound
 * to the visitor's session and good for one stored submission — then the submission is stored and mailed in one
 * transaction under the per-address rate limit (IPv6 by /64). With JavaScript the
 * answer is the result (4xx when refused); without it a 303 back to the form's page, the outcome in the flash.
 */
import { z } from 'zod';
import type { Country } from '../../../shared/commerce-config.ts';
import type { ActionResult } from '../../../shared/contracts.ts';
import { type FormKind, HONEYPOT_FIELD, STARTED_FIELD } from '../../../shared/forms.ts';
import { normalizePhone } from '../../../shared/phone.ts';
import { plainText } from '../../../shared/text.ts';
import type { Sender, Stored } from '../../forms/index.ts';
import { type ActionArgs, type LoaderArgs, mutationDone, mutationFailed, readForm } from './route-module.ts';

/**
 * The anti-robot stamp of a public form shown on this page, bound to the visitor's session (server/forms/stamps.ts):
 * the page is then this visitor's own and is never kept for others (decision 052).
 */
export function formStamp(context: LoaderArgs['context'], form: FormKind): string {
  context.effects.personal = true;
  return context.services.formStamps.stamp(form, context.session.id);
}

export interface PublicFormOptions<S extends z.ZodType> {
  /** Which form it is (the stamp and the rate limit are per form); a function when one route has two. */
  form: FormKind | ((data: z.output<S>) => FormKind);
  schema: S;
  /** The form's own page (router path): where a no-JS post returns without a usable `next`. */
  page: string;
  submit: (data: z.output<S>, sender: Sender) => Promise<Stored>;
}

export async function publicFormAction<S extends z.ZodType>(args: ActionArgs, options: PublicFormOptions<S>) {
  const { request, context } = args;
  const form = await readForm(request, options.schema);
  const honeypot = form.values[HONEYPOT_FIELD] ?? '';
  const stamp = form.values[STARTED_FIELD];
  // The honeypot is not the visitor's input: nothing to give back. The stamp is: a form shown again after a refusal
  // keeps the moment it was first shown, so a quick fix of one field is not "too fast".
  delete form.values[HONEYPOT_FIELD];
  const next = form.values.next;
  const refuse = (errors: ActionResult['errors'] & object, status: number) =>
    mutationFailed(args, form, next, options.page, { ok: false, errors, values: form.values } satisfies ActionResult, status);

  // A robot fills every field it finds; people never see this one.
  if (honeypot !== '') return refuse({ '': 'forms.error.spam' }, 400);
  if (!form.ok) return refuse(form.result.errors ?? {}, 400);
  const kind = typeof options.form === 'function' ? options.form(form.data) : options.form;
  // Another session's stamp is as good as none: the form must have been shown to this visitor.
  const timing = context.services.formStamps.check(kind, context.session.id, stamp);
  if (timing === 'tooFast') return refuse({ '': 'forms.error.tooFast' }, 400);
  if (timing !== 'ok' || stamp === undefined) return refuse({ '': 'forms.error.expired' }, 400);

  const stored = await options.submit(form.data, {
    site: context.site,
    language: context.language,
    address: context.clientAddress,
    userId: context.session.snapshot.userId,
    stamp,
  });
  // A spent stamp gets the refusal of an invalid one: the page must be loaded again for a new form.
  if (!stored.ok && stored.reason === 'stampUsed') return refuse({ '': 'forms.error.expired' }, 400);
  if (!stored.ok) {
    context.effects.retryAfterSeconds = stored.retryAfterSeconds;
    return refuse({ '': 'forms.error.tooMany' }, 429);
  }
  const done: ActionResult = { ok: true };
  // Without JavaScript the page the visitor returns to learns of the success from the flash, as of a failure.
  if (context.document) context.effects.flash = { form: form.key, result: done };
  return mutationDone(args, next, options.page, done);
}

/** The fields the forms share; messages are locale keys. */
export const fields = {
  /** A short line of text: trimmed, required, at most `max` characters, no control characters (shared/text.ts). */
  line: (max: number) => plainText({ missing: 'form.required' }).trim().min(1, 'form.required').max(max, 'forms.error.tooLong'),
  /** A longer text (line breaks allowed). */
  text: (min: number, max: number) =>
    plainText({ missing: 'form.required', multiline: true })
      .trim()
      .min(1, 'form.required')
      .min(min, 'forms.error.tooShort')
      .max(max, 'forms.error.tooLong'),
  email: plainText({ missing: 'form.required', invalid: 'forms.error.email' })
    .trim()
    .min(1, 'form.required')
    .pipe(z.email('forms.error.email').max(254, 'forms.error.email')),
  /** A phone number valid in the site's country (or with its own country code), stored in E.164. */
  phone: (country: Country) =>
    plainText({ missing: 'form.required', invalid: 'forms.error.phone' })
      .trim()
      .min(1, 'form.required')
      .max(40, 'forms.error.phone')
      .transform((value, ctx) => {
        const phone = normalizePhone(value, country, { anyCountry: true });
        if (!phone) {
          ctx.addIssue({ code: 'custom', message: 'forms.error.phone' });
          return z.NEVER;
        }
        return phone;
      }),
  /** The guard fields and the return page: read by publicFormAction, not by the form's own logic. */
  guards: {
    next: plainText().max(2000).optional(),
    [HONEYPOT_FIELD]: plainText().optional(),
    [STARTED_FIELD]: plainText().optional(),
  },
};
