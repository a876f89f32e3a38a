/**
 * The compare list of a visitor (spec §3 "Compare data: totalItems"): products kept per session in the
 * database, so the list survives reloads and is the same on every pod. It spans sites; prices are read from
 * the current site's list.
 */

import type { ComparedProduct, FallbackLang } from '../../shared/catalog.ts';
import type { Language } from '../../shared/sites.ts';
import type { Db } from '../db/index.ts';
import type { SessionService } from '../sessions/index.ts';

/** The most products one list holds: a comparison table wider than this helps nobody. */
export const MAX_COMPARE_ITEMS = 20;

export type { ComparedProduct } from '../../shared/catalog.ts';

export type CompareRefusal = 'not_found' | 'full';

export class CompareService {
  constructor(
    private readonly db: Pick<Db, 'query' | 'transaction'>,
    private readonly sessions: Pick<SessionService, 'ensureRow'>,
  ) {}

  async count(sessionId: string): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM compare_items WHERE session_id = $1', [sessionId]);
    return row!.n;
  }

  /**
   * Adds an active product unless the list is full (adding one already there changes nothing, full or not).
   * The count and the insert run under the lock of the visitor's session row (taken by ensureRow in the
   * transaction): under READ COMMITTED two parallel adds would otherwise both count 19 and both insert (issue 9).
   */
  async add(sessionId: string, productId: number): Promise<CompareRefusal | null> {
    const [product] = await this.db.query('SELECT 1 FROM products WHERE id = $1 AND is_active', [productId]);
    if (!product) return 'not_found';
    return this.db.transaction(async (tx) => {
      await this.sessions.ensureRow(sessionId, tx);
      // The count is read after the lock is granted, so it sees every add committed before this one.
      const inserted = await tx.query(
        `INSERT INTO compare_items (session_id, product_id)
         SELECT $1, $2 WHERE (SELECT count(*) FROM compare_items WHERE session_id = $1) < $3
                          OR EXISTS (SELECT 1 FROM compare_items WHERE session_id = $1 AND product_id = $2)
         ON CONFLICT (session_id, product_id) DO UPDATE SET added_at = compare_items.added_at
         RETURNING 1`,
        [sessionId, productId, MAX_COMPARE_ITEMS],
      );
      return inserted.length > 0 ? null : 'full';
    });
  }

  async remove(sessionId: string, productId: number): Promise<void> {
    await this.db.query('DELETE FROM compare_items WHERE session_id = $1 AND product_id = $2', [sessionId, productId]);
  }

  async clear(sessionId: string): Promise<void> {
    await this.db.query('DELETE FROM compare_items WHERE session_id = $1', [sessionId]);
  }

  /** The compared products, grouped by category order, oldest first within one. */
  async list(sessionId: string, priceList: string, language: Language): Promise<ComparedProduct[]> {
    const rows = await this.db.query<
      Omit<ComparedProduct, 'category'> & {
        category_id: number;
        category_title: string;
        category_lang: FallbackLang;
        category_url: string;
        category_image: string | null;
      }
    >(
      `SELECT o.id, o.sku, o.title, o.lang, '/' || c.slug || '/' || o.slug AS url, o.images->0->>'src' AS preview_image,
              o.price::float8 AS price, o.stock, a.attributes, a.ru_keys AS ru_attributes,
              c.id AS category_id, c.title AS category_title, c.lang AS category_lang, '/' || c.slug AS category_url,
              c.preview_image AS category_image
         FROM compare_items ci
         JOIN site_offers_in($2, $3) o ON o.id = ci.product_id AND o.active
         JOIN categories_in($3) c ON c.id = o.category_id
        CROSS JOIN LATERAL attributes_in(o.attributes, $3) a
        WHERE ci.session_id = $1
        ORDER BY c.sort, c.id, ci.added_at, o.id`,
      [sessionId, priceList, language],
    );
    return rows.map(({ category_id, category_title, category_lang, category_url, category_image, ...p }) => ({
      ...p,
      category: { id: category_id, title: category_title, lang: category_lang, url: category_url, preview_image: category_image },
    }));
  }
}
