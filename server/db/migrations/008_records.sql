-- A signed-in shopper's saved things (/records): calculator and constructor results and installation appointments.
-- Each row links back to what it saved (a local path that reopens the result) and keeps what the list shows.
CREATE TABLE records (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  site       text NOT NULL,
  kind       text NOT NULL CHECK (kind IN ('calculation', 'construction', 'appointment')),
  title      text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  -- A local path (shared/safe-path.ts) that reopens the result: /calc?body=sedan&zones=doors&tier=good …
  link       text NOT NULL CHECK (link LIKE '/%' AND length(link) <= 2000),
  -- What the list shows beside the title (totals, the appointment's date and city …), per kind.
  details    jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX records_user ON records (user_id, site, created_at DESC);
