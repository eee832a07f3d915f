-- Issue 19: the valid-time history of the profitability's fixed inputs (docs/modules/reports.md,
-- "Rentabilidad", "History of the fixed inputs"). Written by the async projection
-- projections/profit-history from the events only (a machine's and a site's record streams), so a
-- rebuild writes the same rows. Each row is the whole set of inputs as they stood after one event
-- of the record's stream (`version`), in force from `desde`; a month reads the row in force at its
-- last day. `desde` of a record's first row is -infinity (the default): the first known values also stand for
-- the time before the record existed (a month older than the record), so the lookup always finds
-- a row; `ocurrido` keeps the instant the event itself took effect.

-- A machine's tariff, insurance and amortization plan (the fields of `equipo-{id}` that the
-- report reads; `fecha_alta` is the Lima date of its creation, the plan's last fallback start).
CREATE TABLE rm_rent_equipo_historia (
  id_equipo           bigint NOT NULL,
  version             bigint NOT NULL,
  desde               timestamptz NOT NULL DEFAULT '-infinity',
  ocurrido            timestamptz NOT NULL,
  tipo_tarifa         text NOT NULL DEFAULT 'HORA',
  tarifa              numeric(14, 2) NOT NULL DEFAULT 0,
  horas               integer NOT NULL DEFAULT 0,
  costo_anual_seguro  numeric(14, 2) NOT NULL DEFAULT 0,
  fecha_llegada       date,
  fecha_compra        date,
  costo_adquisicion   numeric(14, 2) NOT NULL DEFAULT 0,
  amortizacion        integer NOT NULL DEFAULT 0,
  amortizacion_inicio date,
  amortizacion_estado smallint NOT NULL DEFAULT 1,
  fecha_alta          date NOT NULL,
  PRIMARY KEY (id_equipo, version)
);
-- The report's lookup: per machine and month, the last row with desde before the month's end
-- (a backward index scan that stops at the first row).
CREATE INDEX rm_rent_equipo_historia_desde ON rm_rent_equipo_historia (id_equipo, desde, version);

-- A site's monthly general expenses (rm_obras.gastos_generales, the total of its expense lines,
-- on `obra-{id}`).
CREATE TABLE rm_rent_obra_historia (
  id_obra          bigint NOT NULL,
  version          bigint NOT NULL,
  desde            timestamptz NOT NULL DEFAULT '-infinity',
  ocurrido         timestamptz NOT NULL,
  gastos_generales numeric(14, 2) NOT NULL DEFAULT 0,
  PRIMARY KEY (id_obra, version)
);
CREATE INDEX rm_rent_obra_historia_desde ON rm_rent_obra_historia (id_obra, desde, version);
