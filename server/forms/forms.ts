/**
 * The public forms' submissions (decision 027): each one claims the per-address limit, is stored, and enqueues the
 * shop's notification (a `form.*` mail message, rendered by server/mail/) and, for a signed-in shopper's
 * appointment, the /records entry — all in one transaction, which also spends the form's stamp (one stamp, one
 * stored submission). The anti-robot stamp is stamps.ts; reading and moderating reviews is reviews.ts.
 */

import type { AppointmentInput, FormKind, MessageInput, PartnerInput, ReviewInput } from '../../shared/forms.ts';
import type { Language, Site } from '../../shared/sites.ts';
import type { RecordService } from '../accounts/index.ts';
import type { Db, Queryable } from '../db/index.ts';
import { addressKey, limits } from '../limits/index.ts';
import type { FormMessage, Mailer } from '../mail/index.ts';
import { refundStamp, spendStamp } from './stamps.ts';

export interface Sender {
  site: Site;
  language: Language;
  /** The visitor's address: the rate limit's key. */
  address: string;
  /** The signed-in shopper, if any. */
  userId: number | null;
  /** The form's stamp, already checked (FormStamps.check): the submission spends it. */
  stamp: string;
}

export type Stored =
  | { ok: true; id: number }
  | { ok: false; reason: 'limited'; retryAfterSeconds: number }
  /** The stamp stored a submission already (a second post of one form, a replay). */
  | { ok: false; reason: 'stampUsed' };

/** A form's notice to the shop, its kind and data; submit() addresses it (the site's e-mail, the visitor's language). */
type Notice<M extends FormMessage = FormMessage> = M extends unknown ? Pick<M, 'kind' | 'data'> : never;

export class FormService {
  constructor(
    private readonly db: Db,
    private readonly mail: Mailer,
    private readonly records: RecordService,
  ) {}

  /** Spend the stamp, throttle, store, notify — one transaction; a limited submission changes nothing but its count. */
  private async submit(
    form: FormKind,
    sender: Sender,
    store: (tx: Queryable) => Promise<number>,
    notice: (id: number) => Notice,
  ): Promise<Stored> {
    return this.db.transaction(async (tx): Promise<Stored> => {
      // First the stamp: a parallel post with the same stamp waits here for this transaction, then finds it spent
      // (or, if this one is refused below, spends it itself). A replay costs the address no count.
      if (!(await spendStamp(tx, sender.stamp))) return { ok: false, reason: 'stampUsed' };
      // The 'forms.address' limit, claimed inside the storing transaction: a submission that fails to store is not counted.
      const claim = await limits.claim(tx, 'forms.address', `${form} ${addressKey(sender.address)}`);
      if (!claim.allowed) {
        // Not stored: the stamp is not spent, so the same form sent again after the wait goes through.
        await refundStamp(tx, sender.stamp);
        return { ok: false, reason: 'limited', retryAfterSeconds: claim.retryAfterSeconds };
      }
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
}
