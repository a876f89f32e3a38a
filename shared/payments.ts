/** Online payment as the order pages show it (server/checkout/payments/ keeps the provider's side). */
export const PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface PaymentView {
  status: PaymentStatus;
  /** Why it failed: a provider's cancellation reason or 'provider_unavailable' / 'provider_rejected'. */
  reason: string | null;
  /** Whether the shopper may (re)start paying online: the pay button. */
  canPay: boolean;
}
