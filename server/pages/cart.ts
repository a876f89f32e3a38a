/**
 * /cart: the cart's lines priced from the site's list. Its action changes the cart — one product (add, set a
 * quantity, 0 removes) or a whole ready kit — for forms anywhere on the site (product pages, cards, kit pages).
 * Prices always come from the database, never from the form.
 */
import { z } from 'zod';
import { MAX_CART_LINES, MAX_QUANTITY } from '../../shared/cart.ts';
import { MAX_ID, SLUG_PATTERN } from '../../shared/catalog.ts';
import { diffCart } from '../../shared/ecommerce.ts';
import { type ActionArgs, type LoaderArgs, mutationDone, mutationFailed, readForm } from '../render/route-module.ts';
import { cartLinesForAnalytics } from '../services/cart-analytics.ts';

export async function loader({ context }: LoaderArgs) {
  const { services, session, site } = context;
  const entries = session.snapshot.cartCount > 0 ? await services.cart.entries(session.id, site.id, site.priceList) : [];
  return { entries, currency: site.currency };
}

const next = z.string().max(2000).optional();
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
const kitAdd = z.object({ intent: z.literal('kit'), slug: z.string().regex(SLUG_PATTERN, 'form.invalid'), next });

/**
 * Many products at once, all or none (the calculator's and constructor's 'Всё в корзину'): `lines` is
 * "productId:quantity" pairs separated by commas; each quantity is summed with the cart's and capped like one add.
 */
const linesAdd = z.object({
  intent: z.literal('lines'),
  lines: z
    .string()
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

export async function action(args: ActionArgs) {
  const { request, context } = args;
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
    const kit = await services.kits.find(change.slug, site);
    if (!kit) return refuse('form.invalid', 404);
    const refused = kit.purchasable ? await services.cart.addKit(session.id, site, kit.id) : 'not_sold';
    if (refused) return refuse('kits.notSold', 409);
  } else {
    const refused = await services.cart.change(session.id, site, change.productId, change.quantity, change.mode);
    if (refused) return refuse('form.notSold', 404);
  }
  const cartChanges = tracked ? diffCart(before, await cartLinesForAnalytics(services.db, session.id, site)) : undefined;
  return mutationDone(args, change.next, '/cart', { ok: true, ...(cartChanges ? { cartChanges } : {}) });
}
