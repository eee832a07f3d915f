-- Search that ignores case and Spanish accents ('grua' finds 'Grúa'), usable in indexes.
CREATE FUNCTION unaccent_lower(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT translate(lower($1), 'áéíóúüñàèìòùâêîôûäëïöç', 'aeiouunaeiouaeiouaeioc')
$$;

-- Company and general settings (seed 000 §3, Settings): one row per key.
CREATE TABLE app_settings (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO app_settings (key, value) VALUES
  ('coin', '"S/"'), ('interval', '30'), ('registro_horometro', '24'), ('brand', '"Faena"'),
  ('ruc', '""'), ('name', '""'), ('website', '""'), ('email', '""'), ('phone', '""'),
  ('country_code', '"PE"'), ('address', '""'), ('pic_logo', 'null'), ('pic_favicon', 'null');

-- Server secrets shared by every replica (captcha HMAC key), created on first start; never in
-- a reply or the event log.
CREATE TABLE app_secrets (
  key   text PRIMARY KEY,
  value text NOT NULL
);
