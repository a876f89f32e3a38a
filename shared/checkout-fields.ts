/**
 * The order form's fields as both sides know them: names, length limits, the customer types, and which payment
 * methods a shopper is offered. Pure and light (no zod, no phone metadata), so the browser's form imports it; the
 * schema that checks a submitted form is shared/checkout.ts (server).
 */
import type { Country, PaymentMethod } from './commerce-config.ts';

export const CHECKOUT_LIMITS = {
  name: 100,
  phone: 40,
  email: 254,
  company: 200,
  city: 100,
  address: 300,
  comment: 1000,
} as const;

export const CUSTOMER_TYPES = ['person', 'legal'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** Legal-entity details (ИНН, КПП) are Russian; other sites take orders from people (and companies as people). */
export const legalEntitiesAccepted = (country: Country) => country === 'RU';

/**
 * The payment methods offered: online ones only while a payment provider is configured for the site; methods for
 * legal entities only to them.
 */
export function offeredPayments<M extends Pick<PaymentMethod, 'kind' | 'legalOnly'>>(
  methods: readonly M[],
  options: { online: boolean; customerType: CustomerType },
): M[] {
  return methods.filter((m) => (m.kind !== 'online' || options.online) && (!m.legalOnly || options.customerType === 'legal'));
}

/** The hidden field's checkout key: a random part and its signature for the session (server/checkout/checkout.ts). */
export const CHECKOUT_KEY_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;
