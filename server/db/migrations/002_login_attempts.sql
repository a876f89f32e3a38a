-- Failed sign-in attempts, for the login rate limit. Kept in the database so the limit holds across pods.
CREATE TABLE login_attempts (
  key        text NOT NULL,
  attempt_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_key_time ON login_attempts (key, attempt_at);
