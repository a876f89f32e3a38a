/**
 * Pages that address one order (/cart/{result}/{number}, /cart/invoice/{number}, /history/{number}) name it by its
 * public number (decision 036); the services key orders by id. This resolves one to the other on the visitor's site.
 */
import { type ActionArgs, type LoaderArgs, notFoundError } from './route-module.ts';

/** The id of the site's order numbered `number`; the 404 page when the site has none. */
export async function orderIdOf(args: LoaderArgs | ActionArgs, number: string): Promise<number> {
  const id = await args.context.services.orders.idOf(number, args.context.site);
  if (id === undefined) throw notFoundError(args.request.url);
  return id;
}
