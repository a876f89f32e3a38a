-- Units in stock per product (availability on the product page: in stock when > 0, else made to order).
-- Existing rows start at 0 ("on order"): nothing is claimed to be in stock until a stock figure is loaded.
ALTER TABLE products ADD COLUMN stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0);
