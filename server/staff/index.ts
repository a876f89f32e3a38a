/** The public face of server/staff/: the back office's members, roles and route table (decision 049). */
export { ALL_SITES_AREAS, isStaffRole, mayEnter, mayUse, ROLE_AREAS, STAFF_ROLES, type StaffArea, type StaffRole } from './roles.ts';
export { CSV_MAX_BYTES, forbidden, STAFF_ROUTES, type StaffContext, type StaffRoute } from './routes/index.tsx';
export { StaffError, type StaffMember, StaffService, type StaffSession } from './staff.ts';
export type { StaffAssets } from './views/layout.tsx';
