-- Issue 18 (docs/decisions/036-stock-reservations.md).

-- Order numbers: from now on the server gives each order its number under a keyed permutation of the id
-- (server/checkout/order-numbers.ts); the old generated column (an affine formula anyone could invert) keeps the
-- numbers it gave as plain values.
ALTER TABLE orders ALTER COLUMN number DROP EXPRESSION;
-- An order inserted without a number (by hand, a fixture) gets a random free one: never the old formula again.
-- (The body keeps each ';' inside a line: the migration runner splits statements at a ';' that ends a line.)
CREATE FUNCTION orders_random_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WHILE NEW.number IS NULL LOOP NEW.number := to_char(floor(random() * 10000)::int, 'FM0000') || '-' || to_char(floor(random() * 10000)::int, 'FM0000'); IF EXISTS (SELECT 1 FROM orders WHERE number = NEW.number) THEN NEW.number := NULL; END IF; END LOOP; RETURN NEW; END
$$;
CREATE TRIGGER orders_number BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION orders_random_number();
ALTER TABLE orders ALTER COLUMN number SET NOT NULL;

-- Reservations: the units an order line took out of stock (0 for products made to order), given back exactly once
-- when the order lapses unpaid or unconfirmed.
ALTER TABLE order_items ADD COLUMN reserved integer NOT NULL DEFAULT 0 CHECK (reserved >= 0);
-- The order still holds its lines' reserved units (set by the checkout; cleared by the release). Orders placed
-- before this migration hold nothing the housekeeping may give back: they are never cancelled by it.
ALTER TABLE orders ADD COLUMN stock_held boolean NOT NULL DEFAULT false;
-- The housekeeping's look for lapsed orders.
CREATE INDEX orders_holding_stock ON orders (created_at) WHERE stock_held;
