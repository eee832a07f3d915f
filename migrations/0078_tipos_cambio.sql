-- Issue 19 (decision "Amounts in another currency…"): the monthly currency rates kept in settings,
-- and what the stock ledger and the KPI inputs keep of amounts whose rate was not known yet.
-- docs/modules/stock.md "Other currencies", docs/DECISIONS.md "Currency rates".

-- One rate per currency and month ('USD', '2026-03', soles per unit of the currency). Each rate is
-- a generic record stream `tipo_cambio-{id}` kept inline by projections/records.
CREATE TABLE rm_tipos_cambio (
  id           bigint PRIMARY KEY,
  moneda       text NOT NULL,
  mes          text NOT NULL,
  tasa         numeric(14, 6) NOT NULL,
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE INDEX rm_tipos_cambio_moneda_mes ON rm_tipos_cambio (moneda, mes);

-- The ledger's record of a movement in another currency (projections/stock): `cambio` is the
-- currency, its month, the rate applied (null: none yet) and the unit cost in that currency;
-- `sin_tipo_cambio` the amounts in other currencies this movement carried whose rate was unknown
-- when it was recorded ({ 'USD:2026-03': 1200 }, negative when they leave).
ALTER TABLE rm_stock_movimientos ADD COLUMN cambio jsonb, ADD COLUMN sin_tipo_cambio jsonb;
CREATE INDEX rm_stock_movimientos_sin_cambio ON rm_stock_movimientos ((cambio ->> 'moneda'), (cambio ->> 'mes')) WHERE cambio IS NOT NULL;

-- Per part issued to a work order, the amounts of its cost in another currency whose rate was not
-- known when it left the warehouse (projections/kpis): valued at read time with the month's rate.
CREATE TABLE rm_kpi_repuestos_moneda (
  global_position   bigint NOT NULL,
  id_orden_trabajo  bigint NOT NULL,
  mes               date NOT NULL,
  moneda            text NOT NULL,
  mes_cambio        text NOT NULL,
  monto             numeric(16, 4) NOT NULL,
  PRIMARY KEY (global_position, moneda, mes_cambio)
);
CREATE INDEX rm_kpi_repuestos_moneda_orden ON rm_kpi_repuestos_moneda (id_orden_trabajo, mes);

-- The KPI inputs as the reports read them: the projection's parts costs plus the amounts in other
-- currencies valued at the active rate of their month (read time: a rate entered later counts at
-- once; an amount without a rate stays out and the replies say so in `notas`).
CREATE VIEW kpi_equipo_mes_valorado AS
SELECT m.id_equipo, m.id_obra, m.mes, m.registros, m.horas_programadas, m.horas_trabajadas, m.horas_standby, m.horas_reparacion,
       m.ots_mp, m.ots_mc, m.ots_mcd, m.reparaciones, m.horas_reparacion_ot, m.repuestos,
       m.costo_mp + coalesce(x.mp, 0) AS costo_mp, m.costo_mc + coalesce(x.mc, 0) AS costo_mc, m.costo_mcd + coalesce(x.mcd, 0) AS costo_mcd
  FROM rm_kpi_equipo_mes m
  LEFT JOIN (
    SELECT o.id_equipo, o.id_obra, p.mes,
           round(sum(p.monto * t.tasa) FILTER (WHERE o.id_tipo_mantenimiento = 1), 4) AS mp,
           round(sum(p.monto * t.tasa) FILTER (WHERE o.id_tipo_mantenimiento = 2), 4) AS mc,
           round(sum(p.monto * t.tasa) FILTER (WHERE o.id_tipo_mantenimiento = 3), 4) AS mcd
      FROM rm_kpi_repuestos_moneda p
      JOIN rm_kpi_ordenes o ON o.id_orden_trabajo = p.id_orden_trabajo
      JOIN rm_tipos_cambio t ON t.moneda = p.moneda AND t.mes = p.mes_cambio AND t.estado = 1
     GROUP BY o.id_equipo, o.id_obra, p.mes
  ) x ON x.id_equipo = m.id_equipo AND x.id_obra = m.id_obra AND x.mes = m.mes;
