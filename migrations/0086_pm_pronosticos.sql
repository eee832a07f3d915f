-- Issue 20, the PM board at 2,000 machines with a year of logs: computing every plan's forecast on
-- each request (pm-board-sql.ts `pmBoardFrom`) took ~50 ms a query, twice a page (rows and count).
-- pm_pronosticos keeps the board's rows as computed for one business day (pm_pronosticos_estado.dia),
-- and the tables the forecast and the names shown read mark the machines whose rows they changed in
-- pm_pronosticos_pendientes, in the same transaction as the change. A read of the board first
-- recomputes the marked machines (all of them when the day changed, or on id_equipo 0), so what
-- it shows is always what the live computation would give (pm-forecast-cache.int.test.ts).
-- Not a projection: a cache derived from projection tables, with no rm_ prefix, so a rebuild
-- neither replays nor compares it; the rebuild's own writes mark what it changed.
CREATE TABLE pm_pronosticos (
  id               text PRIMARY KEY,
  id_equipo        bigint NOT NULL,
  id_plan          integer NOT NULL,
  id_obra          bigint,
  codigo           text,
  obra             text,
  descripcion      text,
  plan             text,
  unidad           text,
  intervalo        double precision,
  ultimo_valor     double precision,
  ultima_fecha     text,
  id_orden_trabajo bigint,
  heredado         boolean,
  actual           double precision,
  vence_en         double precision,
  restante         double precision,
  uso_diario       double precision,
  dias             integer,
  fecha            text,
  fecha_d          date,
  estado           text,
  -- What the board's search reads (define-list `searchColumn`): no function per row at read.
  busqueda         text GENERATED ALWAYS AS (unaccent_lower(coalesce(codigo, '') || E'\n' || coalesce(descripcion, '') || E'\n' || coalesce(plan, ''))) STORED
);
CREATE INDEX pm_pronosticos_equipo ON pm_pronosticos (id_equipo);

-- Machines whose rows must be recomputed; 0: every machine. Duplicates allowed, no unique key, so
-- writers never wait on each other's marks (a long rebuild would otherwise hold every writer).
CREATE TABLE pm_pronosticos_pendientes (id_equipo bigint NOT NULL);
CREATE INDEX pm_pronosticos_pendientes_equipo ON pm_pronosticos_pendientes (id_equipo);

CREATE TABLE pm_pronosticos_estado (
  unico boolean PRIMARY KEY DEFAULT true CHECK (unico),
  dia   date
);
INSERT INTO pm_pronosticos_estado (unico, dia) VALUES (true, NULL);

