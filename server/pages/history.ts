/** /history (personal guard): the account's orders on this site. */
import type { GuardName } from '../../shared/routes.ts';
import type { LoaderArgs } from '../render/route-module.ts';
import { withoutOwner } from '../services/orders.ts';

export const guard: GuardName = 'personal';

export async function loader({ context }: LoaderArgs) {
  const orders = await context.services.orders.listForUser(context.session.snapshot.userId!, context.site);
  return { orders: orders.map(withoutOwner) };
}
