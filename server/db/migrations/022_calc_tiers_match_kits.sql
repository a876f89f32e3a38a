-- Issue 19: the calculator's middle tier ('good', «Хороший») says it matches the ready kits — now it does, kit for
-- kit: the calculator's answer for a kit's zones (demo-data.ts DemoKit.zones) on a sedan at this tier is the kit's
-- sheet goods, line for line (test/calc-kits.test.ts holds them together). What changes, by domain.md's formula
-- (need m² = area × coverage × 1.1, sheets rounded up per zone):
--   doors:  the outer skin's absorber covers 85 % (the side-impact beam is left bare): 2.4 × 0.85 × 1.1 / 0.75 → 3 × Акустик 10;
--   boot:   the barrier covers 80 % (not the spare-wheel niche's walls): 1.3 × 0.8 × 1.1 / 0.42 → 3 × Изолятор 8;
--   boot lid: the foil absorber of the hood (heat and damp), between the ribs (60 %): 0.8 × 0.6 × 1.1 / 0.75 → 1;
--   arches: the liners' barrier covers 90 % (their fixings' strips are left): 2.0 × 0.9 × 1.1 / 0.42 → 5 × Изолятор 8.
UPDATE calc_coverage SET coverage = 0.85 WHERE zone = 'door-skin' AND layer = 'absorber' AND tier = 'good';
UPDATE calc_coverage SET coverage = 0.8 WHERE zone = 'boot' AND layer = 'barrier' AND tier = 'good';
UPDATE calc_coverage SET coverage = 0.6 WHERE zone = 'boot-lid' AND layer = 'absorber' AND tier = 'good';
UPDATE calc_coverage SET coverage = 0.9 WHERE zone = 'arches-out' AND layer = 'barrier' AND tier = 'good';
INSERT INTO calc_choices (tier, layer, zone, rank, sku) VALUES
  ('good', 'absorber', 'boot-lid', 1, 'ABS-AK-10F'),
  ('good', 'absorber', 'boot-lid', 2, 'ABS-AK-10')
ON CONFLICT (tier, layer, zone, rank) DO NOTHING;
