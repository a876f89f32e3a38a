-- The catalogue in the sites' languages (issue 20, docs/decisions/048-translated-catalogue.md). The catalogue's own
-- columns (categories, products, kits .title/.description, the string values of products.attributes) are Russian, the
-- shop's first language; a translation row holds one row's texts in one other language. Readers never join these
-- tables themselves: they read the functions below, which answer every row in the language asked for, falling back to
-- the Russian column where a row has no translation, and say so (`lang` = 'ru' on a fallback, NULL otherwise) so the
-- page can mark the text lang="ru" for screen readers and search engines.
CREATE TABLE category_translations (
  category_id integer NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  language    text NOT NULL CHECK (language <> 'ru' AND language ~ '^[a-z]{2}(-[A-Z]{2})?$'),
  title       text NOT NULL CHECK (title <> ''),
  description text NOT NULL DEFAULT '',
  PRIMARY KEY (category_id, language)
);

CREATE TABLE product_translations (
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  language    text NOT NULL CHECK (language <> 'ru' AND language ~ '^[a-z]{2}(-[A-Z]{2})?$'),
  title       text NOT NULL CHECK (title <> ''),
  description text NOT NULL DEFAULT '',
  -- Words of the translated title (weight A) and description (weight C) for search in that language. The 'simple'
  -- configuration: no stemmer is installed for Kazakh, Kyrgyz, Uzbek or Chinese, and prefix matching covers
  -- as-you-type search in all of them.
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, description), 'C')
  ) STORED,
  PRIMARY KEY (product_id, language)
);
CREATE INDEX product_translations_search ON product_translations USING gin (search_vector);

CREATE TABLE kit_translations (
  kit_id      integer NOT NULL REFERENCES kits(id) ON DELETE CASCADE,
  language    text NOT NULL CHECK (language <> 'ru' AND language ~ '^[a-z]{2}(-[A-Z]{2})?$'),
  title       text NOT NULL CHECK (title <> ''),
  description text NOT NULL DEFAULT '',
  PRIMARY KEY (kit_id, language)
);

-- Free-text attribute values ('бутил', 'акриловый', 'лист') in other languages: one row per attribute, Russian value
-- and language, shared by every product with that value.
CREATE TABLE attribute_value_translations (
  attribute text NOT NULL,
  value     text NOT NULL,
  language  text NOT NULL CHECK (language <> 'ru' AND language ~ '^[a-z]{2}(-[A-Z]{2})?$'),
  text      text NOT NULL CHECK (text <> ''),
  PRIMARY KEY (attribute, value, language)
);

-- A product's attributes with their string values in `lang` where translated, and the keys of the string values that
-- stay Russian (an empty array when every one is translated, or when lang is 'ru').
CREATE FUNCTION attributes_in(attrs jsonb, lang text, OUT attributes jsonb, OUT ru_keys text[]) LANGUAGE sql STABLE AS $$
  SELECT attrs || coalesce(jsonb_object_agg(e.key, t.text) FILTER (WHERE t.text IS NOT NULL), '{}'::jsonb), coalesce(array_agg(e.key ORDER BY e.key) FILTER (WHERE t.text IS NULL AND lang <> 'ru'), '{}') FROM jsonb_each(attrs) AS e LEFT JOIN attribute_value_translations t ON t.attribute = e.key AND t.value = e.value #>> '{}' AND t.language = lang WHERE jsonb_typeof(e.value) = 'string'
$$;

-- The categories in `lang`.
CREATE FUNCTION categories_in(lang text) RETURNS TABLE (id integer, slug text, title text, description text, preview_image text, sort integer, lang text) LANGUAGE sql STABLE AS $$
  SELECT c.id, c.slug, coalesce(t.title, c.title), CASE WHEN t.category_id IS NULL THEN c.description ELSE t.description END, c.preview_image, c.sort, CASE WHEN t.category_id IS NULL AND $1 <> 'ru' THEN 'ru' END FROM categories c LEFT JOIN category_translations t ON t.category_id = c.id AND t.language = $1
$$;

-- The kits in `lang`.
CREATE FUNCTION kits_in(lang text) RETURNS TABLE (id integer, slug text, title text, description text, discount_percent numeric, lang text) LANGUAGE sql STABLE AS $$
  SELECT k.id, k.slug, coalesce(t.title, k.title), CASE WHEN t.kit_id IS NULL THEN k.description ELSE t.description END, k.discount_percent, CASE WHEN t.kit_id IS NULL AND $1 <> 'ru' THEN 'ru' END FROM kits k LEFT JOIN kit_translations t ON t.kit_id = k.id AND t.language = $1
$$;

-- The catalogue read model (migration 018, decision 031) in `lang`: site_offers of price list `list` with the title
-- and description translated and `lang` ('ru' where they fell back). Attributes stay Russian here; the product page and
-- compare translate them with attributes_in. Orders and the spec's API answers read it in 'ru'.
-- Inlined by the planner like the view: a reader pays for the translation join only.
CREATE FUNCTION site_offers_in(list text, lang text) RETURNS TABLE (
  price_list text, currency text, id integer, sku text, slug text, category_id integer, title text, description text,
  attributes jsonb, images jsonb, popularity integer, created_at timestamptz, stock integer, weight_kg numeric,
  made_to_order boolean, active boolean, price numeric, sold boolean, lang text
) LANGUAGE sql STABLE AS $$
  SELECT o.price_list, o.currency, o.id, o.sku, o.slug, o.category_id, coalesce(t.title, o.title), CASE WHEN t.product_id IS NULL THEN o.description ELSE t.description END, o.attributes, o.images, o.popularity, o.created_at, o.stock, o.weight_kg, o.made_to_order, o.active, o.price, o.sold, CASE WHEN t.product_id IS NULL AND $2 <> 'ru' THEN 'ru' END FROM site_offers o LEFT JOIN product_translations t ON t.product_id = o.id AND t.language = $2 WHERE o.price_list = $1
$$;
