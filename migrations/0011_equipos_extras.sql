-- The equipment register's own extras (seed 001 §3 Equipment, Equipment amortization, Equipment
-- document; docs/modules/equipment.md). Both tables are kept inline by projections/equipment.

-- The amortization plan's first month. The number of months is rm_equipos.amortizacion; the start
-- travels on the equipment's own stream (`equipo-{id}`, field `amortizacion_inicio`, the first day
-- of a month) and is kept here, one row per machine (id = the machine's id).
CREATE TABLE rm_equipo_amortizaciones (
  id                  bigint PRIMARY KEY,
  amortizacion_inicio date,
  estado              smallint NOT NULL DEFAULT 1,
  version             bigint NOT NULL,
  date_created        timestamptz NOT NULL,
  date_updated        timestamptz NOT NULL
);

-- Equipment documents (`equipo_documento-{id}` streams): the stored file's generated name and,
-- for the download, the name and size it was uploaded with.
CREATE TABLE rm_equipo_documentos (
  id               bigint PRIMARY KEY,
  id_equipo        bigint NOT NULL,
  titulo           text NOT NULL,
  comentario       text NOT NULL DEFAULT '',
  documento        text,
  documento_nombre text,
  documento_bytes  bigint,
  estado           smallint NOT NULL DEFAULT 1,
  version          bigint NOT NULL,
  date_created     timestamptz NOT NULL,
  date_updated     timestamptz NOT NULL
);
CREATE INDEX rm_equipo_documentos_equipo ON rm_equipo_documentos (id_equipo, id);

-- The list's search over codigo, placa and serie, normalised (lower case, no accents) once when the
-- row is written instead of on every row of every search (measured: 8,000 unaccent_lower calls
-- took 10-20 ms a search over 2,000 machines). Fields are joined with a line break, which the
-- search box cannot hold, so a match never spans two fields.
ALTER TABLE rm_equipos ADD COLUMN busqueda text
  GENERATED ALWAYS AS (unaccent_lower(codigo || E'\n' || placa || E'\n' || serie)) STORED;

-- List filters of /equipos (the other columns already have indexes in 0010).
CREATE INDEX rm_equipos_grupo ON rm_equipos (id_equipo_grupo, id_equipo_subgrupo);
CREATE INDEX rm_equipos_codigo_sort ON rm_equipos (codigo, id);

-- The month's instalment of an amortization plan, in exact cents: the cost is spread over
-- `meses` months starting at the month of `inicio`; every month gets floor(cost / meses) and the
-- first (cost mod meses) months one cent more, so the instalments add up to the cost exactly.
-- Before the first month the first instalment is the one pending; after the last, 0.
-- One expression (no sub-select), so PostgreSQL inlines it into the list query.
-- Twin of services/api/equipos/amortization/amortizationPlan.ts (the tests compare both).
CREATE FUNCTION equipo_cuota_amortizacion(p_costo numeric, p_meses integer, p_inicio date, p_hoy date)
RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN p_costo IS NULL OR p_costo <= 0 OR p_meses IS NULL OR p_meses <= 0 OR p_inicio IS NULL OR p_hoy IS NULL
      OR (extract(year FROM p_hoy)::int * 12 + extract(month FROM p_hoy)::int)
       - (extract(year FROM p_inicio)::int * 12 + extract(month FROM p_inicio)::int) >= p_meses
    THEN 0.00
    ELSE round((round(p_costo * 100)::bigint / p_meses
      + CASE WHEN greatest(0, (extract(year FROM p_hoy)::int * 12 + extract(month FROM p_hoy)::int)
                            - (extract(year FROM p_inicio)::int * 12 + extract(month FROM p_inicio)::int))
                  < round(p_costo * 100)::bigint % p_meses THEN 1 ELSE 0 END)::numeric / 100, 2)
  END
$$;

-- The insurance cost of the month of `p_hoy`: the annual cost is spread over the insurance year
-- that contains `p_hoy` (anniversaries of `p_inicio`; 29 February falls back to the 28th) pro rata
-- by days, in cents, with largest-remainder rounding (ties: the earlier month) so the months of
-- one insurance year add up to the annual cost exactly. 0 before the insurance starts.
-- Plain arithmetic over at most 13 months (no query inside); marked expensive so the list
-- evaluates it only for the rows of the page it returns.
-- Twin of services/api/equipos/insurance/insuranceSchedule.ts (the tests compare both).
CREATE FUNCTION equipo_seguro_mes(p_anual numeric, p_inicio date, p_hoy date)
RETURNS numeric LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 500 AS $$
DECLARE
  a     bigint;
  k     integer;
  ys    date;
  ye    date;
  d     bigint;
  m     date;
  tm    date;
  n     integer := 0;
  t     integer := 0;
  dias  bigint;
  q     bigint[] := '{}';
  r     bigint[] := '{}';
  sq    bigint := 0;
  sobra bigint;
  rk    integer := 0;
BEGIN
  IF p_anual IS NULL OR p_anual <= 0 OR p_inicio IS NULL OR p_hoy IS NULL OR p_hoy < p_inicio THEN
    RETURN 0.00;
  END IF;
  a := round(p_anual * 100)::bigint;
  k := extract(year FROM age(p_hoy, p_inicio))::integer;
  WHILE (p_inicio + make_interval(years => k + 1))::date <= p_hoy LOOP k := k + 1; END LOOP;
  WHILE k > 0 AND (p_inicio + make_interval(years => k))::date > p_hoy LOOP k := k - 1; END LOOP;
  ys := (p_inicio + make_interval(years => k))::date;
  ye := (p_inicio + make_interval(years => k + 1))::date;
  d := ye - ys;
  tm := date_trunc('month', p_hoy)::date;
  m := date_trunc('month', ys)::date;
  -- Each month's share: floor and remainder of annual × days ÷ days of the year.
  WHILE m < ye LOOP
    n := n + 1;
    dias := least((m + interval '1 month')::date, ye) - greatest(m, ys);
    q[n] := (a * dias) / d;
    r[n] := (a * dias) % d;
    sq := sq + q[n];
    IF m = tm THEN t := n; END IF;
    m := (m + interval '1 month')::date;
  END LOOP;
  -- The leftover cents go one each to the largest remainders, earlier months first on ties:
  -- this month gets one when fewer than `sobra` months rank before it.
  sobra := a - sq;
  FOR j IN 1..n LOOP
    IF r[j] > r[t] OR (r[j] = r[t] AND j < t) THEN rk := rk + 1; END IF;
  END LOOP;
  RETURN round((q[t] + CASE WHEN rk < sobra THEN 1 ELSE 0 END)::numeric / 100, 2);
END
$$;
