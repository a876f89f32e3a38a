-- Catalogue, sessions, carts, compare lists, users and orders: the tables the spine needs.
-- Money is numeric(14,2) in the price list's currency; each site sells from one price list.

CREATE TABLE price_lists (
  code      text PRIMARY KEY,
  currency  char(3) NOT NULL
);

CREATE TABLE categories (
  id            integer PRIMARY KEY,
  slug          text NOT NULL UNIQUE,
  title         text NOT NULL,
  description   text NOT NULL DEFAULT '',
  preview_image text,
  sort          integer NOT NULL DEFAULT 0
);

CREATE TABLE products (
  id          serial PRIMARY KEY,
  sku         text NOT NULL UNIQUE,
  slug        text NOT NULL,
  category_id integer NOT NULL REFERENCES categories(id),
  title       text NOT NULL,
  description text NOT NULL DEFAULT '',
  attributes  jsonb NOT NULL DEFAULT '{}'::jsonb,
  images      jsonb NOT NULL DEFAULT '[]'::jsonb,
  popularity  integer NOT NULL DEFAULT 0,
  is_active   boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (category_id, slug)
);

CREATE TABLE product_prices (
  product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  price_list text NOT NULL REFERENCES price_lists(code),
  amount     numeric(14,2) NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (product_id, price_list)
);

CREATE TABLE kits (
  id               serial PRIMARY KEY,
  slug             text NOT NULL UNIQUE,
  title            text NOT NULL,
  description      text NOT NULL DEFAULT '',
  discount_percent numeric(5,2) NOT NULL DEFAULT 0 CHECK (discount_percent >= 0 AND discount_percent < 100)
);

CREATE TABLE kit_items (
  kit_id     integer NOT NULL REFERENCES kits(id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products(id),
  quantity   integer NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (kit_id, product_id)
);

-- Server-supplied HTML snippets (spec §3). site '*' applies to every site without its own row.
CREATE TABLE widgets (
  code text NOT NULL,
  site text NOT NULL DEFAULT '*',
  html text NOT NULL,
  PRIMARY KEY (code, site)
);

CREATE TABLE cities (
  id     serial PRIMARY KEY,
  site   text NOT NULL,
  title  text NOT NULL,
  region text NOT NULL DEFAULT '',
  -- The address of the city's regional site, when it has one.
  url    text,
  UNIQUE (site, title)
);
CREATE INDEX cities_title_lower ON cities (lower(title) text_pattern_ops);

CREATE TABLE users (
  id            serial PRIMARY KEY,
  email         text NOT NULL,
  name          text NOT NULL DEFAULT '',
  password_hash text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
-- E-mail addresses are unique and looked up regardless of case.
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));

-- A visitor's session. The row is written only once the visitor has state (a cart, a login):
-- page views of anonymous visitors cost no write. id is the random value of the signed cookie.
CREATE TABLE sessions (
  id           text PRIMARY KEY,
  user_id      integer REFERENCES users(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  -- The session (and its cart) is gone after expires_at, the cookie's lifetime; a sign-in counts only until
  -- signed_in_until (set at sign-in). A stolen cookie does not work forever.
  expires_at      timestamptz NOT NULL DEFAULT now() + interval '180 days',
  signed_in_until timestamptz NOT NULL DEFAULT now() + interval '30 days'
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

-- One cart per session and site (prices differ per site).
CREATE TABLE carts (
  id         serial PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  site       text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (session_id, site)
);

CREATE TABLE cart_items (
  cart_id    integer NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products(id),
  quantity   integer NOT NULL CHECK (quantity > 0 AND quantity <= 999),
  added_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cart_id, product_id)
);

CREATE TABLE compare_items (
  session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  added_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, product_id)
);

CREATE TABLE orders (
  id         serial PRIMARY KEY,
  session_id text REFERENCES sessions(id) ON DELETE SET NULL,
  user_id    integer REFERENCES users(id),
  site       text NOT NULL,
  status     text NOT NULL DEFAULT 'new',
  currency   char(3) NOT NULL,
  total      numeric(14,2) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_session ON orders (session_id);
CREATE INDEX orders_user ON orders (user_id);

CREATE TABLE order_items (
  order_id   integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products(id),
  title      text NOT NULL,
  price      numeric(14,2) NOT NULL,
  quantity   integer NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (order_id, product_id)
);

-- Secrets generated on first start when the environment gives none (the cookie-signing key):
-- kept in the database so that every pod sharing it signs alike.
CREATE TABLE app_secrets (
  name  text PRIMARY KEY,
  value text NOT NULL
);
