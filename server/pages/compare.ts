/**
 * /compare: the visitor's compare list grouped by category (at most MAX_COMPARE_ITEMS products). Its action adds
 * or removes one product, or clears the list, for the toggles on cards and product pages.
 */
import { z } from 'zod';
import { MAX_ID } from '../../shared/catalog.ts';
import { plainText } from '../../shared/text.ts';
import { type ActionArgs, type LoaderArgs, mutationDone, mutationFailed, readForm } from './helpers/route-module.ts';

export async function loader({ context }: LoaderArgs) {
  const { session, site, services, language } = context;
  const products = session.snapshot.compareCount > 0 ? await services.compare.list(session.id, site.priceList, language) : [];
  return { products, currency: site.currency };
}

const next = plainText().max(2000).optional();
const productId = z.coerce.number('form.invalid').int('form.invalid').positive('form.invalid').max(MAX_ID, 'form.invalid');

export const compareForm = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('add'), productId, next }),
    z.object({ intent: z.literal('remove'), productId, next }),
    z.object({ intent: z.literal('clear'), next }),
  ],
  'form.invalid',
);

export async function action(args: ActionArgs) {
  const { request, context } = args;
  const { compare } = context.services;
  const sessionId = context.session.id;
  const form = await readForm(request, compareForm);
  if (!form.ok) return mutationFailed(args, form, form.values.next, '/compare', form.result, 400);
  const change = form.data;
  if (change.intent === 'clear') await compare.clear(sessionId);
  else if (change.intent === 'remove') await compare.remove(sessionId, change.productId);
  else {
    const refused = await compare.add(sessionId, change.productId);
    if (refused) {
      const [message, status] = refused === 'full' ? ['form.compareFull', 409] : ['form.invalid', 404];
      return mutationFailed(
        args,
        form,
        change.next,
        '/compare',
        { ok: false, errors: { '': message }, values: form.values },
        status as number,
      );
    }
  }
  return mutationDone(args, change.next, '/compare', { ok: true });
}
