/** /history (personal guard): the account's orders on this site, newest first, HISTORY_PAGE_SIZE a page (?page=N). */
import { z } from 'zod';
import type { GuardName } from '../../shared/routes.ts';
import { type LoaderArgs, queryObject } from './helpers/route-module.ts';

export const guard: GuardName = 'personal';

/** ?page=N: a page number; anything else is page 1 (a page past the end is the last). */
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100000).catch(1).default(1) });

export async function loader({ request, context }: LoaderArgs) {
  const { page } = pageQuery.parse(queryObject(request));
  return context.services.accountOrders.page(context.session.snapshot.userId!, context.site, page, context.language);
}
