/**
 * /calc: the calculator. Its loader gives the model (the calculator tables and this site's prices); the page
 * computes the answer from the query string with shared/calculator.ts, on the server for the first render and in
 * the browser as the choice changes (docs/decisions/028-calculator.md). Its action saves a result to /records for a
 * signed-in shopper (server/pages/helpers/save-calculation.ts, shared with /constructor).
 */
import { calcSearch, calculate, parseCalcQuery } from '../../shared/calculator.ts';
import type { LoaderArgs } from './helpers/route-module.ts';
import { saveAction } from './helpers/save-calculation.ts';

/** The input the action reads (test/text-fields.test.ts walks every action's declared inputs). */
export { saveForm } from './helpers/save-calculation.ts';

export async function loader({ context }: LoaderArgs) {
  const model = await context.services.calculator.model(context.site, context.language);
  return { model, currency: context.site.currency };
}

export const action = saveAction('calculation', '/calc', (model, query) => {
  const { state } = parseCalcQuery(model, query);
  return { search: calcSearch(state), totals: calculate(model, state).totals, zones: state.zones.length };
});
