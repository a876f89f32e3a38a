-- Catalogue search (decision 012): Russian full-text search for morphology, a trigram-indexed vocabulary for
-- typos, and an index for SKU lookups. Everything here runs on PGlite (pg_trgm loaded in server/db/index.ts)
-- and on PostgreSQL 15 (pg_trgm is a trusted contrib extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Title (weight A) and description (weight C), stemmed by the 'russian' configuration (Latin words by the
-- English stemmer). Stored and kept current by PostgreSQL itself, whoever writes the row.
ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('russian'::regconfig, title), 'A') || setweight(to_tsvector('russian'::regconfig, description), 'C')
) STORED;
CREATE INDEX products_search_vector ON products USING gin (search_vector);

-- SKU: exact and prefix match regardless of case (lower(sku) = … and lower(sku) LIKE 'prefix%').
CREATE INDEX products_sku_lower ON products (lower(sku) text_pattern_ops);

-- The vocabulary of the catalogue: every distinct lower-case word (3 to 40 letters, no digits) of product
-- titles and descriptions and of category titles. A misspelt query word is replaced by its most similar
-- vocabulary word (trigram similarity through the GIN index) before the full-text search runs again.
-- Words are only added (triggers below); a word whose last product is gone simply finds nothing.
CREATE TABLE search_words (
  word text PRIMARY KEY
);
CREATE INDEX search_words_trgm ON search_words USING gin (word gin_trgm_ops);

-- Statement-level triggers with transition tables: one insert into the vocabulary per statement, however
-- many rows it wrote (bulk loads stay fast). The function bodies keep each ';' inside a line, because the
-- migration runner splits statements at a ';' that ends a line.
CREATE FUNCTION search_words_from_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT DISTINCT w FROM changed_rows r, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, r.title || ' ' || r.description))) AS w WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]' ORDER BY w ON CONFLICT DO NOTHING; RETURN NULL; END
$$;

CREATE FUNCTION search_words_from_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT DISTINCT w FROM changed_rows r, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, r.title))) AS w WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]' ORDER BY w ON CONFLICT DO NOTHING; RETURN NULL; END
$$;

CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_products();
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_products();
CREATE TRIGGER categories_search_words_insert AFTER INSERT ON categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_categories();
CREATE TRIGGER categories_search_words_update AFTER UPDATE ON categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_categories();

-- The vocabulary of a catalogue loaded before this migration.
INSERT INTO search_words (word)
SELECT DISTINCT w FROM (
  SELECT unnest(tsvector_to_array(to_tsvector('simple'::regconfig, title || ' ' || description))) AS w FROM products
  UNION ALL
  SELECT unnest(tsvector_to_array(to_tsvector('simple'::regconfig, title))) FROM categories
) words
WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'
ON CONFLICT DO NOTHING;
