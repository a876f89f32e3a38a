/**
 * /calc: the calculator. Its loader gives the model (the calculator tables and this site's prices); the page
 * computes the answer from the query string with shared/calculator.ts, on the server for the first render and in
 * the browser as the choice changes (docs/decisions/028-calculator.md). Its action saves a result to /records for a
 * signed-in shopper; the saved figures are recomputed here from the query, never taken from the form.
 */
import { z } from 'zod';
import { type CalcModel, type CalcTotals, calcSearch, calculate, parseCalcQuery } from '../../shared/calculator.ts';
import type { RecordKind } from '../accounts/index.ts';
import { type ActionArgs, type LoaderArgs, mutationDone, mutationFailed, readForm } from '../render/route-module.ts';

export async function loader({ context }: LoaderArgs) {
  const model = await context.services.calculator.model(context.site);
  return { model, currency: context.site.currency };
}

/** Saving a result: the shopper's name for it and the page's query (the state it reopens). */
export const saveForm = z.object({
  intent: z.literal('save', 'form.invalid'),
  title: z.string('form.required').trim().min(1, 'form.required').max(200, 'calc.save.tooLong'),
  query: z.string().max(4000, 'form.invalid').default(''),
  next: z.string().max(2000).optional(),
});

/** The action of /calc and /constructor: the same save, each page's own parser and record kind. */
export function saveAction(
  kind: RecordKind,
  path: string,
  compute: (model: CalcModel, query: string) => { search: URLSearchParams; totals: CalcTotals; zones: number },
) {
  return async (args: ActionArgs) => {
    const { request, context } = args;
    const { services, session, site } = context;
    const form = await readForm(request, saveForm);
    if (!form.ok) return mutationFailed(args, form, form.values.next, path, form.result, 400);
    const userId = session.snapshot.userId;
    if (userId === null) {
      return mutationFailed(args, form, form.data.next, path, { ok: false, errors: { '': 'calc.save.signIn' }, values: form.values }, 401);
    }
    const model = await services.calculator.model(site);
    const { search, totals, zones } = compute(model, form.data.query.replace(/^\?/, ''));
    const link = `${path}?${search}`;
    await services.records.add({
      userId,
      site: site.id,
      kind,
      title: form.data.title,
      link,
      details: { price: totals.price, currency: site.currency, massKg: Math.round(totals.massKg * 10) / 10, sheets: totals.sheets, zones },
    });
    return mutationDone(args, form.data.next, path, { ok: true });
  };
}

export const action = saveAction('calculation', '/calc', (model, query) => {
  const { state } = parseCalcQuery(model, query);
  return { search: calcSearch(state), totals: calculate(model, state).totals, zones: state.zones.length };
});
