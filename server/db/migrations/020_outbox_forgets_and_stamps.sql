-- Issue 18, items 6 and 11.
--
-- The outbox forgets (docs/decisions/037-outbox-forgets.md): a message sent or given up on keeps its kind, a masked
-- recipient (i***@mail.ru), its subject and times; its bodies (names, addresses, live link tokens) and reply-to are
-- erased by the worker in the statement that records the outcome (server/mail/delivery.ts). recipient_digest
-- (sha256 of the lower-cased address, worked out by the database) lets an account's deletion find its rows after
-- the address itself is masked (server/mail/outbox.ts, forget()).
ALTER TABLE outbox ALTER COLUMN text_body DROP NOT NULL;
ALTER TABLE outbox ADD COLUMN recipient_digest text;
UPDATE outbox SET recipient_digest = encode(sha256(convert_to(lower(recipient), 'UTF8')), 'hex');
ALTER TABLE outbox ALTER COLUMN recipient_digest SET NOT NULL;
CREATE INDEX outbox_recipient_digest ON outbox (recipient_digest);
-- What was sent or given up on before today forgets now, as it would have with the worker of this migration.
UPDATE outbox
   SET text_body = NULL, html_body = NULL, reply_to = NULL,
       recipient = CASE WHEN recipient ~ '.@' THEN left(recipient, 1) || '***' || substring(recipient FROM '@[^@]*$') ELSE '***' END
 WHERE sent_at IS NOT NULL OR failed_at IS NOT NULL;

-- Form stamps are single use (decision 027, issue 18 item 11): the digest of every stamp a stored submission
-- used, kept until the stamp would have expired anyway (MAX_FORM_AGE_MS after the form was shown); inserted with
-- ON CONFLICT DO NOTHING in the storing transaction, so of parallel posts with one stamp exactly one stores.
-- The housekeeping job deletes the expired ones (server/forms/stamps.ts, purgeSpentStamps).
CREATE TABLE form_stamps_used (
  digest     text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX form_stamps_used_expiry ON form_stamps_used (expires_at);
