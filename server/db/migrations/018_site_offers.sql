-- The catalogue read model (docs/decisions/031-catalogue-read-model.md): every product as the site of a price list
-- offers it — one row per price list and product. Readers take the rows of their site's list
-- (`FROM site_offers o WHERE o.price_list = $n`, or `JOIN site_offers o ON o.id = … AND o.price_list = $n`) instead of
-- joining products to their prices themselves, so what "the site sells it" means is written once, here:
--   price  the amount on the list (NULL: the product has no price there); raw, so sorts and ranges use the
--          (price_list, amount) index. Show it only where `sold` (or `active`) holds.
--   sold   the site sells it now: the product is active and priced on the list. Only sold products may be put in a
--          cart, counted, charged or ordered.
-- The product's own columns are repeated so a reader needs one relation, not products and the view (the planner cannot
-- drop a second, unused join to products). The view is inlined by the planner: with the list fixed, the plan is the
-- products ⟕ prices join the readers wrote before, plus the one price_lists row. A products column a reader
-- needs later is appended by a new migration (CREATE OR REPLACE VIEW keeps these columns and adds at the end).
CREATE VIEW site_offers AS
SELECT pl.code AS price_list,
       pl.currency,
       p.id,
       p.sku,
       p.slug,
       p.category_id,
       p.title,
       p.description,
       p.attributes,
       p.images,
       p.popularity,
       p.created_at,
       p.stock,
       p.weight_kg,
       p.made_to_order,
       p.is_active AS active,
       pp.amount AS price,
       (p.is_active AND pp.amount IS NOT NULL) AS sold
  FROM price_lists pl
 CROSS JOIN products p
  LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.price_list = pl.code;

-- What a cart holds, line by line, as the site of a price list sells it: the one cart read (the cart page, the spec's
-- /api/cart calls, the header counter, analytics and the order all read it). A line whose product is not `sold` any
-- more stays in the cart and is shown as no longer sold; it is never counted, charged or ordered.
CREATE VIEW cart_lines AS
SELECT c.id AS cart_id,
       c.session_id,
       c.site,
       o.price_list,
       ci.quantity,
       ci.added_at,
       o.id,
       o.sku,
       o.slug,
       o.category_id,
       o.title,
       o.stock,
       o.weight_kg,
       o.made_to_order,
       o.price,
       o.sold
  FROM carts c
  JOIN cart_items ci ON ci.cart_id = c.id
  JOIN site_offers o ON o.id = ci.product_id;
