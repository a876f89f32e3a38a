/** The caps on order mails to the shopper (decision 036), shared by the checkout and the release of lapsed orders. */
import type { Language } from '../../shared/languages.ts';
import type { Site } from '../../shared/sites.ts';
import type { Queryable } from '../db/index.ts';
import { addressKey, limits } from '../limits/index.ts';

/**
 * May the shopper's copy of an order mail go to `email` (requested from `clientAddress`; null: the shop's own job)?
 * Claims the limiter's caps: per recipient always, per client address when there is one. A refused claim still counts
 * (window policies count every claim), so an address hammering one mailbox stays refused.
 */
export async function mayMailShopper(q: Queryable, email: string, clientAddress: string | null): Promise<boolean> {
  const recipient = await limits.claim(q, 'order-mail.recipient', email.trim().toLowerCase());
  if (!recipient.allowed) return false;
  if (clientAddress === null) return true;
  return (await limits.claim(q, 'order-mail.address', addressKey(clientAddress))).allowed;
}

/** The language an order's mail is written in: the order's, when its site still offers it, else the site's first. */
export function orderMailLanguage(site: Pick<Site, 'languages'>, language: string): Language {
  return (site.languages as readonly string[]).includes(language) ? (language as Language) : site.languages[0]!;
}
