/**
 * The shop's requisites as the invoice prints them (legal name, ИНН/КПП/ОГРН, address, bank), from the site's
 * `requisites` in the sites config (shared/commerce-config.ts, validated at boot), and the VAT rate the invoice
 * states. A site without requisites gets an invoice saying the manager will send one (null here).
 */
import type { Site } from '../../../shared/sites.ts';

export interface ShopRequisites {
  /** Legal name: ООО «ТихоАвто». */
  name: string;
  inn: string;
  kpp?: string;
  ogrn?: string;
  address: string;
  bank: { name: string; bik: string; account: string; corrAccount?: string };
}

/** The site's requisites, or null when it has none. */
export function shopRequisites(site: Pick<Site, 'requisites'>): ShopRequisites | null {
  const r = site.requisites;
  if (!r) return null;
  return {
    name: r.legalName,
    inn: r.inn,
    kpp: r.kpp,
    ogrn: r.ogrn,
    address: r.address,
    bank: { name: r.bank, bik: r.bik, account: r.account, corrAccount: r.correspondentAccount },
  };
}

/**
 * The VAT rate in percent a receipt's vat_code stands for (54-FZ codes of the ЮKassa API); null: без НДС.
 * 2 is 0 %; 3/5 10 %; 4/6 20 %; 7/9 5 %; 8/10 7 %; 11/12 22 %.
 */
export function vatRate(vatCode: number | null): number | null {
  const rates: Record<number, number> = { 2: 0, 3: 10, 4: 20, 5: 10, 6: 20, 7: 5, 8: 7, 9: 5, 10: 7, 11: 22, 12: 22 };
  return vatCode === null ? null : (rates[vatCode] ?? null);
}
