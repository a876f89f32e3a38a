-- Every product photo carries its alt text (docs/decisions/041-drawn-demo-pictures.md): products.images turns from
-- an array of addresses into an array of { "src": address, "alt": text }. A photo stored before has no description of
-- its own, so it says which product it shows (the product's title), which is what the page said for it until now.
UPDATE products p
   SET images = (SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(e) = 'string' THEN jsonb_build_object('src', e #>> '{}', 'alt', p.title) ELSE e END ORDER BY i), '[]'::jsonb)
                   FROM jsonb_array_elements(p.images) WITH ORDINALITY AS x(e, i))
 WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(p.images) AS e WHERE jsonb_typeof(e) = 'string');
