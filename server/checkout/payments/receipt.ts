/**
 * The 54-FZ receipt a payment carries: the buyer's contact and one line per good, then the delivery — in the
 * provider's format, adding up to the order's total to the kopeck or not sent at all.
 */
import { type AttemptDetails, DESCRIPTION_MAX, type PayableOrder } from './attempts.ts';
import { formatAmount, type ReceiptItem } from './yookassa.ts';

/** The e-mail (preferred) or the phone as the receipt wants it: digits of E.164 without "+". */
export function receiptCustomer(customer: { email?: string | null; phone?: string | null }): AttemptDetails['customer'] {
  const email = customer.email?.trim();
  if (email) return { email };
  const phone = customer.phone?.replace(/\D/g, '');
  return phone ? { phone } : {};
}

/** The receipt lines (goods, then delivery); null when they do not add up to the order total. */
export function receiptItems(
  order: Pick<PayableOrder, 'total' | 'currency' | 'items'>,
  details: AttemptDetails,
  vatCode: number,
): ReceiptItem[] | null {
  const currency = order.currency.trim();
  const lines: ReceiptItem[] = order.items.map((item) => ({
    description: fitDescription(item.title),
    quantity: item.quantity,
    amount: { value: formatAmount(Number(item.price)), currency },
    vat_code: vatCode,
    payment_subject: 'commodity',
    payment_mode: 'full_prepayment',
  }));
  if (details.delivery) {
    lines.push({
      description: fitDescription(details.delivery.title),
      quantity: 1,
      amount: { value: formatAmount(details.delivery.price), currency },
      vat_code: vatCode,
      payment_subject: 'service',
      payment_mode: 'full_prepayment',
    });
  }
  // In kopecks, so that 0.1 + 0.2 is not the question.
  const sum = lines.reduce((s, l) => s + Math.round(Number(l.amount.value) * 100) * l.quantity, 0);
  return lines.length > 0 && sum === Math.round(Number(order.total) * 100) ? lines : null;
}

/** The payment's description the shopper reads at the provider. */
export function paymentDescription(orderNumber: string): string {
  return `Заказ №${orderNumber}`.slice(0, DESCRIPTION_MAX);
}

/** One line of text within the API's description limit, cut with an ellipsis. */
function fitDescription(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= DESCRIPTION_MAX ? chars.join('') : chars.slice(0, DESCRIPTION_MAX - 1).join('') + '…';
}
