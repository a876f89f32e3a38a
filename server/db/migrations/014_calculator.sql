-- The calculator (/calc) and the constructor (/constructor): everything they compute from is data a shop owner
-- edits without a release (docs/decisions/028-calculator.md). The formulas are in shared/calculator.ts:
--   need m² = area[body][zone] × coverage[zone][layer][tier] × (1 + waste);  sheets = ceil(need / sheet area)
-- Sheet area, kg/m² and price come from the product itself (attributes, product_prices of the site's list).
-- The rows below are the demo figures of domain.md (areas and coverages are estimates).

CREATE TABLE calc_settings (
  id    boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- Share added for cutting and overlaps (0.10 = 10 %).
  waste numeric(4,3) NOT NULL CHECK (waste >= 0 AND waste < 1)
);

-- Titles are Russian; the pages show the locale's name for a known code (calc.body.<code> …) and this title otherwise.
CREATE TABLE calc_bodies (
  code  text PRIMARY KEY CHECK (code ~ '^[a-z][a-z0-9-]{0,30}$'),
  title text NOT NULL,
  sort  integer NOT NULL DEFAULT 0
);

CREATE TABLE calc_zones (
  code     text PRIMARY KEY CHECK (code ~ '^[a-z][a-z0-9-]{0,30}$'),
  title    text NOT NULL,
  -- Zones of one group (the three layers of a door) are offered together: "all doors".
  grp      text NOT NULL,
  sort     integer NOT NULL DEFAULT 0,
  -- Ticked when the calculator opens without a choice.
  default_on boolean NOT NULL DEFAULT false
);

-- A layer's products come from one catalogue category (the constructor offers that category's sheet goods).
CREATE TABLE calc_layers (
  code          text PRIMARY KEY CHECK (code ~ '^[a-z][a-z0-9-]{0,30}$'),
  title         text NOT NULL,
  category_slug text NOT NULL,
  sort          integer NOT NULL DEFAULT 0
);

CREATE TABLE calc_tiers (
  code  text PRIMARY KEY CHECK (code ~ '^[a-z][a-z0-9-]{0,30}$'),
  title text NOT NULL,
  sort  integer NOT NULL DEFAULT 0,
  -- The tier the calculator opens with (one row).
  is_default boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX calc_tiers_one_default ON calc_tiers (is_default) WHERE is_default;

-- Metal area of a zone on a body type, m².
CREATE TABLE calc_areas (
  body    text NOT NULL REFERENCES calc_bodies(code) ON DELETE CASCADE ON UPDATE CASCADE,
  zone    text NOT NULL REFERENCES calc_zones(code) ON DELETE CASCADE ON UPDATE CASCADE,
  area_m2 numeric(6,3) NOT NULL CHECK (area_m2 > 0 AND area_m2 < 100),
  PRIMARY KEY (body, zone)
);

-- Share of the zone's metal a layer covers at a tier. No row: the tier puts no such layer on the zone.
CREATE TABLE calc_coverage (
  zone     text NOT NULL REFERENCES calc_zones(code) ON DELETE CASCADE ON UPDATE CASCADE,
  layer    text NOT NULL REFERENCES calc_layers(code) ON DELETE CASCADE ON UPDATE CASCADE,
  tier     text NOT NULL REFERENCES calc_tiers(code) ON DELETE CASCADE ON UPDATE CASCADE,
  coverage numeric(4,3) NOT NULL CHECK (coverage > 0 AND coverage <= 1),
  PRIMARY KEY (zone, layer, tier)
);

-- The product a tier puts in a layer, by SKU: zone '*' for every zone, a zone's own rows override it. rank 1 is
-- the choice, higher ranks the alternatives used in turn when the site does not sell it.
CREATE TABLE calc_choices (
  tier  text NOT NULL REFERENCES calc_tiers(code) ON DELETE CASCADE ON UPDATE CASCADE,
  layer text NOT NULL REFERENCES calc_layers(code) ON DELETE CASCADE ON UPDATE CASCADE,
  zone  text NOT NULL DEFAULT '*',
  rank  smallint NOT NULL DEFAULT 1 CHECK (rank BETWEEN 1 AND 9),
  sku   text NOT NULL,
  PRIMARY KEY (tier, layer, zone, rank)
);

-- Makes and models, each implying a body type (the search field of the calculator).
CREATE TABLE calc_cars (
  slug  text PRIMARY KEY CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,60}$'),
  make  text NOT NULL,
  model text NOT NULL,
  body  text NOT NULL REFERENCES calc_bodies(code) ON UPDATE CASCADE,
  sort  integer NOT NULL DEFAULT 0
);

