/**
 * Every route of the back office, in one table (decision 049): each route names its method and address, the area it
 * belongs to (roles.ts decides who enters), its zod schemas and its handler. Each area keeps its routes in its own
 * module beside this one (common.tsx holds what they share). server/http/staff.ts registers the table behind the
 * staff hooks; test/staff.test.ts walks the same table, so a new staff page cannot escape the access checks.
 *
 * Pages answer HTML (server-rendered, views/); a form posts, the change is made through the domain module that owns
 * it (orders: server/checkout/order-workflow.ts; staff: staff.ts), and the answer is a 303 back to a page (PRG).
 */

import { adminRoutes } from './admin.tsx';
import { calculatorRoutes } from './calculator.tsx';
import { calculatorStructureRoutes } from './calculator-structure.tsx';
import { catalogueRoutes } from './catalogue.tsx';
import type { StaffRoute } from './common.tsx';
import { contentRoutes } from './content.tsx';
import { inboxRoutes } from './inbox.tsx';
import { orderRoutes } from './orders.tsx';
import { productImageRoutes } from './product-images.tsx';
import { productRoutes } from './products.tsx';
import { signInRoutes } from './sign-in.tsx';
import { stockRoutes } from './stock.tsx';

export type { StaffAccess, StaffContext, StaffRoute, StaffServices } from './common.tsx';
export { forbidden } from './common.tsx';
export { CSV_MAX_BYTES } from './stock.tsx';

export const STAFF_ROUTES: StaffRoute[] = [
  ...signInRoutes,
  ...adminRoutes,
  ...orderRoutes,
  ...inboxRoutes,
  ...stockRoutes,
  ...productRoutes,
  ...productImageRoutes,
  ...catalogueRoutes,
  ...contentRoutes,
  ...calculatorRoutes,
  ...calculatorStructureRoutes,
];
