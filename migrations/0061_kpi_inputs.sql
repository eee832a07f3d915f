-- Issue 19: the cost and hour inputs of the KPI (and later the profitability) reports, per
-- equipment × site × month. Written by the async projection projections/kpis from the events
-- only (work orders, hour-meter logs, stock issues), never from other read models, so a rebuild
-- writes the same rows. Months are the first day of the month in Lima time.

-- Per work order: what the reports count (cancelled orders are kept with estado 2 and left out by
-- the aggregate). `mes` is the opening month; `horas_reparacion` the stop → restart time in hours
-- (null while either date is missing or the restart is before the stop).
CREATE TABLE rm_kpi_ordenes (
  id_orden_trabajo      bigint PRIMARY KEY,
  codigo                text NOT NULL DEFAULT '',
  id_obra               bigint,
  id_equipo             bigint,
  id_tipo_mantenimiento smallint NOT NULL DEFAULT 2,
  estado                smallint NOT NULL DEFAULT 1,
  fecha_apertura_ot     text,
  fecha_parada          text,
  fecha_puesta_marcha   text,
  mes                   date,
  horas_reparacion      numeric(12, 4)
);
CREATE INDEX rm_kpi_ordenes_equipo_mes ON rm_kpi_ordenes (id_equipo, id_obra, mes);

-- Per hour-meter log: the time model's inputs (docs/modules/hour-meters.md); estado 0 = disabled.
CREATE TABLE rm_kpi_horometros (
  id            bigint PRIMARY KEY,
  id_equipo     bigint NOT NULL,
  id_obra       bigint NOT NULL,
  fecha         date NOT NULL,
  mes           date NOT NULL,
  id_tipo_turno smallint NOT NULL,
  h_inicio      integer NOT NULL,
  h_fin         integer NOT NULL,
  falla_neta    numeric(5, 1) NOT NULL DEFAULT 0,
  estado        smallint NOT NULL DEFAULT 1
);
CREATE INDEX rm_kpi_horometros_equipo_mes ON rm_kpi_horometros (id_equipo, id_obra, mes);

-- Per part issued to a work order (a stock exit `salida` of the ledger, valued at the balance's
-- moving-average cost at the time): quantity and amount in soles, in the month it was issued.
CREATE TABLE rm_kpi_repuestos (
  global_position   bigint PRIMARY KEY,
  id_orden_trabajo  bigint NOT NULL,
  fecha             timestamptz NOT NULL,
  mes               date NOT NULL,
  codigo            text NOT NULL DEFAULT '',
  cantidad          numeric(14, 4) NOT NULL,
  importe           numeric(14, 4) NOT NULL
);
CREATE INDEX rm_kpi_repuestos_orden ON rm_kpi_repuestos (id_orden_trabajo, mes);

-- The reports' indexed read: one row per equipment, site and month with every input of the
-- formulas (docs/modules/reports.md). Hours: W worked, S stand-by, R repair (from the logs);
-- orders by maintenance type (1 MP, 2 MC, 3 MCD) opened that month; corrective repairs with their
-- stop → restart hours; parts cost by the order's maintenance type.
CREATE TABLE rm_kpi_equipo_mes (
  id_equipo          bigint NOT NULL,
  id_obra            bigint NOT NULL,
  mes                date NOT NULL,
  registros          integer NOT NULL DEFAULT 0,
  horas_programadas  numeric(12, 1) NOT NULL DEFAULT 0,
  horas_trabajadas   numeric(12, 1) NOT NULL DEFAULT 0,
  horas_standby      numeric(12, 1) NOT NULL DEFAULT 0,
  horas_reparacion   numeric(12, 1) NOT NULL DEFAULT 0,
  ots_mp             integer NOT NULL DEFAULT 0,
  ots_mc             integer NOT NULL DEFAULT 0,
  ots_mcd            integer NOT NULL DEFAULT 0,
  reparaciones       integer NOT NULL DEFAULT 0,
  horas_reparacion_ot numeric(14, 4) NOT NULL DEFAULT 0,
  repuestos          integer NOT NULL DEFAULT 0,
  costo_mp           numeric(16, 4) NOT NULL DEFAULT 0,
  costo_mc           numeric(16, 4) NOT NULL DEFAULT 0,
  costo_mcd          numeric(16, 4) NOT NULL DEFAULT 0,
  PRIMARY KEY (id_equipo, id_obra, mes)
);
CREATE INDEX rm_kpi_equipo_mes_obra ON rm_kpi_equipo_mes (id_obra, mes);
CREATE INDEX rm_kpi_equipo_mes_mes ON rm_kpi_equipo_mes (mes, id_obra);
