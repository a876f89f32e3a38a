/**
 * The order form's schema, declared once for the server's checkout action (server/pages/cart.ts): every field's
 * rule and its message key (checkout.*, form.*). It is built per site, because the phone is read for the site's
 * country and the delivery and payment methods, points and customer types are the site's. What needs the cart —
 * a method's weight limits, prices, stock — is checked when the order is placed (server/checkout/checkout.ts).
 */
import { z } from 'zod';
import { CHECKOUT_KEY_PATTERN, CHECKOUT_LIMITS, legalEntitiesAccepted } from './checkout-fields.ts';
import type { Country, DeliveryMethod, PaymentMethod } from './commerce-config.ts';
import { sameCity } from './delivery.ts';
import { normalizePhone } from './phone.ts';
import { isValidInn, isValidKpp } from './tax-id.ts';
import { plainText } from './text.ts';

/** A trimmed text field: a required one refuses '' with `empty`; control characters and broken Unicode are refused. */
function text(max: number, empty: string | null, invalid: string, multiline = false) {
  return plainText({ invalid, multiline })
    .max(max * 4, invalid)
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .max(max, 'checkout.tooLong')
        .refine((s) => empty === null || s.length > 0, empty ?? 'form.required'),
    );
}

const amount = z.coerce
  .number('checkout.staleForm')
  .finite('checkout.staleForm')
  .min(0, 'checkout.staleForm')
  .max(1e12, 'checkout.staleForm');

export interface CheckoutSite {
  country: Country;
  delivery: readonly DeliveryMethod[];
  payment: readonly PaymentMethod[];
}

export function checkoutSchema(site: CheckoutSite) {
  return (
    z
      .object({
        intent: z.literal('checkout'),
        checkoutKey: plainText({ invalid: 'checkout.staleForm' }).regex(CHECKOUT_KEY_PATTERN, 'checkout.staleForm'),
        /**
         * What the shopper saw: the goods after kit discounts (written by the server into the form), and with
         * JavaScript the total with the chosen delivery. Either differing now means prices changed: nothing is placed.
         */
        expectedGoods: amount,
        expectedTotal: z.union([z.literal('').transform(() => undefined), amount]).optional(),
        name: text(CHECKOUT_LIMITS.name, 'checkout.nameRequired', 'checkout.nameInvalid').refine(
          (s) => /\p{L}/u.test(s),
          'checkout.nameInvalid',
        ),
        phone: plainText({ invalid: 'checkout.phoneInvalid' })
          .max(CHECKOUT_LIMITS.phone * 4, 'checkout.phoneInvalid')
          .transform((s, ctx) => {
            if (!s.trim()) {
              ctx.addIssue({ code: 'custom', message: 'checkout.phoneRequired' });
              return z.NEVER;
            }
            const e164 = normalizePhone(s.trim(), site.country);
            if (!e164) ctx.addIssue({ code: 'custom', message: 'checkout.phoneInvalid' });
            return e164 ?? z.NEVER;
          }),
        email: text(CHECKOUT_LIMITS.email, 'checkout.emailRequired', 'checkout.emailInvalid').pipe(z.email('checkout.emailInvalid')),
        customerType: z.enum(['person', 'legal'], 'form.invalid').default('person'),
        company: text(CHECKOUT_LIMITS.company, null, 'checkout.companyInvalid').default(''),
        inn: plainText({ invalid: 'checkout.innInvalid' })
          .max(50, 'checkout.innInvalid')
          .default('')
          .transform((s) => s.replace(/\s/g, '')),
        kpp: plainText({ invalid: 'checkout.kppInvalid' })
          .max(50, 'checkout.kppInvalid')
          .default('')
          .transform((s) => s.replace(/\s/g, '').toUpperCase()),
        delivery: plainText({ invalid: 'checkout.deliveryRequired' }).max(40, 'checkout.deliveryRequired').default(''),
        city: text(CHECKOUT_LIMITS.city, 'checkout.cityRequired', 'checkout.cityInvalid'),
        address: text(CHECKOUT_LIMITS.address, null, 'checkout.addressInvalid').default(''),
        point: plainText({ invalid: 'checkout.pointRequired' }).max(40, 'checkout.pointRequired').default(''),
        payment: plainText({ invalid: 'checkout.paymentRequired' }).max(40, 'checkout.paymentRequired').default(''),
        comment: text(CHECKOUT_LIMITS.comment, null, 'checkout.commentInvalid', true).default(''),
        // An unchecked box sends nothing: absent is no consent.
        consent: z.literal('on', 'checkout.consentRequired').optional(),
        next: plainText().max(2000).optional(),
      })
      // Checked even when some field failed (`when`), so the shopper sees every error at once; a failed field's value
      // may then be anything, so the checks read strings defensively.
      .superRefine(
        (raw, ctx) => {
          const str = (v: unknown) => (typeof v === 'string' ? v : '');
          const f = {
            consent: str(raw.consent),
            customerType: str(raw.customerType),
            company: str(raw.company),
            inn: str(raw.inn),
            kpp: str(raw.kpp),
            delivery: str(raw.delivery),
            address: str(raw.address),
            point: str(raw.point),
            city: str(raw.city),
            payment: str(raw.payment),
          };
          const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
          if (f.consent !== 'on') issue('consent', 'checkout.consentRequired');
          if (f.customerType === 'legal') {
            if (!legalEntitiesAccepted(site.country)) issue('customerType', 'form.invalid');
            if (!f.company) issue('company', 'checkout.companyRequired');
            if (!f.inn) issue('inn', 'checkout.innRequired');
            else if (!isValidInn(f.inn)) issue('inn', 'checkout.innInvalid');
            // An organisation (10-digit ИНН) has a КПП; an entrepreneur (12 digits) has none.
            if (f.inn.length === 10 && !f.kpp) issue('kpp', 'checkout.kppRequired');
            else if (f.kpp && (f.inn.length === 12 || !isValidKpp(f.kpp))) issue('kpp', 'checkout.kppInvalid');
          }
          const method = site.delivery.find((m) => m.id === f.delivery);
          if (!method) issue('delivery', 'checkout.deliveryRequired');
          else if (method.needs === 'address' && !f.address) issue('address', 'checkout.addressRequired');
          else if (method.needs === 'point') {
            const point = method.points.find((p) => p.id === f.point);
            if (!point) issue('point', 'checkout.pointRequired');
            else if (f.city && !sameCity(point.city, f.city)) issue('point', 'checkout.pointNotInCity');
          }
          const payment = site.payment.find((m) => m.id === f.payment);
          if (!payment) issue('payment', 'checkout.paymentRequired');
          else if (payment.legalOnly && f.customerType !== 'legal') issue('payment', 'checkout.paymentLegalOnly');
        },
        { when: () => true },
      )
      .transform((f) => ({
        ...f,
        // Legal-entity details only with that customer type: a person's stray ИНН is not stored.
        company: f.customerType === 'legal' ? f.company : '',
        inn: f.customerType === 'legal' ? f.inn : '',
        kpp: f.customerType === 'legal' ? f.kpp : '',
        address: site.delivery.find((m) => m.id === f.delivery)?.needs === 'address' ? f.address : '',
        point: site.delivery.find((m) => m.id === f.delivery)?.needs === 'point' ? f.point : '',
      }))
  );
}

export type CheckoutForm = z.output<ReturnType<typeof checkoutSchema>>;
