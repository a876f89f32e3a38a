/**
 * The public forms' server side (decision 027): the signed "form shown at" stamp behind the minimum fill time, the
 * per-address rate limit kept in the database, and storing each submission together with the shop's notification
 * (a `form.*` mail message, rendered by server/mail/) and, for a signed-in shopper's appointment, the /records entry —
 * all in one transaction.
 */

import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type AppointmentInput,
  type FormKind,
  MAX_FORM_AGE_MS,
  type MessageInput,
  MIN_FILL_MS,
  type PartnerInput,
  type ReviewInput,
} from '../../shared/forms.ts';
import type { Language, Site } from '../../shared/sites.ts';
import type { RecordService } from '../accounts/index.ts';
import type { Db, Queryable } from '../db/index.ts';
import { addressKey, limits } from '../limits/index.ts';
import type { FormMessage, Mailer } from '../mail/index.ts';

export type StampCheck = 'ok' | 'tooFast' | 'expired' | 'invalid';

export interface Sender {
  site: Site;
  language: Language;
  /** The visitor's address: the rate limit's key. */
  address: string;
  /** The signed-in shopper, if any. */
  userId: number | null;
}

export type Stored = { ok: true; id: number } | { ok: false; retryAfterSeconds: number };

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

/** A form's notice to the shop, its kind and data; submit() addresses it (the site's e-mail, the visitor's language). */
type Notice<M extends FormMessage = FormMessage> = M extends unknown ? Pick<M, 'kind' | 'data'> : never;

export class FormService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly mail: Mailer,
    private readonly records: RecordService,
  ) {}

  /** The stamp a form carries: when it was shown, signed so that a robot cannot backdate it. */
  stamp(form: FormKind, nowMs: number = Date.now()): string {
    return `${nowMs}.${this.sign(form, nowMs)}`;
  }

  checkStamp(form: FormKind, value: string | undefined, nowMs: number = Date.now()): StampCheck {
    const m = /^(\d{13})\.([\w-]{43})$/.exec(value ?? '');
    if (!m) return 'invalid';
    const shown = Number(m[1]);
    const expected = Buffer.from(this.sign(form, shown));
    const given = Buffer.from(m[2]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    if (nowMs - shown < MIN_FILL_MS) return 'tooFast';
    if (nowMs - shown > MAX_FORM_AGE_MS) return 'expired';
    return 'ok';
  }

  private sign(form: FormKind, ms: number): string {
    return createHmac('sha256', this.secret).update(`form-stamp:${form}:${ms}`).digest('base64url');
  }

  /** Throttle, store, notify — one transaction; a limited submission changes nothing but its count. */
  private async submit(
    form: FormKind,
    sender: Sender,
    store: (tx: Queryable) => Promise<number>,
    notice: (id: number) => Notice,
  ): Promise<Stored> {
    return this.db.transaction(async (tx) => {
      // The 'forms.address' limit, claimed inside the storing transaction: a submission that fails to store is not counted.
      const claim = await limits.claim(tx, 'forms.address', `${form} ${addressKey(sender.address)}`);
      if (!claim.allowed) return { ok: false, retryAfterSeconds: claim.retryAfterSeconds };
      const id = await store(tx);
      await this.mail.enqueue(tx, { ...notice(id), to: sender.site.email, site: sender.site, language: sender.language });
      return { ok: true, id };
    });
  }

  review(sender: Sender, input: ReviewInput): Promise<Stored> {
    return this.submit(
      'review',
      sender,
      async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          'INSERT INTO reviews (site, language, name, city, rating, body) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
          [sender.site.id, sender.language, input.name, input.city, input.rating, input.text],
        );
        return row!.id;
      },
      (id) => ({ kind: 'form.review', data: { id, ...input } }),
    );
  }

  message(sender: Sender, input: MessageInput): Promise<Stored> {
    return this.submit(
      'message',
      sender,
      async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          'INSERT INTO contact_messages (site, language, kind, name, email, body) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
          [sender.site.id, sender.language, input.kind, input.name, input.email, input.text],
        );
        return row!.id;
      },
      (id) => ({ kind: 'form.message', data: { id, ...input } }),
    );
  }

  partner(sender: Sender, input: PartnerInput): Promise<Stored> {
    return this.submit(
      'partner',
      sender,
      async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO partner_applications (site, language, company, inn, city, partner_type, volume, contact_name, phone, email, comment)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
          [
            sender.site.id,
            sender.language,
            input.company,
            input.inn,
            input.city,
            input.partnerType,
            input.volume,
            input.contactName,
            input.phone,
            input.email,
            input.comment,
          ],
        );
        return row!.id;
      },
      (id) => ({ kind: 'form.partner', data: { id, ...input } }),
    );
  }

  appointment(sender: Sender, input: AppointmentInput): Promise<Stored> {
    return this.submit(
      'appointment',
      sender,
      async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO appointments (site, language, user_id, car, zones, preferred_date, city, phone)
           VALUES ($1, $2, $3, $4, $5::text[], $6::date, $7, $8) RETURNING id`,
          [sender.site.id, sender.language, sender.userId, input.car, input.zones, input.preferredDate, input.city, input.phone],
        );
        // A signed-in shopper finds the appointment in /records.
        if (sender.userId !== null) {
          await this.records.add(
            {
              userId: sender.userId,
              site: sender.site.id,
              kind: 'appointment',
              title: `${input.car}, ${input.city}, ${input.preferredDate}`.slice(0, 200),
              link: '/handmade',
              details: { appointmentId: row!.id, car: input.car, zones: input.zones, date: input.preferredDate, city: input.city },
            },
            tx,
          );
        }
        return row!.id;
      },
      (id) => ({ kind: 'form.appointment', data: { id, ...input, userId: sender.userId } }),
    );
  }

  /** A page of the site's published reviews, newest first, with the aggregate rating of all of them. */
  async publishedReviews(
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
  pendingReviews(): Promise<(PublishedReview & { site: string })[]> {
    return this.db.query(
      `SELECT id, site, name, city, rating, body AS text, to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS "createdAt"
         FROM reviews WHERE status = 'pending' ORDER BY created_at, id`,
    );
  }
}
