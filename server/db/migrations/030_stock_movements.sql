-- Issue 21 (docs/decisions/049-back-office.md): every change of a product's stock, whoever makes it — the checkout
-- taking an order's units, a cancellation or lapse giving them back, a staff member's count — is a row here, written
-- by a trigger, so no path can change stock without leaving its trace. A transaction names why through local settings
-- (set_config(…, true)): tihoavto.stock_reason, tihoavto.staff_id, tihoavto.order_id; unnamed changes read 'other'.
CREATE TABLE stock_movements (
  id          bigserial PRIMARY KEY,
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  delta       integer NOT NULL,
  stock_after integer NOT NULL,
  reason      text NOT NULL,
  staff_id    integer REFERENCES staff_members(id) ON DELETE SET NULL,
  order_id    integer REFERENCES orders(id) ON DELETE SET NULL,
  note        text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_movements_product ON stock_movements (product_id, created_at DESC, id DESC);
-- (The body keeps each ';' inside a line: the migration runner splits statements at a ';' that ends a line.)
CREATE FUNCTION products_stock_movement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN INSERT INTO stock_movements (product_id, delta, stock_after, reason, staff_id, order_id, note) VALUES (NEW.id, NEW.stock - OLD.stock, NEW.stock, coalesce(nullif(current_setting('tihoavto.stock_reason', true), ''), 'other'), nullif(current_setting('tihoavto.staff_id', true), '')::int, nullif(current_setting('tihoavto.order_id', true), '')::int, coalesce(current_setting('tihoavto.stock_note', true), '')); RETURN NEW; END
$$;
CREATE TRIGGER products_stock_movement AFTER UPDATE OF stock ON products FOR EACH ROW WHEN (NEW.stock IS DISTINCT FROM OLD.stock)
  EXECUTE FUNCTION products_stock_movement();