-- ── Demo data (domain.md) ──────────────────────────────────────────────────
INSERT INTO calc_settings (waste) VALUES (0.10);

INSERT INTO calc_bodies (code, title, sort) VALUES
  ('sedan', 'Седан', 1), ('hatchback', 'Хэтчбек', 2), ('wagon', 'Универсал', 3), ('coupe', 'Купе', 4),
  ('suv', 'Кроссовер / внедорожник', 5), ('pickup', 'Пикап', 6), ('minivan', 'Минивэн', 7);

INSERT INTO calc_zones (code, title, grp, sort, default_on) VALUES
  ('door-skin',  'Двери ×4: наружная панель',       'doors', 1, true),
  ('door-inner', 'Двери ×4: внутренняя панель',     'doors', 2, true),
  ('door-trim',  'Обшивки дверей ×4',               'doors', 3, true),
  ('floor',      'Пол салона с тоннелем',           'floor', 4, false),
  ('boot',       'Пол и ниша багажника',            'boot', 5, false),
  ('roof',       'Крыша',                           'roof', 6, false),
  ('hood',       'Капот',                           'hood', 7, false),
  ('boot-lid',   'Крышка багажника / дверь',        'boot-lid', 8, false),
  ('firewall',   'Моторный щит (со стороны салона)', 'firewall', 9, false),
  ('arches-in',  'Арки изнутри ×2',                 'arches', 10, false),
  ('arches-out', 'Арки снаружи / подкрылки ×4',     'arches', 11, false);

INSERT INTO calc_layers (code, title, category_slug, sort) VALUES
  ('vibration', 'Виброизоляция', 'vibroizolyaciya', 1),
  ('absorber', 'Шумопоглощение', 'shumopogloshchenie', 2),
  ('barrier', 'Звукоизоляция', 'zvukoizolyaciya', 3),
  ('antisqueak', 'Антискрип', 'antiskrip', 4);

INSERT INTO calc_tiers (code, title, sort, is_default) VALUES
  ('practical', 'Практичный', 1, false), ('good', 'Хороший', 2, true),
  ('excellent', 'Отличный', 3, false), ('max', 'Максимальный', 4, false);

