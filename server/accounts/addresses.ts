/**
 * A signed-in shopper's address book: saved delivery addresses per site, at most MAX_ADDRESSES each (the personal
 * area's "Адреса доставки").
 */
import type { Db } from '../db/index.ts';

/** Saved addresses per account and site. */
export const MAX_ADDRESSES = 10;

export interface SavedAddress {
  id: number;
  city: string;
  address: string;
  postcode: string;
}

export class AddressBook {
  constructor(private readonly db: Db) {}

  list(userId: number, site: string): Promise<SavedAddress[]> {
    return this.db.query<SavedAddress>(
      'SELECT id, city, address, postcode FROM user_addresses WHERE user_id = $1 AND site = $2 ORDER BY id',
      [userId, site],
    );
  }

  /** Saves an address on the site; false when the site already holds MAX_ADDRESSES of the account's. */
  async add(userId: number, site: string, address: Omit<SavedAddress, 'id'>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      // The account row locked: two parallel adds cannot both see room for one more.
      await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const rows = await tx.query(
        `INSERT INTO user_addresses (user_id, site, city, address, postcode)
         SELECT $1, $2, $3, $4, $5 WHERE (SELECT count(*) FROM user_addresses WHERE user_id = $1 AND site = $2) < $6
         RETURNING id`,
        [userId, site, address.city, address.address, address.postcode, MAX_ADDRESSES],
      );
      return rows.length > 0;
    });
  }

  async remove(userId: number, id: number): Promise<boolean> {
    return (await this.db.query('DELETE FROM user_addresses WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId])).length > 0;
  }
}
