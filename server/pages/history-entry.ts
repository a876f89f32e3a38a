/**
 * /history/{number} (personal guard): one of the account's orders; another account's order is the 404 page.
 * Its action repeats the order ('Повторить заказ'): the lines still sold go into the cart at today's prices and the
 * answer says what changed (prices, lines no longer sold).
 */
import { z } from 'zod';
import type { GuardName } from '../../shared/routes.ts';
import { plainText } from '../../shared/text.ts';
import type { RepeatSummary } from '../accounts/index.ts';
import { orderNumberParam } from '../checkout/index.ts';
import { orderIdOf } from './helpers/order-address.ts';
import {
  type ActionArgs,
  type LoaderArgs,
  mutationDone,
  mutationFailed,
  notFoundError,
  readForm,
  routeParams,
} from './helpers/route-module.ts';

export const guard: GuardName = 'personal';

export const params = z.object({ id: orderNumberParam });

export async function loader(args: LoaderArgs) {
  const { request, context } = args;
  const id = await orderIdOf(args, routeParams(params, args).id);
  const order = await context.services.accountOrders.entry(context.session.snapshot.userId!, id, context.site, context.language);
  if (!order) throw notFoundError(request.url);
  return { order };
}

export const repeatForm = z.object({ intent: z.literal('repeat', 'form.invalid'), next: plainText().max(2000).optional() });

/** The repeat's outcome as the page shows it; without JavaScript it travels in the flash as one JSON value. */
export type RepeatResult = { ok: true; summary: RepeatSummary; values?: Record<string, string> };

export async function action(args: ActionArgs) {
  const { request, context } = args;
  const { id: number } = routeParams(params, args);
  const id = await orderIdOf(args, number);
  const form = await readForm(request, repeatForm);
  if (!form.ok) return mutationFailed(args, form, form.values.next, `/history/${number}`, form.result, 400);
  const summary = await context.services.accountOrders.repeat(context.session.snapshot.userId!, id, context.session.id, context.site);
  if (!summary) throw notFoundError(request.url);
  if (context.document)
    context.effects.flash = { form: form.key, result: { ok: true, values: { summary: JSON.stringify(summary).slice(0, 2000) } } };
  return mutationDone(args, form.data.next, `/history/${number}`, { ok: true, summary } satisfies RepeatResult);
}
