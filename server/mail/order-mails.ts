/**
 * The order's mails (decision 032): the confirmation to the shopper, in the order's language, and the notices to the
 * shop — a new order, an unpaid online order's switch to another payment method — in Russian. The messages come from
 * server/checkout/checkout.ts (`order.*` kinds, server/mail/messages.ts), queued in the order's own transaction; the
 * notice that a lapsed order was cancelled (`order.cancelled`, to the shopper) from server/checkout/reservations.ts.
 *
 * The address an order mail goes to is typed by whoever fills the form (decision 036): the shopper's mails carry
 * nothing else typed there — no name, company, city, address or comment, any of which could carry someone's words
 * or links into a stranger's mailbox — only the shop's own texts (products, methods, pickup points, sums) and the
 * link to the order's page, which shows the rest to the order's owner. The shop's copy keeps everything.
 *
 * orderConfirmationMail and newOrderMail render `OrderMailData`, what the order mails need of an order; amounts are
 * in the order's currency, formatted as the site shows them (shared/format.ts).
 */
import type { TFunction } from 'i18next';
import { localized } from '../../shared/delivery.ts';
import { formatMoney } from '../../shared/format.ts';
import { orderStateKey } from '../../shared/orders.ts';
import { formatPhone } from '../../shared/phone.ts';
import { siteBrand } from '../../shared/public-site.ts';
import { DEFAULT_LANGUAGE, type Language, type Site } from '../../shared/sites.ts';
import { layoutMail, type MailBlock, type MailSite, oneLine, renderMail, SHOP_LANGUAGE, translatorFor } from './layout.ts';
import type { MessageOf } from './messages.ts';
import type { OutboxMessage } from './outbox.ts';

