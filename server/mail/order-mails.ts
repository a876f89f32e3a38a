/**
 * The two mails of a placed order, in the order's language: the confirmation to the shopper and the notice to
 * the shop (to the site's address, replies going to the shopper). Each returns an outbox message, to be queued
 * in the order's own transaction:
 *
 *   await services.outbox.enqueue(tx, orderConfirmationMail(data, t));
 *   await services.outbox.enqueue(tx, newOrderMail(data, t));
 *
 * Amounts are in the order's currency, formatted as the site shows them (shared/format.ts).
 */
import type { TFunction } from 'i18next';
import { formatMoney } from '../../shared/format.ts';
import type { Language } from '../../shared/sites.ts';
import { type MailBlock, type MailSite, oneLine, renderMail } from './layout.ts';
import type { OutboxMessage } from './outbox.ts';

/** What the order mails need of an order (the checkout maps its orders to this). */
export interface OrderMailData {
  /** The order's number as the shopper sees it. */
  number: string;
  site: MailSite;
  language: Language;
  customer: { name: string; email: string; phone: string; company?: string; inn?: string; kpp?: string };
  lines: Array<{ title: string; quantity: number; unitPrice: number; discount: number; total: number }>;
  currency: string;
  subtotal: number;
  discount: number;
  delivery: { label: string; cost: number; city: string; address?: string; pickupPoint?: string };
  /** `kind` 'online': the confirmation says the order can be paid on its page. */
  payment: { label: string; kind: string };
  total: number;
  comment?: string;
  /** The order's page (absolute). */
  resultUrl: string;
}

export const ORDER_CONFIRMATION_KIND = 'order.confirmation';
export const NEW_ORDER_KIND = 'order.new';

/** To the shopper: thanks, what was ordered, delivery and payment, a link to the order. */
export function orderConfirmationMail(order: OrderMailData, t: TFunction): OutboxMessage {
  const data = { ...order, number: oneLine(order.number) };
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: t('mail.order.greeting', { name: oneLine(data.customer.name) }) },
    { kind: 'paragraph', text: t('mail.order.confirmationIntro', { number: data.number }) },
    ...(data.payment.kind === 'online' ? [{ kind: 'paragraph' as const, text: t('mail.order.payOnline') }] : []),
    ...orderBlocks(data, t),
  ];
  const mail = renderMail({
    site: data.site,
    language: data.language,
    t,
    subject: t('mail.order.confirmationSubject', { number: data.number, brand: data.site.brand }),
    blocks,
    action: { label: t('mail.order.open'), url: data.resultUrl },
  });
  return { site: data.site.id, kind: ORDER_CONFIRMATION_KIND, language: data.language, to: data.customer.email, ...mail };
}

/** To the shop: the same order, with the shopper's contacts first; a reply goes to the shopper. */
export function newOrderMail(order: OrderMailData, t: TFunction): OutboxMessage {
  const data = { ...order, number: oneLine(order.number) };
  const money = (amount: number) => formatMoney(amount, data.currency, data.language);
  const mail = renderMail({
    site: data.site,
    language: data.language,
    t,
    subject: t('mail.order.newSubject', { number: data.number, total: money(data.total) }),
    blocks: [
      { kind: 'paragraph', text: t('mail.order.newIntro', { number: data.number, host: data.site.host }) },
      ...orderBlocks(data, t, true),
    ],
    action: { label: t('mail.order.open'), url: data.resultUrl },
  });
  return {
    site: data.site.id,
    kind: NEW_ORDER_KIND,
    language: data.language,
    to: data.site.email,
    replyTo: data.customer.email,
    ...mail,
  };
}

function orderBlocks(data: OrderMailData, t: TFunction, customerFirst = false): MailBlock[] {
  const money = (amount: number) => formatMoney(amount, data.currency, data.language);
  const items: MailBlock[] = [
    { kind: 'heading', text: t('mail.order.items') },
    {
      kind: 'table',
      head: [
        t('mail.order.product'),
        t('mail.order.quantity'),
        t('mail.order.price'),
        t('mail.order.lineDiscount'),
        t('mail.order.lineTotal'),
      ],
      rows: data.lines.map((line) => [
        oneLine(line.title),
        String(line.quantity),
        money(line.unitPrice),
        line.discount ? `−${money(line.discount)}` : '—',
        money(line.total),
      ]),
    },
    {
      kind: 'rows',
      rows: [
        { label: t('mail.order.subtotal'), value: money(data.subtotal) },
        ...(data.discount ? [{ label: t('mail.order.discount'), value: `−${money(data.discount)}` }] : []),
        {
          label: `${t('mail.order.delivery')} (${oneLine(data.delivery.label)})`,
          value: data.delivery.cost ? money(data.delivery.cost) : t('mail.order.free'),
        },
        { label: t('mail.order.total'), value: money(data.total), strong: true },
      ],
    },
  ];
  const where: MailBlock[] = [
    { kind: 'heading', text: t('mail.order.deliveryPayment') },
    {
      kind: 'rows',
      rows: [
        { label: t('mail.order.delivery'), value: oneLine(data.delivery.label) },
        { label: t('mail.order.city'), value: oneLine(data.delivery.city) },
        ...optional(t('mail.order.address'), data.delivery.address),
        ...optional(t('mail.order.pickupPoint'), data.delivery.pickupPoint),
        { label: t('mail.order.payment'), value: oneLine(data.payment.label) },
      ],
    },
  ];
  const { customer } = data;
  const who: MailBlock[] = [
    { kind: 'heading', text: t('mail.order.customer') },
    {
      kind: 'rows',
      rows: [
        { label: t('mail.order.name'), value: oneLine(customer.name) },
        { label: t('mail.order.email'), value: oneLine(customer.email) },
        { label: t('mail.order.phone'), value: oneLine(customer.phone) },
        ...optional(t('mail.order.company'), customer.company),
        ...optional(t('mail.order.inn'), customer.inn),
        ...optional(t('mail.order.kpp'), customer.kpp),
      ],
    },
  ];
  // A comment keeps its line breaks (the layout renders them); everything else is one line.
  const comment: MailBlock[] = data.comment?.trim()
    ? [
        { kind: 'heading', text: t('mail.order.comment') },
        { kind: 'paragraph', text: data.comment.trim() },
      ]
    : [];
  return customerFirst ? [...who, ...comment, ...items, ...where] : [...items, ...where, ...who, ...comment];
}

function optional(label: string, value: string | undefined): Array<{ label: string; value: string }> {
  return value?.trim() ? [{ label, value: oneLine(value) }] : [];
}
