/**
 * The catalogue read model (docs/decisions/031-catalogue-read-model.md): what the site of a price list offers —
 * each product with its price on the list, the list's currency, stock, whether it is active, and whether the site
 * sells it — is the view `site_offers` (migration 018), and what a cart holds as that site sells it is the view
 * `cart_lines` built on it. Every reader of prices (listing, product page, compare, related products, kits, the
 * calculator, content cards, the YML feed, a repeated order, the cart and its header counter) reads them and never
 * joins the price table itself:
 *
 *   FROM site_offers o WHERE o.price_list = $n …                  every product as the site shows it
 *   JOIN site_offers o ON o.id = x.product_id AND o.price_list = $n  the products some other table names
 *
 * Columns: the product's own (id, sku, slug, category_id, title, description, attributes, images, popularity,
 * created_at, stock, weight_kg, made_to_order), `active`, `currency`, `price` (the list's amount; NULL when the product
 * has none there) and `sold` (active and priced: the site sells it). Only sold products are put in a cart, counted,
 * charged or ordered. The helpers below are the two rules readers would otherwise spell out again.
 *
 * In a language (decision 048, migration 026): `FROM site_offers_in($list, $lang) o` is the same rows with title and
 * description translated and `lang` ('ru' where they fell back); `categories_in`, `kits_in` and `attributes_in` do the
 * same for categories, kits and attribute values. A reader that shows texts reads those, never the translation tables.
 */

/**
 * SQL: the price of offer `o` where the site sells it, else NULL (a withdrawn product keeps its list price in the
 * table, but no reader shows or charges it), as float8 for the JSON answer.
 */
export const soldPrice = (o: string) => `CASE WHEN ${o}.sold THEN ${o}.price::float8 END`;

/**
 * SQL: one row for each of the products `ids` (an int[] parameter) that the site of price list `list` does not sell —
 * unknown, withdrawn, or without a price there. `NOT EXISTS (…)` is "the site sells every one of them".
 */
export const unsoldOf = (ids: string, list: string) =>
  `SELECT u.id FROM unnest(${ids}::int[]) AS u(id)
     LEFT JOIN site_offers o ON o.id = u.id AND o.price_list = ${list}
    WHERE o.sold IS NOT TRUE`;
