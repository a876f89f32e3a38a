-- Mail to send (order confirmations, new-order notices, account links, form submissions): written in the same
-- transaction as the change it reports, so a message exists exactly when its change committed. A worker sends
-- it (server/services/mail-*.ts) with retries; a mail server that is down delays mail, never an order.
CREATE TABLE outbox (
  id              bigserial PRIMARY KEY,
  site            text NOT NULL,
  -- What the message is (order.confirmation, order.new, account.confirm, form.review…): logs and metrics.
  kind            text NOT NULL,
  language        text NOT NULL,
  recipient       text NOT NULL,
  subject         text NOT NULL,
  text_body       text NOT NULL,
  html_body       text,
  -- Delivery bookkeeping: attempts made, when the next one is due, the last failure, and when it was sent.
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until    timestamptz,
  last_error      text,
  sent_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
-- The worker's query: unsent messages that are due.
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL;
