-- The calculator's names in the sites' languages (issue 20, decision 048): a body type, zone, layer or tier the owner
-- adds has its Russian title in its own table and its other languages here. The demo's codes are named by the locales
-- (calc.zone.roof …); a row here names a code in its language before the locale does, and a code with neither is
-- shown with its Russian title, marked lang="ru".
CREATE TABLE calc_translations (
  kind     text NOT NULL CHECK (kind IN ('body', 'zone', 'layer', 'tier')),
  code     text NOT NULL,
  language text NOT NULL CHECK (language <> 'ru' AND language ~ '^[a-z]{2}(-[A-Z]{2})?$'),
  title    text NOT NULL CHECK (title <> ''),
  PRIMARY KEY (kind, code, language)
);