-- Areas: sedan, hatchback, suv and minivan from domain.md; wagon, coupe (two doors) and pickup (cab; "boot" is
-- the cab's rear wall) estimated alike.
INSERT INTO calc_areas (body, zone, area_m2)
SELECT b.body, z.zone, (ARRAY[z.sedan, z.hatchback, z.wagon, z.coupe, z.suv, z.pickup, z.minivan])[b.i]
  FROM (VALUES ('sedan', 1), ('hatchback', 2), ('wagon', 3), ('coupe', 4), ('suv', 5), ('pickup', 6), ('minivan', 7)) AS b(body, i)
 CROSS JOIN (VALUES
  --             sedan  hatch  wagon  coupe  suv    pickup minivan
  ('door-skin',  2.4,   2.2,   2.4,   1.6,   2.8,   2.8,   3.2),
  ('door-inner', 2.2,   2.0,   2.2,   1.4,   2.5,   2.5,   2.8),
  ('door-trim',  1.8,   1.6,   1.8,   1.2,   2.0,   2.0,   2.2),
  ('floor',      3.2,   3.0,   3.2,   3.0,   3.8,   3.6,   4.5),
  ('boot',       1.3,   1.1,   1.7,   1.1,   1.6,   1.0,   1.8),
  ('roof',       1.9,   1.8,   2.3,   1.6,   2.3,   2.0,   2.8),
  ('hood',       1.5,   1.3,   1.5,   1.6,   1.8,   2.0,   1.6),
  ('boot-lid',   0.8,   0.9,   1.2,   0.8,   1.1,   1.0,   1.3),
  ('firewall',   0.9,   0.8,   0.9,   0.9,   1.1,   1.2,   1.2),
  ('arches-in',  0.6,   0.6,   0.7,   0.6,   0.8,   0.9,   0.9),
  ('arches-out', 2.0,   1.9,   2.0,   2.0,   2.4,   2.6,   2.4)
 ) AS z(zone, sedan, hatchback, wagon, coupe, suv, pickup, minivan);

-- Coverage by tier (practical, good, excellent, max); NULL: the tier has no such layer on the zone.
-- Vibration: floor, boot, arches, firewall 100 %; door skin 70–100 %; roof 60–80 %; hood and boot lid 50–70 %.
-- Absorber and barrier ≈ 100 %; anti-squeak strips cover a share of a trim's back.
INSERT INTO calc_coverage (zone, layer, tier, coverage)
SELECT c.zone, c.layer, t.tier, (ARRAY[c.p, c.g, c.e, c.m])[t.i]
  FROM (VALUES ('practical', 1), ('good', 2), ('excellent', 3), ('max', 4)) AS t(tier, i)
 CROSS JOIN (VALUES
  ('door-skin',  'vibration',  0.7,  0.8,  0.9,  1.0),
  ('door-skin',  'absorber',   NULL, 1.0,  1.0,  1.0),
  ('door-inner', 'vibration',  0.5,  0.7,  0.8,  0.9),
  ('door-inner', 'barrier',    1.0,  1.0,  1.0,  1.0),
  ('door-trim',  'antisqueak', 0.1,  0.15, 0.3,  0.3),
  ('floor',      'vibration',  1.0,  1.0,  1.0,  1.0),
  ('floor',      'absorber',   NULL, NULL, NULL, 1.0),
  ('floor',      'barrier',    1.0,  1.0,  1.0,  1.0),
  ('boot',       'vibration',  1.0,  1.0,  1.0,  1.0),
  ('boot',       'barrier',    1.0,  1.0,  1.0,  1.0),
  ('roof',       'vibration',  0.6,  0.7,  0.8,  0.8),
  ('roof',       'absorber',   1.0,  1.0,  1.0,  1.0),
  ('hood',       'vibration',  0.5,  0.6,  0.7,  0.7),
  ('hood',       'absorber',   1.0,  1.0,  1.0,  1.0),
  ('boot-lid',   'vibration',  0.5,  0.6,  0.7,  0.7),
  ('boot-lid',   'absorber',   NULL, 1.0,  1.0,  1.0),
  ('firewall',   'vibration',  1.0,  1.0,  1.0,  1.0),
  ('firewall',   'absorber',   NULL, NULL, NULL, 1.0),
  ('firewall',   'barrier',    1.0,  1.0,  1.0,  1.0),
  ('arches-in',  'vibration',  1.0,  1.0,  1.0,  1.0),
  ('arches-in',  'barrier',    1.0,  1.0,  1.0,  1.0),
  ('arches-out', 'vibration',  1.0,  1.0,  1.0,  1.0),
  ('arches-out', 'barrier',    NULL, 1.0,  1.0,  1.0)
 ) AS c(zone, layer, p, g, e, m)
 WHERE (ARRAY[c.p, c.g, c.e, c.m])[t.i] IS NOT NULL;

-- Products per tier and layer ('*': every zone; a zone's rows override); rank 2+: alternatives.
INSERT INTO calc_choices (tier, layer, zone, rank, sku) VALUES
  ('practical', 'vibration', '*', 1, 'VIB-LT-18'),
  ('practical', 'vibration', 'floor', 1, 'VIB-STD-22'),
  ('practical', 'vibration', 'boot', 1, 'VIB-STD-22'),
  ('practical', 'vibration', 'firewall', 1, 'VIB-STD-22'),
  ('practical', 'vibration', 'arches-in', 1, 'VIB-STD-22'),
  ('practical', 'vibration', 'arches-out', 1, 'VIB-STD-22'),
  ('practical', 'absorber', '*', 1, 'ABS-AK-6'),
  ('practical', 'absorber', 'hood', 1, 'ABS-AK-10F'),
  ('practical', 'absorber', 'hood', 2, 'ABS-AK-10'),
  ('practical', 'barrier', '*', 1, 'BAR-IZ-4'),
  ('practical', 'antisqueak', '*', 1, 'ASQ-LNT-15'),

  ('good', 'vibration', '*', 1, 'VIB-STD-22'),
  ('good', 'vibration', 'roof', 1, 'VIB-LT-18'),
  ('good', 'vibration', 'hood', 1, 'VIB-LT-18'),
  ('good', 'vibration', 'boot-lid', 1, 'VIB-LT-18'),
  ('good', 'vibration', 'floor', 1, 'VIB-OPT-30'),
  ('good', 'vibration', 'boot', 1, 'VIB-OPT-30'),
  ('good', 'vibration', 'firewall', 1, 'VIB-OPT-30'),
  ('good', 'vibration', 'arches-in', 1, 'VIB-ARK-42'),
  ('good', 'vibration', 'arches-in', 2, 'VIB-OPT-30'),
  ('good', 'vibration', 'arches-out', 1, 'VIB-ARK-42'),
  ('good', 'vibration', 'arches-out', 2, 'VIB-OPT-30'),
  ('good', 'absorber', '*', 1, 'ABS-AK-10'),
  ('good', 'absorber', 'hood', 1, 'ABS-AK-10F'),
  ('good', 'absorber', 'hood', 2, 'ABS-AK-10'),
  ('good', 'barrier', '*', 1, 'BAR-IZ-8'),
  ('good', 'barrier', 'door-inner', 1, 'BAR-IZ-4'),
  ('good', 'barrier', 'firewall', 1, 'BAR-TSH-10F'),
  ('good', 'barrier', 'firewall', 2, 'BAR-IZ-8'),
  ('good', 'antisqueak', '*', 1, 'ASQ-LNT-15'),

  ('excellent', 'vibration', '*', 1, 'VIB-OPT-30'),
  ('excellent', 'vibration', 'roof', 1, 'VIB-STD-22'),
  ('excellent', 'vibration', 'hood', 1, 'VIB-STD-22'),
  ('excellent', 'vibration', 'boot-lid', 1, 'VIB-STD-22'),
  ('excellent', 'vibration', 'floor', 1, 'VIB-MAX-40'),
  ('excellent', 'vibration', 'firewall', 1, 'VIB-MAX-40'),
  ('excellent', 'vibration', 'arches-in', 1, 'VIB-ARK-42'),
  ('excellent', 'vibration', 'arches-in', 2, 'VIB-MAX-40'),
  ('excellent', 'vibration', 'arches-out', 1, 'VIB-ARK-42'),
  ('excellent', 'vibration', 'arches-out', 2, 'VIB-MAX-40'),
  ('excellent', 'absorber', '*', 1, 'ABS-AK-10'),
  ('excellent', 'absorber', 'roof', 1, 'ABS-AK-15'),
  ('excellent', 'absorber', 'hood', 1, 'ABS-AK-10F'),
  ('excellent', 'absorber', 'hood', 2, 'ABS-AK-10'),
  ('excellent', 'barrier', '*', 1, 'BAR-IZ-8'),
  ('excellent', 'barrier', 'floor', 1, 'BAR-MEM-2'),
  ('excellent', 'barrier', 'floor', 2, 'BAR-IZ-8'),
  ('excellent', 'barrier', 'firewall', 1, 'BAR-MEM-2'),
  ('excellent', 'barrier', 'firewall', 2, 'BAR-TSH-10F'),
  ('excellent', 'antisqueak', '*', 1, 'ASQ-LST-5'),
  ('excellent', 'antisqueak', '*', 2, 'ASQ-BIT-5'),

  ('max', 'vibration', '*', 1, 'VIB-PRM-25'),
  ('max', 'vibration', '*', 2, 'VIB-MAX-40'),
  ('max', 'vibration', 'floor', 1, 'VIB-MAX-40'),
  ('max', 'vibration', 'boot', 1, 'VIB-MAX-40'),
  ('max', 'vibration', 'firewall', 1, 'VIB-MAX-40'),
  ('max', 'vibration', 'arches-in', 1, 'VIB-ARK-42'),
  ('max', 'vibration', 'arches-in', 2, 'VIB-MAX-40'),
  ('max', 'vibration', 'arches-out', 1, 'VIB-ARK-42'),
  ('max', 'vibration', 'arches-out', 2, 'VIB-MAX-40'),
  ('max', 'absorber', '*', 1, 'ABS-AK-15'),
  ('max', 'absorber', 'door-skin', 1, 'ABS-AK-10'),
  ('max', 'absorber', 'hood', 1, 'ABS-AK-10F'),
  ('max', 'absorber', 'hood', 2, 'ABS-AK-10'),
  ('max', 'absorber', 'floor', 1, 'ABS-VOI-10'),
  ('max', 'absorber', 'firewall', 1, 'ABS-VOI-10'),
  ('max', 'barrier', '*', 1, 'BAR-IZ-8'),
  ('max', 'barrier', 'floor', 1, 'BAR-MEM-3H'),
  ('max', 'barrier', 'floor', 2, 'BAR-MEM-2'),
  ('max', 'barrier', 'boot', 1, 'BAR-MEM-3H'),
  ('max', 'barrier', 'boot', 2, 'BAR-MEM-2'),
  ('max', 'barrier', 'firewall', 1, 'BAR-MEM-3H'),
  ('max', 'barrier', 'firewall', 2, 'BAR-MEM-2'),
  ('max', 'barrier', 'arches-in', 1, 'BAR-MEM-2'),
  ('max', 'barrier', 'arches-out', 1, 'BAR-MEM-2'),
  ('max', 'antisqueak', '*', 1, 'ASQ-LST-5'),
  ('max', 'antisqueak', '*', 2, 'ASQ-BIT-5');

-- The most common cars in Russia and Kazakhstan (demo list).
INSERT INTO calc_cars (slug, make, model, body, sort) VALUES
  ('lada-vesta', 'Lada', 'Vesta', 'sedan', 1),
  ('lada-granta', 'Lada', 'Granta', 'sedan', 2),
  ('lada-niva-legend', 'Lada', 'Niva Legend', 'suv', 3),
  ('lada-niva-travel', 'Lada', 'Niva Travel', 'suv', 4),
  ('lada-largus', 'Lada', 'Largus', 'wagon', 5),
  ('lada-xray', 'Lada', 'XRAY', 'hatchback', 6),
  ('kia-rio', 'Kia', 'Rio', 'sedan', 7),
  ('kia-ceed', 'Kia', 'Ceed', 'hatchback', 8),
  ('kia-sportage', 'Kia', 'Sportage', 'suv', 9),
  ('hyundai-solaris', 'Hyundai', 'Solaris', 'sedan', 10),
  ('hyundai-creta', 'Hyundai', 'Creta', 'suv', 11),
  ('hyundai-tucson', 'Hyundai', 'Tucson', 'suv', 12),
  ('hyundai-staria', 'Hyundai', 'Staria', 'minivan', 13),
  ('toyota-camry', 'Toyota', 'Camry', 'sedan', 14),
  ('toyota-corolla', 'Toyota', 'Corolla', 'sedan', 15),
  ('toyota-rav4', 'Toyota', 'RAV4', 'suv', 16),
  ('toyota-land-cruiser-prado', 'Toyota', 'Land Cruiser Prado', 'suv', 17),
  ('toyota-hilux', 'Toyota', 'Hilux', 'pickup', 18),
  ('volkswagen-polo', 'Volkswagen', 'Polo', 'sedan', 19),
  ('volkswagen-tiguan', 'Volkswagen', 'Tiguan', 'suv', 20),
  ('skoda-octavia', 'Skoda', 'Octavia', 'hatchback', 21),
  ('skoda-rapid', 'Skoda', 'Rapid', 'hatchback', 22),
  ('renault-logan', 'Renault', 'Logan', 'sedan', 23),
  ('renault-duster', 'Renault', 'Duster', 'suv', 24),
  ('renault-sandero', 'Renault', 'Sandero', 'hatchback', 25),
  ('chevrolet-cobalt', 'Chevrolet', 'Cobalt', 'sedan', 26),
  ('chevrolet-nexia', 'Chevrolet', 'Nexia', 'sedan', 27),
  ('chevrolet-damas', 'Chevrolet', 'Damas', 'minivan', 28),
  ('nissan-qashqai', 'Nissan', 'Qashqai', 'suv', 29),
  ('haval-jolion', 'Haval', 'Jolion', 'suv', 30),
  ('chery-tiggo-7-pro', 'Chery', 'Tiggo 7 Pro', 'suv', 31),
  ('mitsubishi-outlander', 'Mitsubishi', 'Outlander', 'suv', 32);
