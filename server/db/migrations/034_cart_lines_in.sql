-- The cart's lines in a language: view cart_lines (migration 018, decision 031) over site_offers_in instead of
-- site_offers, for the one read that shows titles (server/cart/cart.ts readLines). Reading `cart_lines JOIN
-- site_offers_in(...)` instead joined ten relations, past the planner's from_collapse_limit (8): it then planned the
-- function's rows on their own, every product of the price list, before joining the cart's three lines (35 ms per cart
-- page at 50,000 products on PostgreSQL). Here the same lines take seven relations, planned as one join: index
-- lookups by the cart's product ids (0.1 ms). Same columns as cart_lines plus `lang`; inlined by the planner.
CREATE FUNCTION cart_lines_in(list text, lang text) RETURNS TABLE (
  cart_id integer, session_id text, site text, price_list text, quantity integer, added_at timestamptz, id integer,
  sku text, slug text, category_id integer, title text, lang text, stock integer, weight_kg numeric, made_to_order boolean,
  price numeric, sold boolean
) LANGUAGE sql STABLE AS $$
  SELECT c.id, c.session_id, c.site, o.price_list, ci.quantity, ci.added_at, o.id, o.sku, o.slug, o.category_id, o.title, o.lang, o.stock, o.weight_kg, o.made_to_order, o.price, o.sold FROM carts c JOIN cart_items ci ON ci.cart_id = c.id JOIN site_offers_in($1, $2) o ON o.id = ci.product_id
$$;
