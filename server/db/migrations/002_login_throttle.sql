-- Sign-in attempts per key ("email:…", "ip:…") in a fixed window, for the login rate limit. One row per key,
-- counted with an atomic upsert before the password is checked, so concurrent attempts cannot slip past the
-- limit. Kept in the database so the limit holds across pods.
CREATE TABLE login_throttle (
  key          text PRIMARY KEY,
  window_start timestamptz NOT NULL DEFAULT now(),
  attempts     integer NOT NULL DEFAULT 0
);
CREATE INDEX login_throttle_window ON login_throttle (window_start);
