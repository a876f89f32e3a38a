-- Indexes a catalogue of 10,000+ products needs (issue 4 item 10, docs/decisions/015-images-demo-data-and-scale.md).
-- IF NOT EXISTS with the same definitions as 004 where they overlap, so either migration alone is enough.
-- A category's active products in the default order (popularity), read in index order with LIMIT.
CREATE INDEX IF NOT EXISTS products_listing_popular ON products (category_id, popularity DESC, id) WHERE is_active;
-- Prices of one price list by amount (price sorts and ranges); one product's price uses the primary key.
CREATE INDEX IF NOT EXISTS product_prices_list_amount ON product_prices (price_list, amount, product_id);
-- A product by its slug alone (the canonical redirect of /<wrong-category>/<slug>).
CREATE INDEX IF NOT EXISTS products_slug ON products (slug);
-- Reverse look-ups of the foreign keys to products (kits containing a product, deactivating or deleting one).
CREATE INDEX IF NOT EXISTS kit_items_product ON kit_items (product_id);
CREATE INDEX IF NOT EXISTS cart_items_product ON cart_items (product_id);
CREATE INDEX IF NOT EXISTS compare_items_product ON compare_items (product_id);
CREATE INDEX IF NOT EXISTS order_items_product ON order_items (product_id);
