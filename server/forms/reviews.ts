/** The shop's reviews as shoppers read them (published only) and as staff moderate them. */
import { type AuditActor, recordAudit } from '../audit/index.ts';
import type { Db } from '../db/index.ts';

export interface PublishedReview {
  id: number;
  name: string;
  city: string;
  rating: number;
  text: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  /** The shop's public reply, shown under the review; null when none. */
  reply: string | null;
}

export const REVIEW_STATES = ['pending', 'published', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** A review as the staff's moderation list shows it. */
export interface ModeratedReview extends PublishedReview {
  site: string;
  language: string;
  status: ReviewState;
  moderatedBy: string | null;
}

export const MODERATION_PAGE_SIZE = 30;

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

export class ReviewService {
  constructor(
    private readonly db: Db,
    /** Told after a moderation: pages that show reviews are kept for visitors (decision 052). */
    private readonly changed: () => void = () => {},
  ) {}

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
      `SELECT id, name, city, rating, body AS text, to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS "createdAt", reply
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
    if (rows.length > 0) this.changed();
    return rows.length > 0;
  }

  /** Reviews waiting for moderation, oldest first. */
  pending(): Promise<(PublishedReview & { site: string })[]> {
    return this.db.query(
      `SELECT id, site, name, city, rating, body AS text, to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS "createdAt", reply
         FROM reviews WHERE status = 'pending' ORDER BY created_at, id`,
    );
  }

  /** The staff's list: reviews in a state on the sites of `scope` (null: all), pending oldest first, others newest first. */
  async forModeration(
    status: ReviewState,
    scope: readonly string[] | null,
    page: number,
  ): Promise<{ rows: ModeratedReview[]; more: boolean }> {
    const rows = await this.db.query<ModeratedReview>(
      `SELECT r.id, r.site, r.language, r.status, r.name, r.city, r.rating, r.body AS text, r.reply,
              to_char(r.created_at AT TIME ZONE 'UTC', ${ISO}) AS "createdAt", s.email AS "moderatedBy"
         FROM reviews r LEFT JOIN staff_members s ON s.id = r.moderated_by
        WHERE r.status = $1 AND ($2::text[] IS NULL OR r.site = ANY($2::text[]))
        ORDER BY CASE WHEN r.status = 'pending' THEN r.created_at END, r.created_at DESC, r.id
        LIMIT ${MODERATION_PAGE_SIZE + 1} OFFSET $3`,
      [status, scope, (page - 1) * MODERATION_PAGE_SIZE],
    );
    return { rows: rows.slice(0, MODERATION_PAGE_SIZE), more: rows.length > MODERATION_PAGE_SIZE };
  }

  /**
   * A staff member's moderation: the review's state and the shop's reply (empty: none), recorded in the audit log.
   * 'not_found' also for a review outside the member's sites.
   */
  async moderateAs(
    id: number,
    change: { status: ReviewState; reply: string },
    actor: AuditActor & { scope: readonly string[] | null },
  ): Promise<'ok' | 'not_found'> {
    const result = await this.db.transaction(async (tx): Promise<'ok' | 'not_found'> => {
      const [before] = await tx.query<{ site: string; status: string; reply: string | null }>(
        'SELECT site, status, reply FROM reviews WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!before || (actor.scope !== null && !actor.scope.includes(before.site))) return 'not_found';
      const reply = change.reply.trim() || null;
      await tx.query(
        `UPDATE reviews SET status = $2, reply = $3, moderated_at = now(), moderated_by = $4,
                replied_at = CASE WHEN $3::text IS DISTINCT FROM reply THEN now() ELSE replied_at END
          WHERE id = $1`,
        [id, change.status, reply, actor.id],
      );
      await recordAudit(tx, actor, {
        action: 'review.moderate',
        entity: 'review',
        entityId: String(id),
        site: before.site,
        before: { status: before.status, reply: before.reply },
        after: { status: change.status, reply },
      });
      return 'ok';
    });
    if (result === 'ok') this.changed();
    return result;
  }
}
