/**
 * The seller's requisites per site, shown under the contacts of /about (a distance seller must publish them): the
 * site's `requisites` and its pickup point from the sites config (shared/commerce-config.ts), labelled as the
 * country's documents name them.
 */
import type { Site } from '../../shared/sites.ts';

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
