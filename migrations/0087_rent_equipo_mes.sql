-- Issue 19, the profitability report at 2,000 machines × 12 months: computing every machine × site
-- × month's fixed inputs (the version in force, the instalment, the shares) on each request and
-- summing them in the API took ~900 ms. rent_equipo_mes keeps each month row's figures as
-- profit-query.ts `profitMonthsLive` computes them, so a report sums kept rows per machine × site in
-- the database (2,000 rows travel instead of 24,000). The tables those figures read mark what they
-- changed in rent_equipo_mes_pendientes, in the writer's transaction; a read first recomputes the
-- marked rows (refreshProfitMonths). Like pm_pronosticos (0086): a kept derived table, not a
-- projection; no rm_ prefix; the rebuild property test refreshes and compares it.
CREATE TABLE rent_equipo_mes (
  id_equipo          bigint NOT NULL,
  id_obra            bigint NOT NULL,
  mes                date NOT NULL,
  costo_mp           numeric NOT NULL,
  costo_mc           numeric NOT NULL,
  costo_mcd          numeric NOT NULL,
  horas_trabajadas   numeric NOT NULL,
  tipo_tarifa        text,
  tarifa             numeric,
  horas              integer,
  meses_amortizacion integer,
  seguro             numeric NOT NULL,
  amortizacion       numeric NOT NULL,
  gastos_generales   numeric NOT NULL,
  monto_facturado    numeric NOT NULL,
  PRIMARY KEY (id_equipo, id_obra, mes)
);
CREATE INDEX rent_equipo_mes_mes ON rent_equipo_mes (mes);

-- What to recompute: a NULL column matches any value, so (e, o, m) is one row, (e, NULL, m) a
-- machine's month, (NULL, o, m) a site's month, (e, NULL, NULL) every month of a machine, and
-- (NULL, NULL, NULL) everything. No unique key: writers never wait on each other's marks.
CREATE TABLE rent_equipo_mes_pendientes (id_equipo bigint, id_obra bigint, mes date);
-- Empty until the first read computes everything.
INSERT INTO rent_equipo_mes_pendientes VALUES (NULL, NULL, NULL);

-- The marks of each source, from its transition tables (statement-level: one mark per distinct
-- key and statement). TG_ARGV[0] names the shape:
--  'kpi'       rm_kpi_equipo_mes: a row added or removed changes its machine's month (split of the
--              fixed costs between sites) and its site's month (split of the general expenses);
--              a row updated changes itself;
--  'moneda'    rm_kpi_repuestos_moneda: the valued costs of its OT's machine, site and month;
--  'orden'     rm_kpi_ordenes: every month of its machine at its site (the valued costs);
--  'equipo'    rm_rent_equipo_historia, rm_equipo_amortizaciones (id_equipo / id), rm_equipos
--              (id): every month of the machine;
--  'obra'      rm_rent_obra_historia (id_obra), rm_obras (id): every month of the site;
--  'cambio'    rm_tipos_cambio: the rows whose parts in that currency are valued at that month's rate;
--  no argument (TRUNCATE): everything.
CREATE FUNCTION rent_equipo_mes_marcar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shape text := TG_ARGV[0];
  col text := TG_ARGV[1];
  src text;
