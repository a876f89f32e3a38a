-- Issue 21: the back office (docs/decisions/049-back-office.md). The shop's staff — not shoppers — with roles, a
-- per-site scope, a password and a second factor, their own short sessions and a record of every change they make.

-- A staff member. `sites` NULL: every site; else the sites whose orders and leads the member sees (a Kazakh
-- manager: {kz}). `epoch` grows on every change of privilege (role, scope, password, disabling): a session keeps
-- working only while it carries the epoch it was opened under.
CREATE TABLE staff_members (
  id             serial PRIMARY KEY,
  email          text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  name           text NOT NULL DEFAULT '' CHECK (length(name) <= 100),
  role           text NOT NULL CHECK (role IN ('owner', 'manager', 'content')),
  sites          text[] CHECK (sites IS NULL OR cardinality(sites) > 0),
  password_hash  text NOT NULL,
  -- The TOTP secret (RFC 6238, base32); NULL until the member has enrolled an authenticator at the first sign-in.
  totp_secret    text,
  -- The last time step a code was accepted for: a code is good once (a watched code cannot be replayed).
  totp_last_step bigint NOT NULL DEFAULT 0,
  epoch          integer NOT NULL DEFAULT 1,
  disabled       boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_members_email ON staff_members (lower(email));

-- Recovery codes: stored as SHA-256 of the code (the code is random, 50 bits: a slow hash buys nothing), each used once.
CREATE TABLE staff_recovery_codes (
  staff_id   integer NOT NULL REFERENCES staff_members(id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  used_at    timestamptz,
  PRIMARY KEY (staff_id, code_hash)
);

-- Staff sessions: the cookie holds a random id, the table its SHA-256 (a leaked table opens no session).
-- `stage` 'second_factor': the password was right, the code is still due (such a row lives minutes);
-- 'enrol': the password was right and the member has no authenticator yet; 'active': signed in.
CREATE TABLE staff_sessions (
  id_hash      text PRIMARY KEY,
  staff_id     integer NOT NULL REFERENCES staff_members(id) ON DELETE CASCADE,
  epoch        integer NOT NULL,
  stage        text NOT NULL CHECK (stage IN ('second_factor', 'enrol', 'active')),
  -- The secret an enrolling member is shown, until a code from it confirms it.
  pending_secret text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);
CREATE INDEX staff_sessions_expires ON staff_sessions (expires_at);

-- Every change a staff member made: who, when, what, the state before and after.
CREATE TABLE staff_audit (
  id         bigserial PRIMARY KEY,
  staff_id   integer REFERENCES staff_members(id) ON DELETE SET NULL,
  -- Kept as written then: the log still names a member whose row was deleted.
  staff_email text NOT NULL,
  action     text NOT NULL,
  entity     text NOT NULL,
  entity_id  text NOT NULL,
  site       text,
  before     jsonb,
  after      jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_audit_created ON staff_audit (created_at DESC, id DESC);
CREATE INDEX staff_audit_entity ON staff_audit (entity, entity_id);

-- The order's states gain 'confirmed' (the shop accepted an order paid on receipt or by invoice); a shipped order
-- carries its tracking number; a history row names the staff member who moved the order (NULL: the shop itself —
-- checkout, payments, housekeeping).
ALTER TABLE orders DROP CONSTRAINT orders_status;
ALTER TABLE orders ADD CONSTRAINT orders_status CHECK
  (status IN ('new', 'confirmed', 'awaiting_payment', 'paid', 'in_progress', 'shipped', 'delivered', 'cancelled'));
ALTER TABLE orders ADD COLUMN tracking_number text CHECK (length(tracking_number) <= 100);
ALTER TABLE order_status_history ADD COLUMN staff_id integer REFERENCES staff_members(id) ON DELETE SET NULL;
-- The staff's order list: newest first per site and state.
CREATE INDEX orders_site_created ON orders (site, created_at DESC, id DESC);
CREATE INDEX orders_status_created ON orders (status, created_at DESC);
