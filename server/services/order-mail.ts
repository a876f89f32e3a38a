/**
 * The mail a placed order sends, queued in the placing transaction (server/services/checkout.ts): a confirmation to
 * the shopper and a new-order message to the shop (the site's `orderEmail`, else its e-mail). Plain text in the
 * order's language (the checkout namespace's mail.* strings); the mail feature replaces the bodies with its
 * templates here — this function is the one point where an order's mail is made.
 */
import type { PaymentKind } from '../../shared/commerce-config.ts';
import { formatMoney } from '../../shared/format.ts';
import type { Language } from '../../shared/languages.ts';
import checkoutStrings from '../../shared/locales/features/checkout.ts';
import type { Site } from '../../shared/sites.ts';
import type { Queryable } from '../db/index.ts';
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

/** "{{name}}" placeholders filled from values. */
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

export async function enqueueOrderMails(tx: Queryable, outbox: Outbox, order: PlacedOrder, site: Site): Promise<void> {
  const mail = (checkoutStrings[order.language] ?? checkoutStrings.ru).mail as Record<string, string>;
  const ru = checkoutStrings.ru.mail as Record<string, string>;
  const money = (amount: number, language: Language) => formatMoney(amount, site.currency, language);
  const body = (language: Language, strings: Record<string, string>) =>
    [
      ...order.lines.map(
        (l) =>
          `${l.title} (${l.sku}) × ${l.quantity}: ${money(l.total, language)}${l.discount > 0 ? ` (−${money(l.discount, language)})` : ''}`,
      ),
      '',
      `${strings.subtotal}: ${money(order.subtotal, language)}`,
      ...(order.discount > 0 ? [`${strings.discount}: −${money(order.discount, language)}`] : []),
      `${strings.delivery}: ${order.delivery.label}, ${money(order.deliveryCost, language)}`,
      `${strings.where}: ${[order.delivery.city, order.delivery.point?.address ?? order.delivery.address].filter(Boolean).join(', ')}`,
      `${strings.payment}: ${order.payment.label}`,
      `${strings.total}: ${money(order.total, language)}`,
      ...(order.comment ? ['', `${strings.comment}: ${order.comment}`] : []),
    ].join('\n');
  const values = { number: order.number, brand: site.brand, phone: site.phone, name: order.customer.name };
  await outbox.enqueue(tx, {
    site: site.id,
    kind: 'order.confirmation',
    language: order.language,
    to: order.customer.email,
    subject: fill(mail.confirmationSubject!, values),
    text: `${fill(mail.greeting!, values)}\n\n${fill(mail.confirmationLead!, values)}\n\n${body(order.language, mail)}\n\n${fill(mail.signature!, values)}\n`,
  });
  // The shop's staff read Russian.
  const customer = [
    order.customer.name,
    order.customer.phone,
    order.customer.email,
    [order.customer.company, order.customer.inn && `ИНН ${order.customer.inn}`, order.customer.kpp && `КПП ${order.customer.kpp}`]
      .filter(Boolean)
      .join(', '),
  ].filter(Boolean);
  await outbox.enqueue(tx, {
    site: site.id,
    kind: 'order.new',
    language: 'ru',
    to: site.orderEmail ?? site.email,
    subject: fill(ru.newOrderSubject!, values),
    text: `${customer.join('\n')}\n\n${body('ru', ru)}\n`,
  });
}