/** What the order mails need of an order (orderMailData below maps a message's PlacedOrder to this). */
export interface OrderMailData {
  /** The order's number as the shopper sees it. */
  number: string;
  /** The order's state (shared/orders.ts): named by the one mapping every page uses. */
  status: string;
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

/**
 * To the shopper: thanks, what was ordered, the delivery and payment methods, a link to the order — and nothing the
 * form's filler typed (see above): the contacts, address and comment are on the order's page.
 */
export function orderConfirmationMail(order: OrderMailData, t: TFunction): OutboxMessage {
  const data = { ...order, number: oneLine(order.number) };
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: t('mail.order.greetingPlain') },
    { kind: 'paragraph', text: t('mail.order.confirmationIntro', { number: data.number }) },
    ...(data.payment.kind === 'online' ? [{ kind: 'paragraph' as const, text: t('mail.order.payOnline') }] : []),
    ...orderBlocks(data, t, 'shopper'),
    { kind: 'paragraph', text: t('mail.order.detailsOnPage') },
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
      ...orderBlocks(data, t, 'shop'),
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

/** The order's parts: the shop's copy has the customer (first) and the comment; the shopper's only the shop's texts. */
function orderBlocks(data: OrderMailData, t: TFunction, audience: 'shop' | 'shopper'): MailBlock[] {
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
        { label: t('orders.facts.status'), value: t(orderStateKey(data.status), { defaultValue: oneLine(data.status) }) },
        { label: t('mail.order.delivery'), value: oneLine(data.delivery.label) },
        // The city and address are typed by the form's filler: the shop's copy only.
        ...(audience === 'shop'
          ? [
              { label: t('mail.order.city'), value: oneLine(data.delivery.city) },
              ...optional(t('mail.order.address'), data.delivery.address),
            ]
          : []),
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
        { label: t('mail.order.phone'), value: oneLine(formatPhone(customer.phone)) },
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
  return audience === 'shop' ? [...who, ...comment, ...items, ...where] : [...items, ...where];
}

function optional(label: string, value: string | undefined): Array<{ label: string; value: string }> {
  return value?.trim() ? [{ label, value: oneLine(value) }] : [];
}

/**
 * The order's page as the mails link it — addressed by its number, never its id (decision 036) — on the site's
 * canonical host, in the given language. (The shopper opens it
 * signed in or from the session that placed the order: the cart guard shows it to nobody else.)
 */
function orderPageUrl(site: Pick<Site, 'host'>, language: Language, number: string): string {
  const prefix = language === DEFAULT_LANGUAGE ? '' : `/${language}`;
  return `https://${site.host}${prefix}/cart/success/${encodeURIComponent(number)}`;
}

/** A placed order's message as the order templates read it, in `language` (the order's, or the shop's). */
function orderMailData(message: MessageOf<'order.confirmation' | 'order.new'>, language: Language): OrderMailData {
  const { site, data: order } = message;
  return {
    number: order.number,
    status: order.status,
    site: { id: site.id, brand: siteBrand(site, language), host: site.host, phone: site.phone, email: site.email },
    language,
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
    resultUrl: orderPageUrl(site, language, order.number),
  };
}

/** `order.confirmation`: to the shopper, in the order's language. */
export function orderConfirmation(message: MessageOf<'order.confirmation'>): OutboxMessage {
  const mail = orderConfirmationMail(orderMailData(message, message.language), translatorFor(message.language));
  return { ...mail, to: message.to };
}

/** `order.new`: to the shop's order address, in Russian (the order's language aside); a reply goes to the shopper. */
export function newOrder(message: MessageOf<'order.new'>): OutboxMessage {
  const mail = newOrderMail(orderMailData(message, SHOP_LANGUAGE), translatorFor(SHOP_LANGUAGE));
  return { ...mail, to: message.to };
}

/** `order.payment-changed`: to the shop, in Russian: the order now pays by another method; a link to the order. */
export function paymentChanged(message: MessageOf<'order.payment-changed'>): OutboxMessage {
  const { site, data } = message;
  const t = translatorFor(SHOP_LANGUAGE);
  const mail = layoutMail({
    site: { id: site.id, brand: siteBrand(site, SHOP_LANGUAGE), host: site.host, phone: site.phone, email: site.email },
    language: SHOP_LANGUAGE,
    t,
    subject: t('payment.switch.mailSubject', { number: data.number }),
    paragraphs: [t('payment.switch.mailText', { method: localized(data.method, SHOP_LANGUAGE) })],
    action: { label: t('mail.order.open'), url: orderPageUrl(site, SHOP_LANGUAGE, data.number) },
  });
  return { site: site.id, kind: message.kind, language: SHOP_LANGUAGE, to: message.to, ...mail };
}

/** `order.cancelled`: to the shopper, in the order's language: the order lapsed (unpaid or unconfirmed) and was cancelled. */
export function orderCancelled(message: MessageOf<'order.cancelled'>): OutboxMessage {
  const { site, data, language } = message;
  const t = translatorFor(language);
  const number = oneLine(data.number);
  const mail = layoutMail({
    site: { id: site.id, brand: siteBrand(site, language), host: site.host, phone: site.phone, email: site.email },
    language,
    t,
    subject: t('mail.order.cancelledSubject', { number, brand: site.brand }),
    paragraphs: [
      t('mail.order.greetingPlain'),
      t(data.reason === 'unpaid' ? 'mail.order.cancelledUnpaid' : 'mail.order.cancelledUnconfirmed', { number }),
    ],
    action: { label: t('mail.order.open'), url: orderPageUrl(site, language, data.number) },
  });
  return { site: site.id, kind: message.kind, language, to: message.to, ...mail };
}

/** `order.status`: to the shopper, in the order's language: the order's new state, named as every page names it. */
export function orderStatusChanged(message: MessageOf<'order.status'>): OutboxMessage {
  const { site, data, language } = message;
  const t = translatorFor(language);
  const number = oneLine(data.number);
  const state = t(orderStateKey(data.status), { defaultValue: data.status });
  const mail = layoutMail({
    site: { id: site.id, brand: siteBrand(site, language), host: site.host, phone: site.phone, email: site.email },
    language,
    t,
    subject: t('mail.order.statusSubject', { number, state, brand: site.brand }),
    paragraphs: [
      t('mail.order.greetingPlain'),
      t('mail.order.statusText', { number, state }),
      ...(data.trackingNumber ? [t('mail.order.tracking', { tracking: oneLine(data.trackingNumber) })] : []),
    ],
    action: { label: t('mail.order.open'), url: orderPageUrl(site, language, data.number) },
  });
  return { site: site.id, kind: message.kind, language, to: message.to, ...mail };
}

/** `order.refunded`: to the shopper, in the order's language: how much of the payment went back. */
export function orderRefunded(message: MessageOf<'order.refunded'>): OutboxMessage {
  const { site, data, language } = message;
  const t = translatorFor(language);
  const number = oneLine(data.number);
  const amount = formatMoney(data.amount, data.currency, language);
  const mail = layoutMail({
    site: { id: site.id, brand: siteBrand(site, language), host: site.host, phone: site.phone, email: site.email },
    language,
    t,
    subject: t('mail.order.refundSubject', { number, brand: site.brand }),
    paragraphs: [t('mail.order.greetingPlain'), t('mail.order.refundText', { number, amount })],
    action: { label: t('mail.order.open'), url: orderPageUrl(site, language, data.number) },
  });
  return { site: site.id, kind: message.kind, language, to: message.to, ...mail };
}
