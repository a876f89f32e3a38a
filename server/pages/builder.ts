/**
 * /constructor: the shopper builds the treatment by hand, zone by zone and layer by layer, on the same model as
 * the calculator (server/pages/calc.ts); the page computes from its query string. Its action saves the result.
 */
import { buildSearch, construct, parseBuildQuery } from '../../shared/calculator.ts';
import type { LoaderArgs } from './helpers/route-module.ts';
import { saveAction } from './helpers/save-calculation.ts';

/** The input the action reads (test/text-fields.test.ts walks every action's declared inputs). */
export { saveForm } from './helpers/save-calculation.ts';

export async function loader({ context }: LoaderArgs) {
  const model = await context.services.calculator.model(context.site, context.language);
  return { model, currency: context.site.currency };
}

export const action = saveAction('construction', '/constructor', (model, query) => {
  const { state } = parseBuildQuery(model, query);
  return { search: buildSearch(state), totals: construct(model, state).totals, zones: state.zones.length };
});
