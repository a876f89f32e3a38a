-- Issue 21 item 3 (docs/decisions/049-back-office.md): product photos uploaded in the back office. The shop runs as
-- several pods on one database, so an upload lives here, not on one pod's disk: the picture as it was sent is known by
-- the SHA-256 of its bytes (its address /media/<hash>.webp never changes, so it is cached for a year), with its size
-- and type; its WebP renditions — one per width of RENDITION_WIDTHS below the largest, and the largest (the original's
-- width, at most MEDIA_MAX_WIDTH) — are stored as bytes. products.images refers to them as
-- { "src": "/media/<hash>.webp", "alt", "width", "height" }; a picture no product refers to any more is deleted.
CREATE TABLE media_images (
  hash       text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
  -- The picture as uploaded (after its EXIF orientation): width and height in pixels, its type, its size in bytes.
  width      integer NOT NULL CHECK (width > 0),
  height     integer NOT NULL CHECK (height > 0),
  mime       text NOT NULL CHECK (mime ~ '^image/[a-z0-9.+-]{1,40}$'),
  bytes      integer NOT NULL CHECK (bytes > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE media_renditions (
  hash    text NOT NULL REFERENCES media_images(hash) ON DELETE CASCADE,
  width   integer NOT NULL CHECK (width > 0),
  height  integer NOT NULL CHECK (height > 0),
  -- The widest rendition, served at /media/<hash>.webp as well as at /media/<hash>-<width>.webp.
  largest boolean NOT NULL DEFAULT false,
  data    bytea NOT NULL,
  PRIMARY KEY (hash, width)
);
CREATE UNIQUE INDEX media_renditions_largest ON media_renditions (hash) WHERE largest;
