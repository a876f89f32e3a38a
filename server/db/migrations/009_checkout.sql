-- Checkout (issue 10, docs/decisions/022-checkout.md): what an order needs to be placed, delivered and paid.

-- Products: the shipping weight of one unit (delivery prices and carriers' limits), and whether a product is made to
-- order (ordered without stock, nothing reserved) or sold from stock (never more than `stock`).
ALTER TABLE products ADD COLUMN weight_kg numeric(10,3) NOT NULL DEFAULT 0 CHECK (weight_kg >= 0);
ALTER TABLE products ADD COLUMN made_to_order boolean NOT NULL DEFAULT false;
-- Until now a product with no stock was shown "on order" (decision 014): such rows keep being orderable.
UPDATE products SET made_to_order = true WHERE stock = 0;
-- The weight the attributes already give: a sheet's area × kg/m², else the net mass.
UPDATE products SET weight_kg = round((attributes->>'sheet_area_m2')::numeric * (attributes->>'mass_kg_m2')::numeric, 3)
 WHERE attributes->>'sheet_area_m2' ~ '^[0-9]{1,6}(\.[0-9]{1,6})?$' AND attributes->>'mass_kg_m2' ~ '^[0-9]{1,6}(\.[0-9]{1,6})?$';
UPDATE products SET weight_kg = round((attributes->>'net_kg')::numeric, 3)
 WHERE weight_kg = 0 AND attributes->>'net_kg' ~ '^[0-9]{1,6}(\.[0-9]{1,6})?$';

-- Which ready kits a cart holds, and how many of each: the kit's discount applies to its lines while the cart
-- holds the whole kit (shared/cart.ts kitDiscounts).
CREATE TABLE cart_kits (
  cart_id  integer NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  kit_id   integer NOT NULL REFERENCES kits(id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity > 0 AND quantity <= 999),
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cart_id, kit_id)
);

-- Orders. A number a shopper can read over the phone: 8 digits in two groups, derived from the id by a
-- multiplication modulo 10^8 (48271 is coprime with 10: every id below 10^8 gets its own number), so numbers
-- do not reveal how many orders the shop takes.
ALTER TABLE orders ADD COLUMN number text GENERATED ALWAYS AS (
  substr(lpad(((id::bigint * 48271 + 52379) % 100000000)::text, 8, '0'), 1, 4) || '-' ||
  substr(lpad(((id::bigint * 48271 + 52379) % 100000000)::text, 8, '0'), 5, 4)) STORED;
CREATE UNIQUE INDEX orders_number ON orders (number);
-- The checkout the order came from (the form's key): a repeated submit finds the order instead of placing another.
ALTER TABLE orders ADD COLUMN checkout_key text;
ALTER TABLE orders ADD CONSTRAINT orders_checkout_key UNIQUE (site, checkout_key);
ALTER TABLE orders ADD COLUMN language text NOT NULL DEFAULT 'ru';
ALTER TABLE orders ADD COLUMN customer_type text NOT NULL DEFAULT 'person' CHECK (customer_type IN ('person', 'legal'));
ALTER TABLE orders ADD COLUMN customer_name text NOT NULL DEFAULT '';
-- E.164 (+79161234567), normalised for the site's country.
ALTER TABLE orders ADD COLUMN customer_phone text NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN customer_email text NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN company text NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN inn text NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN kpp text NOT NULL DEFAULT '';
-- Snapshots of the methods as they were when ordered (the config may change later):
--   delivery: { id, kind, label, cost, city, address, point: { id, address, hours } | null, weightKg }
--   payment:  { id, kind, label }
ALTER TABLE orders ADD COLUMN delivery jsonb;
ALTER TABLE orders ADD COLUMN payment jsonb;
ALTER TABLE orders ADD COLUMN comment text NOT NULL DEFAULT '';
-- total = subtotal − discount + delivery_cost (the existing `total` column).
ALTER TABLE orders ADD COLUMN subtotal numeric(14,2) NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN discount numeric(14,2) NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN delivery_cost numeric(14,2) NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- When the shopper agreed to the processing of personal data (152-FZ), with the order form.
ALTER TABLE orders ADD COLUMN consent_at timestamptz;
ALTER TABLE orders ADD CONSTRAINT orders_status CHECK
  (status IN ('new', 'awaiting_payment', 'paid', 'in_progress', 'shipped', 'delivered', 'cancelled'));

-- Lines: the kit discount given on the line, and what the line costs after it.
ALTER TABLE order_items ADD COLUMN discount numeric(14,2) NOT NULL DEFAULT 0;
ALTER TABLE order_items ADD COLUMN line_total numeric(14,2) GENERATED ALWAYS AS (price * quantity - discount) STORED;
ALTER TABLE order_items ADD COLUMN sku text;

-- Every state an order went through, and when (the first row is written with the order).
CREATE TABLE order_status_history (
  id         bigserial PRIMARY KEY,
  order_id   integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  status     text NOT NULL,
  note       text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_status_history_order ON order_status_history (order_id, created_at);
