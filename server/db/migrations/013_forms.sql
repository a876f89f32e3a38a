-- The public forms of issue 12 (decision 027): reviews (published after moderation), suggestions and questions,
-- partner applications and installation appointments, each stored per site; and the per-address rate limit of
-- every form, kept here so it holds across pods.
CREATE TABLE reviews (
  id           serial PRIMARY KEY,
  site         text NOT NULL,
  language     text NOT NULL,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  city         text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
  rating       smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body         text NOT NULL CHECK (length(body) BETWEEN 1 AND 3000),
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'rejected')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  moderated_at timestamptz
);
CREATE INDEX reviews_published ON reviews (site, created_at DESC) WHERE status = 'published';

CREATE TABLE contact_messages (
  id         serial PRIMARY KEY,
  site       text NOT NULL,
  language   text NOT NULL,
  kind       text NOT NULL CHECK (kind IN ('suggestion', 'question')),
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  email      text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  body       text NOT NULL CHECK (length(body) BETWEEN 1 AND 3000),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE partner_applications (
  id           serial PRIMARY KEY,
  site         text NOT NULL,
  language     text NOT NULL,
  company      text NOT NULL CHECK (length(company) BETWEEN 1 AND 200),
  inn          text NOT NULL CHECK (inn ~ '^([0-9]{10}|[0-9]{12})$'),
  city         text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
  partner_type text NOT NULL CHECK (partner_type IN ('installer', 'dealer', 'distributor', 'referral')),
  -- Expected purchases a month, in the site's currency.
  volume       bigint NOT NULL CHECK (volume >= 0),
  contact_name text NOT NULL CHECK (length(contact_name) BETWEEN 1 AND 100),
  phone        text NOT NULL,
  email        text NOT NULL,
  comment      text NOT NULL DEFAULT '' CHECK (length(comment) <= 3000),
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE appointments (
  id             serial PRIMARY KEY,
  site           text NOT NULL,
  language       text NOT NULL,
  -- The signed-in shopper who asked, if any (the appointment is then also in their /records).
  user_id        integer REFERENCES users(id) ON DELETE SET NULL,
  car            text NOT NULL CHECK (length(car) BETWEEN 1 AND 100),
  zones          text[] NOT NULL CHECK (cardinality(zones) >= 1),
  preferred_date date NOT NULL,
  city           text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
  phone          text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- Accepted submissions per key ("review:ip:…") in a fixed window, counted by an atomic upsert in the transaction
-- that stores the submission (server/services/forms.ts).
CREATE TABLE form_throttle (
  key          text PRIMARY KEY,
  window_start timestamptz NOT NULL DEFAULT now(),
  hits         integer NOT NULL DEFAULT 0
);
CREATE INDEX form_throttle_window ON form_throttle (window_start);
