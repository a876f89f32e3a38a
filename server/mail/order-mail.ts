/**
 * The mail a placed order sends, queued in the placing transaction (server/checkout/checkout.ts): a confirmation to
 * the shopper, in the order's language, and a new-order message to the shop (the site's `orderEmail`, else its
 * e-mail), in Russian; both from the mail templates (server/mail/order-mails.ts, decision 023).
 */
import type { PaymentKind } from '../../shared/commerce-config.ts';
import type { Language } from '../../shared/languages.ts';
import type { Site } from '../../shared/sites.ts';
import type { Queryable } from '../db/index.ts';
import { translatorFor } from './layout.ts';
import { newOrderMail, type OrderMailData, orderConfirmationMail } from './order-mails.ts';
import type { Outbox } from './outbox.ts';

export interface PlacedOrder {
  id: number;
  number: string;
  language: Language;
  status: string;
  customer: { name: string; phone: string; email: string; company: string; inn: string; kpp: string };
  lines: Array<{ title: string; sku: string; price: number; quantity: number; discount: number; total: number }>;
  delivery: { label: string; cost: number; city: string; address: string; point: { address: string } | null };
  payment: { id: string; kind: PaymentKind; label: string };
  comment: string;
  subtotal: number;
  discount: number;
  deliveryCost: number;
  total: number;
}

/**
 * The order's page as the mails link it: on the site's canonical host, in the order's language. (The shopper
 * opens it signed in or from the session that placed the order: the cart guard shows it to nobody else.)
 */
export function orderPageUrl(site: Site, language: Language, orderId: number): string {
  const prefix = language === site.languages[0] ? '' : `/${language}`;
  return `https://${site.host}${prefix}/cart/success/${orderId}`;
}

export async function enqueueOrderMails(tx: Queryable, outbox: Outbox, order: PlacedOrder, site: Site): Promise<void> {
  const data: OrderMailData = {
    number: order.number,
    site: { id: site.id, brand: site.brand, host: site.host, phone: site.phone, email: site.email },
    language: order.language,
    customer: {
      name: order.customer.name,
      email: order.customer.email,
      phone: order.customer.phone,
      company: order.customer.company || undefined,
      inn: order.customer.inn || undefined,
      kpp: order.customer.kpp || undefined,
    },
    lines: order.lines.map((l) => ({
      title: `${l.title} (${l.sku})`,
      quantity: l.quantity,
      unitPrice: l.price,
      discount: l.discount,
      total: l.total,
    })),
    currency: site.currency,
    subtotal: order.subtotal,
    discount: order.discount,
    delivery: {
      label: order.delivery.label,
      cost: order.deliveryCost,
      city: order.delivery.city,
      address: order.delivery.point ? undefined : order.delivery.address || undefined,
      pickupPoint: order.delivery.point?.address,
    },
    payment: { label: order.payment.label, kind: order.payment.kind },
    total: order.total,
    comment: order.comment || undefined,
    resultUrl: orderPageUrl(site, order.language, order.id),
  };
  await outbox.enqueue(tx, orderConfirmationMail(data, translatorFor(order.language)));
  // The shop's staff read Russian, at the site's order address.
  const staff = newOrderMail({ ...data, language: 'ru', resultUrl: orderPageUrl(site, 'ru', order.id) }, translatorFor('ru'));
  await outbox.enqueue(tx, { ...staff, to: site.orderEmail ?? site.email });
}
