-- The stock screens at scale (docs/PERFORMANCE.md, "Stock ledger"): the search of 'Stock por
-- almacén' ran unaccent_lower() over code, description and site name of every balance, for the
-- page and again for the count; it now reads a stored, normalised text of code and description
-- with a trigram index, as the work-order and request lists do (migrations 0016, 0027). The sort
-- by value gets the index of its expression; the lists' default sorts (last movement, ledger
-- order) walk the indexes they already had once the list stops asking for NULLS LAST on columns
-- that are never null.
ALTER TABLE rm_stock ADD COLUMN busqueda text GENERATED ALWAYS AS (unaccent_lower(codigo || E'\n' || descripcion)) STORED;
CREATE INDEX rm_stock_busqueda ON rm_stock USING gin (busqueda gin_trgm_ops);
CREATE INDEX rm_stock_valor ON rm_stock ((((saldo * costo_promedio)::numeric(14, 2))::float8), id_stock);