-- The marking trigger: statement-level with transition tables, so a batch of 5,000 logs adds one
-- row per machine, not per log. TG_ARGV[0] names the machine's column; '*' (a subgroup's or a
-- unit's change: the inherited plan of many machines) and no argument (TRUNCATE) mark every
-- machine. Once this transaction marked every machine (a rebuild), its later statements skip
-- their marks: a transaction-local setting, since only its own mark is sure to be recomputed
-- after it commits (another's may already have been taken by a refresh).
CREATE FUNCTION pm_pronosticos_marcar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text := TG_ARGV[0];
  todo boolean := col IS NULL;
BEGIN
  IF current_setting('faena.pm_pronosticos_todo', true) = '1' THEN
    RETURN NULL;
  END IF;
  IF col = '*' THEN
    -- Each transition table is named only where it exists (PL/pgSQL plans a whole expression).
    IF TG_OP = 'DELETE' THEN
      todo := EXISTS (SELECT 1 FROM viejas);
    ELSE
      todo := EXISTS (SELECT 1 FROM nuevas);
    END IF;
    IF NOT todo THEN
      RETURN NULL;
    END IF;
  END IF;
  IF todo THEN
    INSERT INTO pm_pronosticos_pendientes (id_equipo) VALUES (0);
    PERFORM set_config('faena.pm_pronosticos_todo', '1', true);
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO pm_pronosticos_pendientes (id_equipo) SELECT DISTINCT %1$I FROM nuevas WHERE %1$I IS NOT NULL', col);
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE format('INSERT INTO pm_pronosticos_pendientes (id_equipo) SELECT %1$I FROM nuevas WHERE %1$I IS NOT NULL UNION SELECT %1$I FROM viejas WHERE %1$I IS NOT NULL', col);
  ELSE
    EXECUTE format('INSERT INTO pm_pronosticos_pendientes (id_equipo) SELECT DISTINCT %1$I FROM viejas WHERE %1$I IS NOT NULL', col);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER pm_pronosticos_ins AFTER INSERT ON rm_horometros REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('id_equipo');
CREATE TRIGGER pm_pronosticos_upd AFTER UPDATE ON rm_horometros REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('id_equipo');
CREATE TRIGGER pm_pronosticos_del AFTER DELETE ON rm_horometros REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('id_equipo');
CREATE TRIGGER pm_pronosticos_trunc AFTER TRUNCATE ON rm_horometros FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar();

CREATE TRIGGER pm_pronosticos_ins AFTER INSERT ON rm_pm_planes REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('id_equipo');
CREATE TRIGGER pm_pronosticos_upd AFTER UPDATE ON rm_pm_planes REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('id_equipo');
CREATE TRIGGER pm_pronosticos_del AFTER DELETE ON rm_pm_planes REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('id_equipo');
CREATE TRIGGER pm_pronosticos_trunc AFTER TRUNCATE ON rm_pm_planes FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar();

CREATE TRIGGER pm_pronosticos_ins AFTER INSERT ON rm_equipo_medidores REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('id_equipo');
CREATE TRIGGER pm_pronosticos_upd AFTER UPDATE ON rm_equipo_medidores REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('id_equipo');
CREATE TRIGGER pm_pronosticos_del AFTER DELETE ON rm_equipo_medidores REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('id_equipo');
CREATE TRIGGER pm_pronosticos_trunc AFTER TRUNCATE ON rm_equipo_medidores FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar();

CREATE TRIGGER pm_pronosticos_ins AFTER INSERT ON rm_equipos REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('id');
CREATE TRIGGER pm_pronosticos_upd AFTER UPDATE ON rm_equipos REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('id');
CREATE TRIGGER pm_pronosticos_del AFTER DELETE ON rm_equipos REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('id');
CREATE TRIGGER pm_pronosticos_trunc AFTER TRUNCATE ON rm_equipos FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar();

CREATE TRIGGER pm_pronosticos_ins AFTER INSERT ON rm_equipo_subgrupos REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('*');
CREATE TRIGGER pm_pronosticos_upd AFTER UPDATE ON rm_equipo_subgrupos REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('*');
CREATE TRIGGER pm_pronosticos_del AFTER DELETE ON rm_equipo_subgrupos REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('*');
CREATE TRIGGER pm_pronosticos_trunc AFTER TRUNCATE ON rm_equipo_subgrupos FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar();

CREATE TRIGGER pm_pronosticos_ins AFTER INSERT ON rm_unidades REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('*');
CREATE TRIGGER pm_pronosticos_upd AFTER UPDATE ON rm_unidades REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('*');
CREATE TRIGGER pm_pronosticos_del AFTER DELETE ON rm_unidades REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar('*');
CREATE TRIGGER pm_pronosticos_trunc AFTER TRUNCATE ON rm_unidades FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar();

-- A site's or a machine kind's name is shown and searched on the board: a rename marks the
-- machines that carry it (TG_ARGV[0]: rm_equipos' column pointing at the renamed table).
CREATE FUNCTION pm_pronosticos_marcar_nombre() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('faena.pm_pronosticos_todo', true) = '1' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    EXECUTE format('INSERT INTO pm_pronosticos_pendientes (id_equipo)
                    SELECT e.id FROM rm_equipos e
                     WHERE e.%1$I IN (SELECT n.id FROM nuevas n JOIN viejas o ON o.id = n.id WHERE n.nombre IS DISTINCT FROM o.nombre)', TG_ARGV[0]);
  ELSE
    EXECUTE format('INSERT INTO pm_pronosticos_pendientes (id_equipo) SELECT e.id FROM rm_equipos e WHERE e.%1$I IN (SELECT id FROM viejas)', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER pm_pronosticos_upd AFTER UPDATE ON rm_obras REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar_nombre('id_obra');
CREATE TRIGGER pm_pronosticos_del AFTER DELETE ON rm_obras REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar_nombre('id_obra');
CREATE TRIGGER pm_pronosticos_trunc AFTER TRUNCATE ON rm_obras FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar();
CREATE TRIGGER pm_pronosticos_upd AFTER UPDATE ON rm_equipo_productos REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar_nombre('id_equipo_producto');
CREATE TRIGGER pm_pronosticos_del AFTER DELETE ON rm_equipo_productos REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar_nombre('id_equipo_producto');
CREATE TRIGGER pm_pronosticos_trunc AFTER TRUNCATE ON rm_equipo_productos FOR EACH STATEMENT EXECUTE FUNCTION pm_pronosticos_marcar();
