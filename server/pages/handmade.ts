/**
 * /handmade: installation by a partner centre (a content page) and the appointment form — car, zones, preferred
 * date, city, phone. A signed-in shopper's appointment also lands in their /records.
 */
import { z } from 'zod';
import type { Country } from '../../shared/commerce-config.ts';
import { isoDateIn } from '../../shared/content.ts';
import { APPOINTMENT_ZONES } from '../../shared/forms.ts';
import { plainText } from '../../shared/text.ts';
import { entrySeo, requireEntry } from './helpers/content-pages.ts';
import { fields, formStamp, publicFormAction } from './helpers/public-form.ts';
import type { ActionArgs, LoaderArgs } from './helpers/route-module.ts';

export const HANDMADE_PATH = '/handmade';
/** The latest day one may ask for, in days from today. */
export const MAX_DAYS_AHEAD = 365;

/** The earliest (tomorrow) and latest day an appointment may be asked for, in the site's time zone. */
export function dateRange(timeZone: string, now: number = Date.now()): { min: string; max: string } {
  const today = Date.parse(isoDateIn(now, timeZone) + 'T00:00:00Z');
  const day = (n: number) => new Date(today + n * 86400_000).toISOString().slice(0, 10);
  return { min: day(1), max: day(MAX_DAYS_AHEAD) };
}

export async function loader(args: LoaderArgs) {
  const { context } = args;
  return {
    entry: await requireEntry(args, 'page', HANDMADE_PATH.slice(1)),
    stamp: formStamp(context, 'appointment'),
    dates: dateRange(context.site.timeZone),
    signedIn: context.session.snapshot.userId !== null,
    ...(await entrySeo(args, 'page', HANDMADE_PATH.slice(1))),
  };
}

const zoneFields = Object.fromEntries(APPOINTMENT_ZONES.map((zone) => [`zone-${zone}`, plainText().optional()])) as Record<
  `zone-${(typeof APPOINTMENT_ZONES)[number]}`,
  z.ZodOptional<z.ZodString>
>;

/** The appointment; checkboxes zone-<zone> (one field each: a form sends repeated names, readForm keeps the first). */
export function appointmentForm(site: { country: Country; timeZone: string }) {
  const { min, max } = dateRange(site.timeZone);
  return z
    .object({
      car: fields.line(100),
      preferredDate: plainText({ missing: 'form.required', invalid: 'forms.error.date' })
        .trim()
        .min(1, 'form.required')
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'forms.error.date')
        .refine(
          (d) => !Number.isNaN(Date.parse(d + 'T00:00:00Z')) && new Date(d + 'T00:00:00Z').toISOString().startsWith(d),
          'forms.error.date',
        )
        .refine((d) => d >= min && d <= max, 'forms.error.date'),
      city: fields.line(100),
      phone: fields.phone(site.country),
      ...zoneFields,
      ...fields.guards,
    })
    .transform((data, ctx) => {
      const zones = APPOINTMENT_ZONES.filter((zone) => data[`zone-${zone}`]);
      if (zones.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['zones'], message: 'forms.error.zones' });
        return z.NEVER;
      }
      return { car: data.car, preferredDate: data.preferredDate, city: data.city, phone: data.phone, zones };
    });
}

export function action(args: ActionArgs) {
  return publicFormAction(args, {
    form: 'appointment',
    schema: appointmentForm(args.context.site),
    page: HANDMADE_PATH,
    submit: (data, sender) => args.context.services.forms.appointment(sender, data),
  });
}
