/**
 * /cart: the cart's lines priced from the site's list, with the kit discounts, and the order form (?step=checkout).
 * Its action changes the cart — one product (add, set a quantity, 0 removes) or a whole ready kit — for forms
 * anywhere on the site (product pages, cards, kit pages), and places the order (intent=checkout, decision 022).
 * Prices always come from the database, never from the form.
 */
import { z } from 'zod';
import { MAX_CART_LINES, MAX_QUANTITY } from '../../shared/cart.ts';
import { MAX_ID, SLUG_PATTERN } from '../../shared/catalog.ts';
import { checkoutSchema } from '../../shared/checkout.ts';
import { legalEntitiesAccepted, offeredPayments } from '../../shared/checkout-fields.ts';
import { localized } from '../../shared/delivery.ts';
import { diffCart } from '../../shared/ecommerce.ts';
import { phoneExample } from '../../shared/phone.ts';
import { plainText } from '../../shared/text.ts';
import { cartLinesForAnalytics } from '../cart/index.ts';
import { type CheckoutRefusal, deliveryOptions, priceContents } from '../checkout/index.ts';
import { payOrderOnline } from './helpers/order-payment.ts';
import { type ActionArgs, continueTo, type LoaderArgs, mutationDone, mutationFailed, readForm } from './helpers/route-module.ts';

export async function loader({ context }: LoaderArgs) {
  const { services, session, site } = context;
  // The one cart read, priced by the one pricing entry. Read even when the header counts nothing: a cart may hold only
  // lines no longer sold, which the page still shows (cart.unavailable), uncounted and uncharged (decision 031).
  const {
    stock,
    cartId: _cartId,
    ...priced
  } = priceContents(await services.cart.read(session.id, site, undefined, context.language), site.rounding);
  return {
    // The spec's entries (§3) for the cart table; the priced cart (kit discounts, weight, lines no longer sold) beside them.
    entries: priced.lines.map(({ sku, quantity }) => ({ sku, quantity })),
    cart: {
      ...priced,
      lines: priced.lines.map((line) => {
        const s = stock.get(line.sku.id);
        // How many the shop can sell of it now: null when it is made to order (no limit).
        return { ...line, available: !s || s.madeToOrder ? null : s.stock };
      }),
    },
    currency: site.currency,
    checkout: priced.lines.length > 0 ? await checkoutData(context) : null,
  };
}

/** What the order form needs: a fresh checkout key, the site's methods in the visitor's language, prefilled details. */
async function checkoutData(context: LoaderArgs['context']) {
  const { services, session, site, language } = context;
  const userId = session.snapshot.userId;
  // A returning customer: contact details from the profile, the address book's addresses on this site to choose from.
  const [user, savedAddresses] =
    userId !== null ? await Promise.all([services.users.find(userId), services.addressBook.list(userId, site.id)]) : [undefined, []];
  const online = services.checkout.onlineAvailable(site);
  return {
    key: services.checkout.newKey(session.id),
    // The most units of one product sold from stock an order may take (the form's refusal names it).
    maxUnitsPerProduct: services.checkout.rules.maxUnitsPerProduct,
    country: site.country,
    legalEntities: legalEntitiesAccepted(site.country),
    phoneExample: phoneExample(site.country),
    delivery: deliveryOptions(site.delivery, language),
    payment: offeredPayments(site.payment, { online, customerType: 'legal' }).map((m) => ({
      id: m.id,
      kind: m.kind,
      legalOnly: m.legalOnly,
      label: localized(m.label, language),
      terms: localized(m.terms, language),
    })),
    prefill: { name: user?.name ?? '', email: user?.email ?? '', phone: user?.phone ?? '' },
    savedAddresses: savedAddresses.map(({ id, city, address }) => ({ id, city, address })),
  };
}

const next = plainText().max(2000).optional();
const productId = z.coerce.number('form.invalid').int('form.invalid').positive('form.invalid').max(MAX_ID, 'form.invalid');

/** One product: `add` sums with what is there (capped at 999), `set` replaces it (0 removes the line). */
const itemChange = z
  .object({
    intent: z.literal('item'),
    productId,
    quantity: z.coerce.number('form.quantity').int('form.quantity').min(0, 'form.quantity').max(MAX_QUANTITY, 'form.quantity').default(1),
    mode: z.enum(['add', 'set'], 'form.invalid').default('add'),
    next,
  })
  .refine((b) => b.mode === 'set' || b.quantity > 0, { message: 'form.quantity', path: ['quantity'] });

/** Every line of a ready kit at once, or none when the site does not sell all of them. */
const kitAdd = z.object({ intent: z.literal('kit'), slug: plainText().regex(SLUG_PATTERN, 'form.invalid'), next });

/**
 * Many products at once, all or none (the calculator's and constructor's 'Всё в корзину'): `lines` is
 * "productId:quantity" pairs separated by commas; each quantity is summed with the cart's and capped like one add.
 */
