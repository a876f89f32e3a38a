-- Accounts (docs/decisions/026-accounts.md): registration, e-mail confirmation, password reset, the personal area.
-- One account serves every regional site (e-mail unique across sites); addresses, orders and records stay per site.

-- The profile. An account works at once; email_confirmed_at stays NULL until the confirmation link is used.
ALTER TABLE users ADD COLUMN phone text;
ALTER TABLE users ADD COLUMN email_confirmed_at timestamptz;
-- Consent to personal-data processing (152-FZ), given at registration: when.
ALTER TABLE users ADD COLUMN pd_consent_at timestamptz;
ALTER TABLE users ADD COLUMN marketing_consent boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN marketing_consent_at timestamptz;
-- Where and in which language the account was made (the language of mails sent without a request, e.g. notices).
ALTER TABLE users ADD COLUMN site text;
ALTER TABLE users ADD COLUMN language text;

-- The links mailed to an account: e-mail confirmation, password reset, e-mail change. Only a hash of the link's
-- secret is kept (a copy of this table opens nothing). Single use: used_at is set by the statement that uses it.
CREATE TABLE account_tokens (
  hash           text PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose        text NOT NULL CHECK (purpose IN ('confirm', 'reset', 'email')),
  -- The address the link went to: the one it confirms (confirm, email) or the account's (reset).
  email          text NOT NULL,
  site           text NOT NULL,
  -- The session that asked for the link (registration, e-mail change): using it there signs that visitor in.
  created_session text,
  -- The session that opened the link: the page then drops the secret from its address and finds it by session.
  opened_session text,
  opened_at      timestamptz,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);
CREATE INDEX account_tokens_opened ON account_tokens (opened_session, opened_at DESC) WHERE opened_session IS NOT NULL;
CREATE INDEX account_tokens_expires ON account_tokens (expires_at);

-- Saved delivery addresses, per site (each site delivers in its own country).
CREATE TABLE user_addresses (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  site       text NOT NULL,
  city       text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
  address    text NOT NULL CHECK (length(address) BETWEEN 1 AND 300),
  postcode   text NOT NULL DEFAULT '' CHECK (length(postcode) <= 20),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_addresses_user ON user_addresses (user_id, site, id);

-- The e-mail a guest order was placed with (orders.customer_email, migration 009): a confirmed account with that
-- address takes the guest orders over.
CREATE INDEX orders_guest_email ON orders (lower(customer_email)) WHERE user_id IS NULL;
