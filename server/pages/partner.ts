/**
 * /stat-partnerom: the partner programme (a content page) beside the application form — company, ИНН (checksum),
 * city, partner tier, monthly volume, contacts.
 */
import { z } from 'zod';
import type { Country } from '../../shared/commerce-config.ts';
import { PARTNER_TYPES } from '../../shared/forms.ts';
import { isValidInn } from '../../shared/tax-id.ts';
import { plainText } from '../../shared/text.ts';
import { entrySeo, requireEntry } from './helpers/content-pages.ts';
import { fields, formStamp, publicFormAction } from './helpers/public-form.ts';
import type { ActionArgs, LoaderArgs } from './helpers/route-module.ts';

export const PARTNER_PATH = '/stat-partnerom';

export async function loader(args: LoaderArgs) {
  const { context } = args;
  return {
    entry: await requireEntry(args, 'page', PARTNER_PATH.slice(1)),
    stamp: formStamp(context, 'partner'),
    currency: context.site.currency,
    ...(await entrySeo(args, 'page', PARTNER_PATH.slice(1))),
  };
}

/** The application; numbers without a country code are read for the site's country. */
export function partnerForm(site: { country: Country }) {
  return z.object({
    company: fields.line(200),
    inn: plainText({ missing: 'form.required', invalid: 'forms.error.inn' })
      .trim()
      .min(1, 'form.required')
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine(isValidInn, 'forms.error.inn'),
    city: fields.line(100),
    partnerType: z.enum(PARTNER_TYPES, 'forms.error.choose'),
    volume: plainText({ missing: 'form.required', invalid: 'forms.error.volume' })
      .trim()
      .min(1, 'form.required')
      .transform((v) => v.replace(/[\s\u00a0]/g, ''))
      .pipe(z.string().regex(/^\d{1,12}$/, 'forms.error.volume'))
      .transform(Number),
    contactName: fields.line(100),
    phone: fields.phone(site.country),
    email: fields.email,
    comment: plainText({ multiline: true }).trim().max(3000, 'forms.error.tooLong').default(''),
    ...fields.guards,
  });
}

export function action(args: ActionArgs) {
  return publicFormAction(args, {
    form: 'partner',
    schema: partnerForm(args.context.site),
    page: PARTNER_PATH,
    submit: (data, sender) =>
      args.context.services.forms.partner(sender, {
        company: data.company,
        inn: data.inn,
        city: data.city,
        partnerType: data.partnerType,
        volume: data.volume,
        contactName: data.contactName,
        phone: data.phone,
        email: data.email,
        comment: data.comment,
      }),
  });
}
