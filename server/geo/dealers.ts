/** The partners of a site for /map (migration 015), from a per-site cache: the list changes when an owner edits it. */
import type { Dealer } from '../../shared/dealers.ts';
import { TtlCache } from '../cache/index.ts';
import type { Queryable } from '../db/index.ts';

export type { Dealer };

export class DealerService {
  private readonly cache: TtlCache<Dealer[]>;

  constructor(
    private readonly db: Queryable,
    ttlMs: number,
  ) {
    this.cache = new TtlCache<Dealer[]>(ttlMs, ttlMs * 10).countedAs('dealers');
  }

  /** The site's active partners in the owner's order (then by city and name). */
  list(siteId: string): Promise<Dealer[]> {
    return this.cache.get(siteId, () =>
      this.db.query<Dealer>(
        `SELECT id, slug, kind, name, city, address, country, phone, email, website, hours, latitude, longitude
           FROM dealers WHERE site = $1 AND is_active ORDER BY sort, city, name`,
        [siteId],
      ),
    );
  }

  clearCache(): void {
    this.cache.clear();
  }
}
