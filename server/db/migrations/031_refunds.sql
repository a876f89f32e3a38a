-- Issue 21 (docs/decisions/049-back-office.md): refunds of paid online orders through the provider's refunds API.
-- As with payments (migration 010), the row is written BEFORE the provider is called, with the Idempotence-Key the
-- call carries: a repeated click, or a call repeated after a timeout, finds the row and never refunds twice.
CREATE TABLE refunds (
  id              serial PRIMARY KEY,
  order_id        integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  payment_id      integer NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
  amount          numeric(14,2) NOT NULL CHECK (amount > 0),
  currency        char(3) NOT NULL,
  -- The lines refunded ([{ "productId", "title", "quantity", "amount" }]); [] for the whole order.
  lines           jsonb NOT NULL DEFAULT '[]',
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'canceled', 'failed')),
  provider_id     text UNIQUE CHECK (length(provider_id) BETWEEN 1 AND 64),
  idempotence_key text NOT NULL UNIQUE CHECK (length(idempotence_key) BETWEEN 1 AND 64),
  failure         text CHECK (length(failure) <= 500),
  staff_id        integer REFERENCES staff_members(id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_order ON refunds (order_id, id);
