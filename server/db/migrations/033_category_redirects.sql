-- Issue 21 (docs/decisions/049-back-office.md): a category renamed in the back office keeps its old addresses. Each
-- slug a category has left points at the category (not at a slug), so a chain of renames A → B → C sends A and B
-- straight to C; the storefront answers an old address with a 301 to the current one. A category that takes an old
-- slug removes its row (a live category always wins), written in the same transaction as the rename.
CREATE TABLE category_redirects (
  slug        text PRIMARY KEY CHECK (length(slug) BETWEEN 1 AND 120),
  category_id integer NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX category_redirects_category ON category_redirects (category_id);
