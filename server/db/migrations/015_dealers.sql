-- Dealers and installation centres per site (/map, where to buy; docs/decisions/029-map-and-seo.md).
-- kind follows the partner programme's tiers that have a place to visit (../shared/domain.md): an installation
-- centre, a shop or dealer, a regional distributor. Coordinates are WGS 84 degrees; hours are schema.org
-- openingHours text ("Mo-Fr 09:00-20:00; Sa 10:00-18:00"), which the page formats in the visitor's language.
CREATE TABLE dealers (
  id         serial PRIMARY KEY,
  site       text NOT NULL,
  slug       text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100),
  kind       text NOT NULL CHECK (kind IN ('installer', 'dealer', 'distributor')),
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  city       text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
  address    text NOT NULL CHECK (length(address) BETWEEN 1 AND 300),
  -- ISO 3166 country of the address (JSON-LD PostalAddress).
  country    char(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  phone      text NOT NULL DEFAULT '',
  email      text,
  website    text CHECK (website IS NULL OR website ~ '^https://'),
  hours      text NOT NULL DEFAULT '',
  latitude   double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude  double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  is_active  boolean NOT NULL DEFAULT true,
  sort       integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site, slug)
);
CREATE INDEX dealers_site ON dealers (site, sort, name) WHERE is_active;
