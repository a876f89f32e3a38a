/** The payment provider's shops per site, from YOOKASSA_<SITE>_* (server/platform/config.ts reads the rest). */
import { z } from 'zod';
import { ConfigError } from './config-error.ts';

/** A shop's credentials at the payment provider. The secret key is kept in a private field: no log or JSON shows it. */
export class ShopCredentials {
  readonly #secretKey: string;
  constructor(
    readonly shopId: string,
    secretKey: string,
  ) {
    this.#secretKey = secretKey;
  }
  /** The HTTP Basic Authorization header value (shop id : secret key). */
  authorization(): string {
    return 'Basic ' + Buffer.from(`${this.shopId}:${this.#secretKey}`).toString('base64');
  }
  /** Whether a text contains the secret (tests: no page may). */
  leaksInto(text: string): boolean {
    return text.includes(this.#secretKey);
  }
  toJSON() {
    return { shopId: this.shopId, secretKey: '[redacted]' };
  }
}

export interface PaymentShop {
  credentials: ShopCredentials;
  /** The 54-FZ receipt's vat_code for this site's goods (1: без НДС … 6: 20/120; 7–12 the 5 %/7 % codes). */
  vatCode: number;
}

export interface PaymentsConfig {
  apiUrl: string;
  timeoutMs: number;
  /** Hosts the confirmation address may lie on (their subdomains too); the API's host is always allowed. */
  confirmationHosts: string[];
  /** Site id → its shop. */
  shops: Record<string, PaymentShop>;
}

const PAYMENT_SHOP_VAR = /^YOOKASSA_([A-Z0-9_]+)_(SHOP_ID|SECRET_KEY|VAT_CODE)$/;
const paymentShopSchema = z.object({
  SHOP_ID: z.string().regex(/^\d{1,20}$/, 'must be the shop id: digits'),
  SECRET_KEY: z.string().regex(/^[\x21-\x7e]{8,200}$/, 'must be 8–200 printable characters without spaces'),
  VAT_CODE: z.coerce.number().int().min(1).max(12).default(1),
});

/**
 * Each site's shop from YOOKASSA_<SITE>_SHOP_ID, _SECRET_KEY and _VAT_CODE (<SITE>: the site id upper-cased,
 * "-" as "_"). A variable naming no configured site, or a shop id without its key, stops the boot: a typo
 * must not silently switch a site's online payment off.
 */
export function parsePaymentShops(set: Record<string, string | undefined>, siteIds: string[]): Record<string, PaymentShop> {
  const byEnvName = new Map(siteIds.map((id) => [id.toUpperCase().replace(/-/g, '_'), id]));
  const raw = new Map<string, Record<string, string>>();
  const problems: string[] = [];
  for (const [name, value] of Object.entries(set)) {
    const m = PAYMENT_SHOP_VAR.exec(name);
    if (!m || value === undefined) continue;
    const site = byEnvName.get(m[1]!);
    if (!site) {
      problems.push(`  ${name}: no configured site has the id ${m[1]!.toLowerCase()}`);
      continue;
    }
    raw.set(site, { ...raw.get(site), [m[2]!]: value });
  }
  const shops: Record<string, PaymentShop> = {};
  for (const [site, vars] of raw) {
    const prefix = `YOOKASSA_${site.toUpperCase().replace(/-/g, '_')}_`;
    const parsed = paymentShopSchema.safeParse(vars);
    if (!parsed.success) {
      // The message names the variable, never its value (it may be the secret).
      for (const issue of parsed.error.issues)
        problems.push(`  ${prefix}${String(issue.path[0])}: ${issue.message.replace(/received .*/, 'missing or invalid')}`);
      continue;
    }
    shops[site] = { credentials: new ShopCredentials(parsed.data.SHOP_ID, parsed.data.SECRET_KEY), vatCode: parsed.data.VAT_CODE };
  }
  if (problems.length) throw new ConfigError('Invalid environment:\n' + problems.join('\n'));
  return shops;
}
