/** The shop's reviews as shoppers read them (published only) and as staff moderate them. */
import type { Db } from '../db/index.ts';

export interface PublishedReview {
  id: number;
  name: string;
  city: string;
  rating: number;
  text: string;
  /** ISO 8601, UTC. */
  createdAt: string;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

export class ReviewService {
  constructor(private readonly db: Db) {}

  /** A page of the site's published reviews, newest first, with the aggregate rating of all of them. */
  async published(
    site: string,
    page: number,
    perPage: number,
  ): Promise<{ items: PublishedReview[]; count: number; average: number | null; byRating: number[]; pages: number }> {
    const [agg] = await this.db.query<{ count: number; average: number | null; byRating: number[] }>(
      `SELECT count(*)::int AS count, round(avg(rating), 1)::float8 AS average,
              ARRAY(SELECT count(r.rating)::int FROM unnest(ARRAY[5, 4, 3, 2, 1]) AS s(n)
                      LEFT JOIN reviews r ON r.rating = s.n AND r.site = $1 AND r.status = 'published'
                     GROUP BY s.n ORDER BY s.n DESC) AS "byRating"
         FROM reviews WHERE site = $1 AND status = 'published'`,
      [site],
    );
    const items = await this.db.query<PublishedReview>(
      `SELECT id, name, city, rating, body AS text, to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS "createdAt"
         FROM reviews WHERE site = $1 AND status = 'published' ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [site, perPage, (page - 1) * perPage],
    );
    // byRating: how many reviews gave 5, 4, 3, 2 and 1 (the summary's bars).
    return {
      items,
      count: agg!.count,
      average: agg!.average,
      byRating: agg!.byRating,
      pages: Math.max(1, Math.ceil(agg!.count / perPage)),
    };
  }

  /** Moderation (the owner's CLI): publishes or rejects a review; false when there is no such review. */
  async moderate(id: number, status: 'published' | 'rejected'): Promise<boolean> {
    const rows = await this.db.query('UPDATE reviews SET status = $2, moderated_at = now() WHERE id = $1 RETURNING id', [id, status]);
    return rows.length > 0;
  }

  /** Reviews waiting for moderation, oldest first. */
  pending(): Promise<(PublishedReview & { site: string })[]> {
    return this.db.query(
      `SELECT id, site, name, city, rating, body AS text, to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS "createdAt"
         FROM reviews WHERE status = 'pending' ORDER BY created_at, id`,
    );
  }
}
