/**
 * /yml.xml: the site's catalogue for Yandex Market in YML (Yandex Market Language): the shop, its currency, the
 * categories and one offer per active product the site's price list prices — price, availability from stock,
 * picture, address and vendor code. Element order follows the YML DTD (shops.dtd).
 *
 * Each further language of the site has its own file under its prefix (/kk/yml.xml): names, descriptions and
 * categories in that language (the Russian text where a row has no translation, decision 048) and offer addresses
 * in that language's pages.
 */
import { renditionsOf, renditionUrl } from '../../shared/image-renditions.ts';
import { siteBrand } from '../../shared/public-site.ts';
import { DEFAULT_LANGUAGE, type Language, pathForLanguage, type Site } from '../../shared/sites.ts';
import type { Queryable } from '../db/index.ts';
import { el, XML_DECLARATION, xmlEscape } from './xml.ts';

interface OfferRow {
  id: number;
  sku: string;
  title: string;
  description: string;
  image: string | null;
  stock: number;
  category_id: number;
  url: string;
  price: number;
}

/** YML's description is limited to 3000 characters. */
const DESCRIPTION_MAX = 3000;

/** The picture Market gets: the largest WebP rendition of one of the shop's own SVG pictures, else the file itself. */
function pictureUrl(host: string, src: string): string {
  const absolute = (path: string) => (path.startsWith('/') ? `https://${host}${path}` : path);
  return renditionsOf(src) ? absolute(renditionUrl(src, 960)) : absolute(src);
}

/** "YYYY-MM-DDThh:mm:ss+hh:mm" as YML's date attribute wants (RFC 3339), in UTC. */
function ymlDate(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

export async function renderYml(
  db: Queryable,
  site: Pick<Site, 'host' | 'brand' | 'currency' | 'priceList'>,
  now: Date = new Date(),
  language: Language = DEFAULT_LANGUAGE,
): Promise<string> {
  const [categories, offers] = await Promise.all([
    db.query<{ id: number; title: string }>('SELECT id, title FROM categories_in($1) ORDER BY sort, id', [language]),
    db.query<OfferRow>(
      `SELECT o.id, o.sku, o.title, o.description, o.images->0->>'src' AS image, o.stock, c.id AS category_id,
              '/' || c.slug || '/' || o.slug AS url, o.price::float8 AS price
         FROM site_offers_in($1, $2) o
         JOIN categories c ON c.id = o.category_id
        WHERE o.sold
        ORDER BY o.id`,
      [site.priceList, language],
    ),
  ]);
  const page = (path: string) => `https://${site.host}${pathForLanguage(path, language)}`;
  const out: string[] = [
    XML_DECLARATION,
    `<yml_catalog date="${xmlEscape(ymlDate(now))}">\n<shop>\n`,
    el('name', siteBrand(site, language)),
    el('company', siteBrand(site, language)),
    el('url', page('/')),
    '\n<currencies>',
    `<currency id="${xmlEscape(site.currency)}" rate="1"/>`,
    '</currencies>\n<categories>\n',
  ];
  for (const c of categories) out.push(`<category id="${c.id}">${xmlEscape(c.title)}</category>\n`);
  out.push('</categories>\n<offers>\n');
  for (const o of offers) {
    out.push(
      `<offer id="${o.id}" available="${o.stock > 0}">`,
      el('url', page(o.url)),
      el('price', o.price),
      el('currencyId', site.currency),
      el('categoryId', o.category_id),
      o.image ? el('picture', pictureUrl(site.host, o.image)) : '',
      el('name', o.title),
      el('vendorCode', o.sku),
      o.description ? el('description', o.description.slice(0, DESCRIPTION_MAX)) : '',
      '</offer>\n',
    );
  }
  out.push('</offers>\n</shop>\n</yml_catalog>\n');
  return out.join('');
}
