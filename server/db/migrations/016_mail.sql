-- Mail delivery (server/services/mail-delivery.ts, docs/decisions/023-mail-outbox.md):
--  - failed_at: the worker gave up on the message after its last allowed attempt; it is never tried again
--    (an operator may clear failed_at and attempts to send it once more);
--  - reply_to: where an answer goes when it is not the sender (a new-order notice to the shop: the shopper).
ALTER TABLE outbox ADD COLUMN failed_at timestamptz;
ALTER TABLE outbox ADD COLUMN reply_to text;
-- The worker's query, without the messages given up on.
DROP INDEX outbox_due;
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
