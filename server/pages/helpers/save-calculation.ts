/**
 * Saving a calculator result to /records for a signed-in shopper: the action of /calc (server/pages/calc.ts) and of
 * /constructor (server/pages/builder.ts), each with its own query parser and record kind. The saved figures are
 * recomputed from the query, never taken from the form (docs/decisions/028-calculator.md).
 */
import { z } from 'zod';
import type { CalcModel, CalcTotals } from '../../../shared/calculator.ts';
import { plainText } from '../../../shared/text.ts';
import type { RecordKind } from '../../accounts/index.ts';
import { type ActionArgs, mutationDone, mutationFailed, readForm } from './route-module.ts';

/** Saving a result: the shopper's name for it and the page's query (the state it reopens). */
export const saveForm = z.object({
  intent: z.literal('save', 'form.invalid'),
  title: plainText({ missing: 'form.required' }).trim().min(1, 'form.required').max(200, 'calc.save.tooLong'),
  query: plainText().max(4000, 'form.invalid').default(''),
  next: plainText().max(2000).optional(),
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
    const model = await services.calculator.model(site, context.language);
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