const linesAdd = z.object({
  intent: z.literal('lines'),
  lines: plainText()
    .max(2000, 'form.invalid')
    .regex(/^\d{1,10}:\d{1,3}(,\d{1,10}:\d{1,3})*$/, 'form.invalid')
    .transform((text) =>
      text.split(',').map((pair) => {
        const [id, quantity] = pair.split(':');
        return { productId: Number(id), quantity: Number(quantity) };
      }),
    )
    .refine(
      (lines) =>
        lines.length <= MAX_CART_LINES &&
        lines.every((l) => l.productId >= 1 && l.productId <= MAX_ID && l.quantity >= 1 && l.quantity <= MAX_QUANTITY),
      'form.invalid',
    ),
  next,
});

export const cartForm = z.discriminatedUnion('intent', [itemChange, kitAdd, linesAdd], 'form.invalid');
/** The order form (intent 'checkout'), declared in shared/checkout.ts: the action reads it too. */
export { checkoutSchema };

/** The cart page's address with the order form open (no-JS posts come back here on an error). */
export const CHECKOUT_STEP_PATH = '/cart?step=checkout';

export async function action(args: ActionArgs) {
  const { request, context } = args;
  // The order form's schema is the site's (its country, methods), so its intent is told apart before parsing.
  if ((await request.clone().formData()).get('intent') === 'checkout') return checkout(args);
  const { services, session, site } = context;
  const form = await readForm(request, cartForm);
  if (!form.ok) return mutationFailed(args, form, form.values.next, '/cart', form.result, 400);
  const change = form.data;
  const refuse = (message: string, status: number) =>
    mutationFailed(args, form, change.next, '/cart', { ok: false, errors: { '': message }, values: form.values }, status);
  // A site with an analytics counter learns what the change did (its e-commerce add/remove events, decision 025).
  const tracked = site.tags?.analytics && !context.document;
  const before = tracked ? await cartLinesForAnalytics(services.db, session.id, site) : [];

  if (change.intent === 'lines') {
    if (await services.cart.addLines(session.id, site, change.lines)) return refuse('form.notSold', 409);
  } else if (change.intent === 'kit') {
    const kit = await services.kits.find(change.slug, site, context.language);
    if (!kit) return refuse('form.invalid', 404);
    const refused = kit.purchasable ? await services.cart.addKit(session.id, site, kit.id) : 'not_sold';
    if (refused) return refuse('kits.notSold', 409);
  } else {
    const refused = await services.cart.change(session.id, site, change.productId, change.quantity, change.mode);
    if (refused) return refuse('form.notSold', 404);
  }
  const cartChanges = tracked ? diffCart(before, await cartLinesForAnalytics(services.db, session.id, site)) : undefined;
  // Without JavaScript the page the post returns to says it was added, beside the form that added it (a post that
  // named no form has nowhere to say it: no flash).
  if (context.document && form.key) context.effects.flash = { form: form.key, result: { ok: true } };
  return mutationDone(args, change.next, '/cart', { ok: true, ...(cartChanges ? { cartChanges } : {}) });
}

/** Messages of a refused order, by reason (checkout.*); the page shows them with the cart's fresh data. */
const REFUSAL: Record<CheckoutRefusal['reason'], { field: string; message: string }> = {
  empty: { field: '', message: 'checkout.empty' },
  stock: { field: '', message: 'checkout.stock' },
  quantityCap: { field: '', message: 'checkout.quantityCap' },
  tooManyOrders: { field: '', message: 'checkout.tooManyOrders' },
  priceChanged: { field: '', message: 'checkout.priceChanged' },
  delivery: { field: 'delivery', message: 'checkout.deliveryUnavailable' },
  payment: { field: 'payment', message: 'checkout.paymentUnavailable' },
  staleForm: { field: '', message: 'checkout.staleForm' },
};

/**
 * intent=checkout: places the order (services.checkout.place, one transaction) and goes to its result page, with or
 * without JavaScript. A refused form comes back beside its fields (400); a refused order (stock, prices, a method
 * that cannot carry the cart) is 409 and nothing is placed.
 */
async function checkout(args: ActionArgs) {
  const { request, context } = args;
  const { services, session, site, language } = context;
  const form = await readForm(request, checkoutSchema(site));
  if (!form.ok) return mutationFailed(args, form, form.values.next, CHECKOUT_STEP_PATH, form.result, 400);
  const placed = await services.checkout.place({
    site,
    language,
    sessionId: session.id,
    userId: session.snapshot.userId,
    clientAddress: context.clientAddress,
    form: form.data,
  });
  if (placed.ok) {
    // An online method: off to the provider (or to the order's page when paying cannot start now; the order stays).
    if (placed.paysOnline) return payOrderOnline(args, placed);
    return continueTo(args, undefined, `/cart/success/${placed.number}`);
  }
  const { field, message } = REFUSAL[placed.reason];
  // Too many orders (decision 036): 429, and the answer says when to try again.
  if (placed.reason === 'tooManyOrders') context.effects.retryAfterSeconds = placed.retryAfterSeconds;
  return mutationFailed(
    args,
    form,
    form.data.next,
    CHECKOUT_STEP_PATH,
    { ok: false, errors: { [field]: message }, values: form.values },
    placed.reason === 'tooManyOrders' ? 429 : 409,
  );
}
