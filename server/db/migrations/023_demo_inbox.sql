-- Issue 19, item 10: mail you can see in the demo (docs/decisions/042-demo-inbox.md).
--
-- With no SMTP server configured (SMTP_URL unset) every mail the shop sends is kept here, whole — recipient, subject,
-- text and HTML — for the demo inbox page (/_demo/inbox, local hosts and loopback clients only). It is a store of its
-- own: the outbox erases a message's bodies once it is sent (decision 037), and the demo needs them afterwards.
-- Bounded (server/mail/demo-inbox.ts): the newest 200 messages of the last 7 days; deleting an account deletes the
-- messages to its address (Mailer.forget). With SMTP configured nothing is written here.
CREATE TABLE demo_inbox (
  id         bigserial PRIMARY KEY,
  -- The outbox row the message was (the same message delivered twice after a crash is kept once).
  outbox_id  bigint NOT NULL UNIQUE,
  site       text NOT NULL,
  kind       text NOT NULL,
  language   text NOT NULL,
  sender     text NOT NULL,
  recipient  text NOT NULL,
  subject    text NOT NULL,
  text_body  text NOT NULL,
  html_body  text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX demo_inbox_created ON demo_inbox (created_at);
CREATE INDEX demo_inbox_recipient ON demo_inbox (lower(recipient));
