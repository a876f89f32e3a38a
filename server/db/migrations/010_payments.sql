-- Online payments (ЮKassa-compatible API, docs/decisions/024-payments.md): one row per attempt to pay an order.
-- The row is written BEFORE the provider is called, with the Idempotence-Key the call will carry, so a call that
-- timed out is repeated with the same key and can never create a second payment. provider_id stays NULL until
-- the provider has answered. The status is the provider's; the order moves to 'paid' in the transaction that
-- records 'succeeded' (server/services/payments/index.ts).
CREATE TABLE payments (
  id              serial PRIMARY KEY,
  order_id        integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  site            text NOT NULL,
  -- 1, 2, 3 … per order: the attempt this row is (pay again = the next attempt).
  attempt         integer NOT NULL CHECK (attempt > 0),
  provider_id     text UNIQUE CHECK (length(provider_id) BETWEEN 1 AND 64),
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'waiting_for_capture', 'succeeded', 'canceled')),
  amount          numeric(14,2) NOT NULL CHECK (amount > 0),
  currency        char(3) NOT NULL,
  idempotence_key text NOT NULL UNIQUE CHECK (length(idempotence_key) BETWEEN 1 AND 64),
  confirmation_url text CHECK (length(confirmation_url) <= 2000),
  -- cancellation_details.reason of the provider ('insufficient_funds', 'expired_on_confirmation' …), or ours
  -- ('provider_rejected' when the provider refused to create the payment).
  cancellation_reason text CHECK (length(cancellation_reason) <= 100),
  -- What the first attempt was asked with (order number, customer contact for the receipt, delivery line),
  -- so that "pay again" needs nothing the order's own columns would have to carry.
  details         jsonb NOT NULL DEFAULT '{}',
  -- When the provider was last asked about this payment (a notification, the result page): bounds how often
  -- a flood of notifications can make us call the provider.
  checked_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, attempt)
);
CREATE INDEX payments_order ON payments (order_id, attempt DESC);
