/**
 * The shell's navigation (spec §2): the header menu and the footer links, as data both the header and
 * the tests read. Labels are locale keys (shared/locales), paths are router-relative (the language
 * prefix is the router's basename).
 */

/** The category whose menu entry leads to the kits list rather than to its own url (spec §2). */
export const KITS_CATEGORY_ID = 20;
/** The named route of the kits list. */
export const KITS_PATH = '/komplekty-sumoizoliacii';
/** The materials catalogue: the menu entry that carries the category dropdown. */
export const MATERIALS_PATH = '/materials';

export interface NavLinkItem {
  path: string;
  /** Key under `nav.` in the locale files. */
  label: string;
}

/** Header menu in the spec's order; the catalogue entry (MATERIALS_PATH) opens the category dropdown. */
export const MAIN_MENU: readonly NavLinkItem[] = [
  { path: '/calc', label: 'calc' },
  { path: '/constructor', label: 'builder' },
  { path: MATERIALS_PATH, label: 'materials' },
  { path: '/handmade', label: 'handmade' },
  { path: '/stati', label: 'stati' },
  { path: '/stat-partnerom', label: 'partner' },
  { path: '/map', label: 'map' },
];

/** Footer links in the spec's order. */
export const FOOTER_LINKS: readonly NavLinkItem[] = [
  { path: '/about', label: 'about' },
  { path: '/about_noise_insulation', label: 'aboutNoise' },
  { path: '/news', label: 'news' },
  { path: '/oplata-i-vozvraty', label: 'payment' },
  { path: '/otzyvy-i-predlojeniya', label: 'write' },
  { path: '/about#contacts', label: 'contacts' },
  { path: '/voprosy-i-otvety', label: 'faq' },
];

/** Where a category's dropdown entry leads. */
export function categoryMenuUrl(category: { id: number; url: string }): string {
  return category.id === KITS_CATEGORY_ID ? KITS_PATH : category.url;
}

/** The privacy policy page of the site (its country's operator and law): the consents and the footer link to it. */
export const POLICY_PATH = '/politika-konfidencialnosti';

/** The policy PDF of spec §2's cookie banner. */
export const POLICY_PDF = '/docs/policy.pdf';

/** The `tel:` address of a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
