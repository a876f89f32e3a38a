/** The public face of server/checkout/: what the rest of the server imports from it. */
export { type CheckoutRefusal, CheckoutService, deliveryOptions } from './checkout.ts';
export {
  ORDER_DESK_PAGE_SIZE,
  ORDER_EXPORT_LIMIT,
  OrderDesk,
  type OrderDeskFilter,
  type OrderDeskOrder,
  type OrderDeskRow,
} from './order-desk.ts';
export { inScope, type MoveResult, type OrderMove, OrderWorkflow, type SiteScope } from './order-workflow.ts';
export {
  CART_RESULTS,
  ORDER_NUMBER_PATTERN,
  OrderService,
  orderNumberParam,
  PAYMENT_STATE_SQL,
  UserService,
  withoutOwner,
} from './orders.ts';
export { PaymentService, type PaymentView, type ProviderUrl } from './payments/payments.ts';
export { PAYMENT_STATUSES } from './payments/yookassa.ts';
export { cartTotal, priceContents } from './pricing.ts';
export { requisitesFor, shopRequisites, vatRate } from './requisites.ts';
export { type PriceSummary, type SiteOffer, siteOffer } from './site-offer.ts';
