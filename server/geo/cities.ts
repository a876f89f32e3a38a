import { likePattern } from '../catalog/index.ts';
import type { Queryable } from '../db/index.ts';

export interface City {
  id: number;
  title: string;
  /** The address of the city's regional site, or null when it has none. */
  url: string | null;
  region: string;
}

export class CityService {
  constructor(private readonly db: Queryable) {}

  /** Cities whose name starts with (then contains) the text; the current site's cities first. */
  search(text: string, siteId: string, limit = 10): Promise<City[]> {
    const t = text.trim().toLowerCase();
    return this.db.query<City>(
      `SELECT id, title, url, region FROM cities
        WHERE lower(title) LIKE $1
        ORDER BY (lower(title) LIKE $2) DESC, (site = $3) DESC, title
        LIMIT $4`,
      [likePattern(t), likePattern(t).slice(1), siteId, limit],
    );
  }
}
