-- One rate limiter (server/limits/, docs/decisions/030-one-limiter.md): a row per (policy, key) for every limit —
-- sign-in, registration, reset requests, account mails, password checks, the public forms, payment checks —
-- counted by one atomic upsert. Replaces login_throttle (002), form_throttle (013) and payments.checked_at (010).
CREATE TABLE rate_limits (
  -- A policy name of server/limits/policies.ts ('signin.address', 'forms.address' …).
  policy       text NOT NULL,
  key          text NOT NULL,
  -- Window policies: when the window began. Backoff policies: when the last use was answered (or, while a use is
  -- being checked, until when it holds the next one back).
  window_start timestamptz NOT NULL DEFAULT now(),
  hits         integer NOT NULL DEFAULT 0,
  PRIMARY KEY (policy, key)
);
-- Housekeeping deletes the rows whose window is over.
CREATE INDEX rate_limits_window ON rate_limits (window_start);

-- The windows still running move over, so the deploy resets no limit. Keys lose their old prefixes; parts are now
-- joined by a space ("mail:confirm:a@b.ru" → policy account-mail.recipient, key "confirm a@b.ru"). IPv6 addresses
-- are keyed by their /64 from now on: their old rows match no new key and are purged when their window ends.
INSERT INTO rate_limits (policy, key, window_start, hits)
SELECT m.policy, m.key, l.window_start, l.attempts
  FROM login_throttle l
  CROSS JOIN LATERAL (
    SELECT CASE
             WHEN l.key LIKE 'ip:%' THEN 'signin.address'
             WHEN l.key LIKE 'email-ip:%' THEN 'signin.pair'
             WHEN l.key LIKE 'register-ip:%' THEN 'register.address'
             WHEN l.key LIKE 'forgot-ip:%' THEN 'reset.address'
             WHEN l.key LIKE 'mail:%' THEN 'account-mail.recipient'
             WHEN l.key LIKE 'password-check:%' THEN 'password.account'
           END AS policy,
           CASE
             WHEN l.key LIKE 'mail:%' THEN regexp_replace(l.key, '^mail:([^:]+):', '\1 ')
             ELSE substr(l.key, strpos(l.key, ':') + 1)
           END AS key
  ) m
 WHERE m.policy IS NOT NULL AND l.window_start > now() - interval '1 day';

INSERT INTO rate_limits (policy, key, window_start, hits)
SELECT 'forms.address', regexp_replace(key, '^([a-z]+):ip:', '\1 '), window_start, hits
  FROM form_throttle
 WHERE key ~ '^[a-z]+:ip:' AND window_start > now() - interval '1 day';

-- The old limiters' storage. (payments.checked_at held a 2-second claim: nothing worth moving.)
DROP TABLE login_throttle;
DROP TABLE form_throttle;
ALTER TABLE payments DROP COLUMN checked_at;
