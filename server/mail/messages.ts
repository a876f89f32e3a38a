/**
 * The mails the shop sends, as typed messages (decision 032): a feature says WHAT happened — `kind`, the recipient,
 * the site and language it is about, and the data the mail shows — and the mail room (server/mail/mailer.ts) renders
 * it with its kind's template and queues it in the feature's transaction. Features never build subjects, text or
 * HTML themselves.
 *
 * A message's `kind` is also the outbox row's kind (logs, metrics' `kind` label): adding a kind here makes the type
 * checker ask for its template (server/mail/mailer.ts) and test/mail-kinds.test.ts for a sample.
 */
import type { Localized, PaymentKind } from '../../shared/commerce-config.ts';
import type { AppointmentInput, MessageInput, PartnerInput, ReviewInput } from '../../shared/forms.ts';
import type { OrderState } from '../../shared/orders.ts';
import type { Language, Site } from '../../shared/sites.ts';

/** Whom and where a mail is about: the site (brand, contacts, the host its links lead to) and the visitor's language. */
export interface MailContext {
  site: Site;
  /**
   * The language of the visitor or order the mail is about. A mail to the shopper is written in it (its links
   * lead to the site in it); a notice to the shop is written in Russian all the same and may name it.
   */
  language: Language;
}

interface Envelope<K extends string, D> extends MailContext {
  kind: K;
  /** One e-mail address. */
  to: string;
  data: D;
}

// ---- orders (server/mail/order-mails.ts) ------------------------------------------------------------------------

/** An order as its mails show it, in its own language (the message's) and the site's currency. */
export interface PlacedOrder {
  id: number;
  number: string;
  /** The order's state when the mail was written (shared/orders.ts ORDER_STATES): the mail names it as every page does. */
  status: OrderState;
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

export type OrderMessage =
  /** To the shopper, in the order's language: thanks, what was ordered, delivery and payment, a link to the order. */
  | Envelope<'order.confirmation', PlacedOrder>
  /** To the shop (the site's order address), in Russian; a reply goes to the shopper. */
  | Envelope<'order.new', PlacedOrder>
  /** To the shop, in Russian: an unpaid online order now pays by another (offline) method. */
  | Envelope<'order.payment-changed', { orderId: number; number: string; method: Localized }>
  /** To the shopper, in the order's language: the order lapsed unpaid or unconfirmed, was cancelled, its stock released. */
  | Envelope<'order.cancelled', { orderId: number; number: string; reason: 'unpaid' | 'unconfirmed' }>
  /**
   * To the shopper, in the order's language: the shop moved the order to another state (the back office, issue 21);
   * a shipped order's mail carries its tracking number.
   */
  | Envelope<'order.status', { orderId: number; number: string; status: OrderState; trackingNumber: string | null }>
  /** To the shopper, in the order's language: the shop refunded (part of) the online payment. */
  | Envelope<'order.refunded', { orderId: number; number: string; amount: number; currency: string }>;

// ---- accounts (server/mail/account-mails.ts) --------------------------------------------------------------------

/** What each account mail shows; a mail with a link carries the link's secret (`token`). */
export interface AccountMailData {
  /** Confirm the e-mail of a new account. */
  confirm: { name: string; token: string };
  /** Someone registered (or asked to move an account) with an address that already has an account. */
  registeredAgain: Record<string, never>;
  /** A password reset link. */
  reset: { token: string };
  passwordChanged: Record<string, never>;
  /** Confirm the new address of an e-mail change (sent to the new address). */
  emailChange: { name: string; token: string };
  /** An e-mail change was asked for (sent to the old address), naming the new one. */
  emailChangeNotice: { email: string };
  deleted: Record<string, never>;
}
export type AccountMailKind = keyof AccountMailData;

/** To the account's owner, in the visitor's language, with a link to the site in that language. */
export type AccountMessage = { [K in AccountMailKind]: Envelope<`account.${K}`, AccountMailData[K]> }[AccountMailKind];

// ---- the public forms (server/mail/form-mails.ts) ---------------------------------------------------------------

/** Every form notice names the stored submission's number. */
interface Submission {
  id: number;
}

/** Notices to the shop (the site's e-mail) of a stored submission, in Russian, naming the visitor's language. */
export type FormMessage =
  | Envelope<'form.review', Submission & ReviewInput>
  | Envelope<'form.message', Submission & MessageInput>
  | Envelope<'form.partner', Submission & PartnerInput>
  | Envelope<
      'form.appointment',
      Submission &
        AppointmentInput & {
          /** The signed-in shopper, if any. */
          userId: number | null;
        }
    >;

// ---------------------------------------------------------------------------------------------------------------

/** Every mail the shop sends. */
export type MailMessage = OrderMessage | AccountMessage | FormMessage;
export type MailKind = MailMessage['kind'];
/** The message of one kind. */
export type MessageOf<K extends MailKind> = Extract<MailMessage, { kind: K }>;
