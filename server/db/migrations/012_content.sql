-- Editorial content (issue 12, decision 027): news, articles, info pages with their sub-pages, FAQ entries.
-- One row per (kind, site, language, slug). site '*' serves every site without its own row (as widgets do);
-- a language without its own row is served the Russian one, which the page says. The owner writes Markdown;
-- the sanitised HTML, the table of contents and the word count are computed when the row is saved, so a page
-- view only reads.
CREATE TABLE content_entries (
  id           serial PRIMARY KEY,
  kind         text NOT NULL CHECK (kind IN ('news', 'article', 'page', 'faq')),
  site         text NOT NULL DEFAULT '*',
  language     text NOT NULL,
  -- A page's path below the site root ('about', 'about_noise_insulation/sloi'); an item's slug for the rest.
  slug         text NOT NULL CHECK (slug ~ '^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)?$' AND length(slug) <= 120),
  title        text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
  -- The meta description and the list's teaser.
  summary      text NOT NULL DEFAULT '',
  body_md      text NOT NULL,
  body_html    text NOT NULL,
  -- Headings of the body: [{ "id", "text", "level" }].
  toc          jsonb NOT NULL DEFAULT '[]',
  words        integer NOT NULL DEFAULT 0 CHECK (words >= 0),
  -- The cover and the gallery: { "src", "alt", "width", "height" }.
  cover        jsonb,
  gallery      jsonb NOT NULL DEFAULT '[]',
  -- Products (SKUs) and articles (slugs) shown beside an article.
  products     jsonb NOT NULL DEFAULT '[]',
  related      jsonb NOT NULL DEFAULT '[]',
  sort         integer NOT NULL DEFAULT 0,
  published    boolean NOT NULL DEFAULT true,
  published_at timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, site, language, slug)
);
-- Lists: the newest published items of a kind.
CREATE INDEX content_entries_list ON content_entries (kind, published_at DESC) WHERE published;