BEGIN
  IF current_setting('faena.rent_equipo_mes_todo', true) = '1' THEN
    RETURN NULL;
  END IF;
  IF shape IS NULL THEN
    INSERT INTO rent_equipo_mes_pendientes VALUES (NULL, NULL, NULL);
    PERFORM set_config('faena.rent_equipo_mes_todo', '1', true);
    RETURN NULL;
  END IF;
  -- Each transition table is named only where it exists (PL/pgSQL plans a whole statement).
  IF TG_OP = 'INSERT' THEN
    src := 'nuevas';
  ELSIF TG_OP = 'DELETE' THEN
    src := 'viejas';
  ELSE
    src := '(SELECT * FROM nuevas UNION ALL SELECT * FROM viejas)';
  END IF;
  IF shape = 'kpi' AND TG_OP = 'UPDATE' THEN
    INSERT INTO rent_equipo_mes_pendientes SELECT DISTINCT id_equipo, id_obra, mes FROM nuevas;
  ELSIF shape = 'kpi' THEN
    EXECUTE format('INSERT INTO rent_equipo_mes_pendientes
                    SELECT DISTINCT id_equipo, NULL::bigint, mes FROM %1$s x
                    UNION SELECT DISTINCT NULL::bigint, id_obra, mes FROM %1$s y', src);
  ELSIF shape = 'moneda' THEN
    EXECUTE format('INSERT INTO rent_equipo_mes_pendientes
                    SELECT DISTINCT o.id_equipo, o.id_obra, x.mes FROM %1$s x JOIN rm_kpi_ordenes o ON o.id_orden_trabajo = x.id_orden_trabajo
                     WHERE o.id_equipo IS NOT NULL AND o.id_obra IS NOT NULL', src);
  ELSIF shape = 'orden' THEN
    EXECUTE format('INSERT INTO rent_equipo_mes_pendientes
                    SELECT DISTINCT id_equipo, id_obra, NULL::date FROM %1$s x WHERE id_equipo IS NOT NULL AND id_obra IS NOT NULL', src);
  ELSIF shape = 'cambio' THEN
    EXECUTE format('INSERT INTO rent_equipo_mes_pendientes
                    SELECT DISTINCT o.id_equipo, o.id_obra, p.mes FROM rm_kpi_repuestos_moneda p
                      JOIN rm_kpi_ordenes o ON o.id_orden_trabajo = p.id_orden_trabajo
                     WHERE o.id_equipo IS NOT NULL AND o.id_obra IS NOT NULL
                       AND (p.moneda, p.mes_cambio) IN (SELECT moneda, mes FROM %1$s x)', src);
  ELSIF shape = 'equipo' THEN
    EXECUTE format('INSERT INTO rent_equipo_mes_pendientes SELECT DISTINCT %2$I, NULL::bigint, NULL::date FROM %1$s x', src, col);
  ELSIF shape = 'obra' THEN
    EXECUTE format('INSERT INTO rent_equipo_mes_pendientes SELECT DISTINCT NULL::bigint, %2$I, NULL::date FROM %1$s x', src, col);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER rent_equipo_mes_ins AFTER INSERT ON rm_kpi_equipo_mes REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('kpi');
CREATE TRIGGER rent_equipo_mes_upd AFTER UPDATE ON rm_kpi_equipo_mes REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('kpi');
CREATE TRIGGER rent_equipo_mes_del AFTER DELETE ON rm_kpi_equipo_mes REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('kpi');
CREATE TRIGGER rent_equipo_mes_trunc AFTER TRUNCATE ON rm_kpi_equipo_mes FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar();

CREATE TRIGGER rent_equipo_mes_ins AFTER INSERT ON rm_kpi_repuestos_moneda REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('moneda');
CREATE TRIGGER rent_equipo_mes_upd AFTER UPDATE ON rm_kpi_repuestos_moneda REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('moneda');
CREATE TRIGGER rent_equipo_mes_del AFTER DELETE ON rm_kpi_repuestos_moneda REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('moneda');
CREATE TRIGGER rent_equipo_mes_trunc AFTER TRUNCATE ON rm_kpi_repuestos_moneda FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar();

CREATE TRIGGER rent_equipo_mes_ins AFTER INSERT ON rm_kpi_ordenes REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('orden');
CREATE TRIGGER rent_equipo_mes_upd AFTER UPDATE ON rm_kpi_ordenes REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('orden');
CREATE TRIGGER rent_equipo_mes_del AFTER DELETE ON rm_kpi_ordenes REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('orden');
CREATE TRIGGER rent_equipo_mes_trunc AFTER TRUNCATE ON rm_kpi_ordenes FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar();

CREATE TRIGGER rent_equipo_mes_ins AFTER INSERT ON rm_rent_equipo_historia REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('equipo', 'id_equipo');
CREATE TRIGGER rent_equipo_mes_upd AFTER UPDATE ON rm_rent_equipo_historia REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('equipo', 'id_equipo');
CREATE TRIGGER rent_equipo_mes_del AFTER DELETE ON rm_rent_equipo_historia REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('equipo', 'id_equipo');
CREATE TRIGGER rent_equipo_mes_trunc AFTER TRUNCATE ON rm_rent_equipo_historia FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar();

CREATE TRIGGER rent_equipo_mes_ins AFTER INSERT ON rm_equipo_amortizaciones REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('equipo', 'id');
CREATE TRIGGER rent_equipo_mes_upd AFTER UPDATE ON rm_equipo_amortizaciones REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('equipo', 'id');
CREATE TRIGGER rent_equipo_mes_del AFTER DELETE ON rm_equipo_amortizaciones REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('equipo', 'id');
CREATE TRIGGER rent_equipo_mes_trunc AFTER TRUNCATE ON rm_equipo_amortizaciones FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar();

CREATE TRIGGER rent_equipo_mes_ins AFTER INSERT ON rm_equipos REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('equipo', 'id');
CREATE TRIGGER rent_equipo_mes_upd AFTER UPDATE ON rm_equipos REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('equipo', 'id');
CREATE TRIGGER rent_equipo_mes_del AFTER DELETE ON rm_equipos REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('equipo', 'id');
CREATE TRIGGER rent_equipo_mes_trunc AFTER TRUNCATE ON rm_equipos FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar();

CREATE TRIGGER rent_equipo_mes_ins AFTER INSERT ON rm_rent_obra_historia REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('obra', 'id_obra');
CREATE TRIGGER rent_equipo_mes_upd AFTER UPDATE ON rm_rent_obra_historia REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('obra', 'id_obra');
CREATE TRIGGER rent_equipo_mes_del AFTER DELETE ON rm_rent_obra_historia REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('obra', 'id_obra');
CREATE TRIGGER rent_equipo_mes_trunc AFTER TRUNCATE ON rm_rent_obra_historia FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar();

CREATE TRIGGER rent_equipo_mes_ins AFTER INSERT ON rm_obras REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('obra', 'id');
CREATE TRIGGER rent_equipo_mes_upd AFTER UPDATE ON rm_obras REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('obra', 'id');
CREATE TRIGGER rent_equipo_mes_del AFTER DELETE ON rm_obras REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('obra', 'id');
CREATE TRIGGER rent_equipo_mes_trunc AFTER TRUNCATE ON rm_obras FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar();

CREATE TRIGGER rent_equipo_mes_ins AFTER INSERT ON rm_tipos_cambio REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('cambio');
CREATE TRIGGER rent_equipo_mes_upd AFTER UPDATE ON rm_tipos_cambio REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('cambio');
CREATE TRIGGER rent_equipo_mes_del AFTER DELETE ON rm_tipos_cambio REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar('cambio');
CREATE TRIGGER rent_equipo_mes_trunc AFTER TRUNCATE ON rm_tipos_cambio FOR EACH STATEMENT EXECUTE FUNCTION rent_equipo_mes_marcar();
