-- Category listings (docs/decisions/013-category-listing.md): the default order (popularity) and "new" read
-- a category's active products in index order; the materials page takes the top products of each category.
CREATE INDEX IF NOT EXISTS products_listing_popular ON products (category_id, popularity DESC, id) WHERE is_active;
CREATE INDEX IF NOT EXISTS products_listing_new ON products (category_id, created_at DESC, id DESC) WHERE is_active;
-- Prices of one price list by amount (price sorting and ranges join on product_id through the primary key).
CREATE INDEX IF NOT EXISTS product_prices_list_amount ON product_prices (price_list, amount, product_id);
