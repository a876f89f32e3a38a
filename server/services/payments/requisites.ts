/**
 * The shop's requisites for the invoice page (legal name, ИНН/КПП/ОГРН, address, bank) and the VAT rate the invoice
 * states. The requisites belong in the sites config (`requisites` of a site, added with checkout); this is the ONE
 * function that reads them — switch it, not its callers, when the config's shape settles. Until a site has them the
 * invoice says the manager will send one (null here).
 */
import { z } from 'zod';
import type { Site } from '../../../shared/sites.ts';

const digits = (min: number, max: number) => z.string().regex(new RegExp(`^\\d{${min},${max}}$`));

export const requisitesSchema = z.object({
  /** Legal name: ООО «ТихоАвто». */
  name: z.string().min(1).max(300),
  inn: digits(10, 12),
  kpp: digits(9, 9).optional(),
  ogrn: digits(13, 15).optional(),
  address: z.string().min(1).max(500),
  bank: z.object({
    name: z.string().min(1).max(300),
    bik: digits(9, 9),
    account: digits(20, 20),
    corrAccount: digits(20, 20).optional(),
  }),
});
export type ShopRequisites = z.infer<typeof requisitesSchema>;

/** The site's requisites, or null when it has none (or they do not fit the schema). */
export function shopRequisites(site: Site): ShopRequisites | null {
  const parsed = requisitesSchema.safeParse((site as Site & { requisites?: unknown }).requisites);
  return parsed.success ? parsed.data : null;
}

/**
 * The VAT rate in percent a receipt's vat_code stands for (54-FZ codes of the ЮKassa API); null: без НДС.
 * 2 is 0 %; 3/5 10 %; 4/6 20 %; 7/9 5 %; 8/10 7 %; 11/12 22 %.
 */
export function vatRate(vatCode: number | null): number | null {
  const rates: Record<number, number> = { 2: 0, 3: 10, 4: 20, 5: 10, 6: 20, 7: 5, 8: 7, 9: 5, 10: 7, 11: 22, 12: 22 };
  return vatCode === null ? null : (rates[vatCode] ?? null);
}
