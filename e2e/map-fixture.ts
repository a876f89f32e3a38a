/**
 * /map in the browser tests (e2e/map.spec.ts): tags.localhost, the one site with a maps key (e2e/tags-fixture.ts),
 * gets the main site's demo partners, so the map has pins to draw.
 */
import type { Queryable } from '../server/db/index.ts';

export async function seedMapFixtures(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO dealers (site, slug, kind, name, city, address, country, phone, email, website, hours, latitude, longitude, sort)
     SELECT 'tags', slug, kind, name, city, address, country, phone, email, website, hours, latitude, longitude, sort
       FROM dealers WHERE site = 'ru'
     ON CONFLICT (site, slug) DO NOTHING`,
  );
}
