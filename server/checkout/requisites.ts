/**
 * The seller's requisites per site, from the site's `requisites` in the sites config (shared/commerce-config.ts,
 * validated at boot), in the two shapes the pages show them:
 *
 * - requisitesFor(site): the rows under the contacts of /about (a distance seller must publish them), labelled as the
 *   site's country names its documents, with the site's pickup point;
 * - shopRequisites(site): the invoice's seller block (legal name, ИНН/КПП/ОГРН, address, bank), with vatRate() for the
 *   VAT the invoice states. A site without requisites gets an invoice saying the manager will send one (null).
 */
import type { Site } from '../../shared/sites.ts';

// ---- /about -----------------------------------------------------------------------------------------------------

export interface Requisites {
  /** Rows in display order: label (Russian, as a legal document) and value. */
  rows: { label: string; value: string }[];
  /** Where shoppers may come in person (the pickup point); empty when the site has none. */
  address: string;
  /** Its opening hours. */
  hours: string;
}

/** What each country calls the tax number, the bank's code and the account. */
const LABELS: Record<Site['country'], { tax: string; bank: string; account: string }> = {
  RU: { tax: 'ИНН', bank: 'БИК', account: 'Расчётный счёт' },
  KZ: { tax: 'БИН', bank: 'БИК', account: 'ИИК' },
  MD: { tax: 'IDNO', bank: 'Код банка', account: 'IBAN' },
  UZ: { tax: 'ИНН', bank: 'МФО', account: 'Расчётный счёт' },
  KG: { tax: 'ИНН', bank: 'БИК', account: 'Расчётный счёт' },
};

/** The site's requisites and pickup point, from its configuration. */
export function requisitesFor(site: Pick<Site, 'country' | 'requisites' | 'delivery'>): Requisites {
  const r = site.requisites;
  const labels = LABELS[site.country];
  const rows = r
    ? [
        { label: 'Продавец', value: r.legalName },
        { label: r.kpp ? `${labels.tax} / КПП` : labels.tax, value: r.kpp ? `${r.inn} / ${r.kpp}` : r.inn },
        ...(r.ogrn ? [{ label: 'ОГРН', value: r.ogrn }] : []),
        { label: 'Юридический адрес', value: r.address },
        { label: 'Банк', value: `${r.bank}, ${labels.bank} ${r.bik}` },
        { label: labels.account, value: r.account },
        ...(r.correspondentAccount ? [{ label: 'Корр. счёт', value: r.correspondentAccount }] : []),
      ]
    : [];
  const point = site.delivery.find((m) => m.kind === 'pickup')?.points?.[0];
  return { rows, address: point?.address ?? '', hours: point?.hours ?? '' };
}

// ---- the invoice (/cart/invoice/{id}) ---------------------------------------------------------------------------

export interface ShopRequisites {
  /** Legal name: ООО «ТихоАвто». */
  name: string;
  inn: string;
  kpp?: string;
  ogrn?: string;
  address: string;
  bank: { name: string; bik: string; account: string; corrAccount?: string };
}

/** The site's requisites as the invoice prints them, or null when it has none. */
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
