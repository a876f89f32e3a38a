/**
 * Who in the staff may do what (issue 21, docs/decisions/049-back-office.md). A role grants areas; every staff route
 * names the area it belongs to (routes.ts), and the route table is the one place access is decided. A member's site
 * scope (staff_members.sites) further narrows what they see of site-bound data: orders, leads, reviews.
 */
export const STAFF_ROLES = ['owner', 'manager', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_AREAS = [
  'dashboard',
  'orders',
  'leads',
  'stock',
  'catalogue',
  'content',
  'reviews',
  'calculator',
  'staff',
  'audit',
] as const;
export type StaffArea = (typeof STAFF_AREAS)[number];

/**
 * owner: everything, the catalogue (products) and the staff included; manager: orders, leads, prices and stock;
 * content: content, reviews, the calculator's tables.
 */
export const ROLE_AREAS: Readonly<Record<StaffRole, readonly StaffArea[]>> = {
  owner: STAFF_AREAS,
  manager: ['dashboard', 'orders', 'leads', 'stock'],
  content: ['dashboard', 'content', 'reviews', 'calculator'],
};

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: 'Владелец',
  manager: 'Менеджер',
  content: 'Контент-редактор',
};

export function mayEnter(role: StaffRole, area: StaffArea): boolean {
  return ROLE_AREAS[role].includes(area);
}

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * Areas whose data serves every site — the catalogue (products, categories, kits, photos) and the calculator's tables —
 * or governs the staff themselves (members, the audit log). A member with a site scope may read the catalogue and the
 * calculator but change neither, and does not enter members or the audit log: a Kazakh owner must not change what
 * the Russian site sells, read other sites' trail, or make themselves unscoped.
 */
export const ALL_SITES_AREAS: readonly StaffArea[] = ['catalogue', 'calculator', 'staff', 'audit'];
const READ_ONLY_WHEN_SCOPED: readonly StaffArea[] = ['catalogue', 'calculator'];

/** Whether a member (their role and site scope; null: every site) may use a route of `area` with `method`. */
export function mayUse(member: { role: StaffRole; sites: readonly string[] | null }, area: StaffArea, method: 'GET' | 'POST'): boolean {
  if (!mayEnter(member.role, area)) return false;
  if (member.sites === null || !ALL_SITES_AREAS.includes(area)) return true;
  return method === 'GET' && READ_ONLY_WHEN_SCOPED.includes(area);
}
