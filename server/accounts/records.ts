/**
 * A signed-in shopper's saved things, listed on /records: calculator and constructor results and installation
 * appointments. The pages that create them (/calc, /constructor, /handmade) add rows; /records lists and deletes them.
 */

import { RECORD_KINDS, type RecordKind, type SavedRecord } from '../../shared/records.ts';
import type { Queryable } from '../db/index.ts';

export { RECORD_KINDS, type RecordKind, type SavedRecord };

export interface NewRecord {
  userId: number;
  site: string;
  kind: RecordKind;
  title: string;
  link: string;
  details?: Record<string, unknown>;
}

export class RecordService {
  constructor(private readonly db: Queryable) {}

  /** Saves a record; pass a transaction to save it with the change it belongs to. Returns its id. */
  async add(record: NewRecord, q: Queryable = this.db): Promise<number> {
    const [row] = await q.query<{ id: number }>(
      'INSERT INTO records (user_id, site, kind, title, link, details) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [record.userId, record.site, record.kind, record.title, record.link, JSON.stringify(record.details ?? {})],
    );
    return row!.id;
  }

  /** The user's records on a site, newest first, optionally of one kind. */
  list(userId: number, site: string, options: { kind?: RecordKind; limit?: number; offset?: number } = {}): Promise<SavedRecord[]> {
    return this.db.query<SavedRecord>(
      `SELECT id, kind, title, link, details, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
         FROM records WHERE user_id = $1 AND site = $2 AND ($3::text IS NULL OR kind = $3)
        ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
      [userId, site, options.kind ?? null, options.limit ?? 50, options.offset ?? 0],
    );
  }

  /** Deletes one of the user's own records; false when there is no such record of this user. */
  async remove(userId: number, id: number): Promise<boolean> {
    const rows = await this.db.query('DELETE FROM records WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
    return rows.length > 0;
  }
}
