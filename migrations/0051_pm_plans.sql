-- Preventive-maintenance plans (issue 20, docs/modules/preventive-maintenance.md): the plans of
-- each machine's `pm_plan-{id_equipo}` stream, kept by the async projection projections/pm-plans.
-- Plan 0 is the subgroup's (unidad and intervalo null: inherited); 1, 2… are the machine's own.
CREATE TABLE rm_pm_planes (
  id_equipo        bigint NOT NULL,
  id_plan          integer NOT NULL,
  nombre           text NOT NULL DEFAULT '',
  unidad           text CHECK (unidad IN ('horas', 'km', 'dias')),
  intervalo        numeric(12, 2),
  intervenciones   jsonb NOT NULL DEFAULT '[]',
  activo           boolean NOT NULL DEFAULT true,
  ultimo_valor     numeric(12, 2),
  ultima_fecha     date,
  id_orden_trabajo bigint,
  version          bigint NOT NULL,
  PRIMARY KEY (id_equipo, id_plan)
);

-- The unit of a subgroup's interval, from the name of its unit (rm_unidades): HRS → horas,
-- KM → km, DIAS → dias; any other unit gives no inherited plan.
CREATE FUNCTION pm_unidad(p_nombre text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE upper(translate(trim(p_nombre), 'íÍ', 'iI'))
    WHEN 'HRS' THEN 'horas' WHEN 'HR' THEN 'horas' WHEN 'H' THEN 'horas' WHEN 'HORA' THEN 'horas' WHEN 'HORAS' THEN 'horas'
    WHEN 'KM' THEN 'km' WHEN 'KMS' THEN 'km'
    WHEN 'DIA' THEN 'dias' WHEN 'DIAS' THEN 'dias' WHEN 'D' THEN 'dias'
  END
$$;

-- The SQL twin of shared/pm-forecast.ts `forecastPm` (pm-forecast-sql.int.test.ts compares them):
-- due at last service + interval (else the last multiple of the interval the meter passed);
-- days = ⌈remaining × 30 ÷ use over the window⌉; no use → no date ('sin_uso' unless overdue);
-- days plans: due on the last service's day (else the start day) + interval.
CREATE FUNCTION pm_pronostico(p_unidad text, p_intervalo numeric, p_ultimo_valor numeric, p_ultima_fecha date,
                              p_actual numeric, p_uso numeric, p_hoy date)
RETURNS TABLE (vence_en numeric, restante numeric, uso_diario numeric, dias integer, fecha date, estado text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT f.vence_en, f.restante, f.uso_diario, f.dias, f.fecha,
         CASE WHEN f.restante <= 0 OR f.dias <= 0 THEN 'vencido'
              WHEN f.dias IS NULL THEN 'sin_uso'
              WHEN f.dias <= 7 THEN 'proximo_7'
              WHEN f.dias <= 30 THEN 'proximo_30'
              ELSE 'al_dia' END
    FROM (
      SELECT NULL::numeric AS vence_en, d.dias::numeric AS restante, NULL::numeric AS uso_diario, d.dias, p_hoy + d.dias AS fecha
        FROM (SELECT (coalesce(p_ultima_fecha, p_hoy) + ceil(p_intervalo)::integer) - p_hoy AS dias) d
       WHERE p_unidad = 'dias'
      UNION ALL
      SELECT m.vence_en, m.restante, CASE WHEN p_uso > 0 THEN round(p_uso / 30, 2) END, m.dias, p_hoy + m.dias
        FROM (
          SELECT v.vence_en, round(v.vence_en - p_actual, 2) AS restante,
                 CASE WHEN p_uso > 0 THEN ceil(round(v.vence_en - p_actual, 2) * 30 / p_uso - 0.000000001)::integer END AS dias
            FROM (SELECT coalesce(p_ultimo_valor, floor(p_actual / p_intervalo) * p_intervalo) + p_intervalo AS vence_en) v
        ) m
       WHERE p_unidad <> 'dias'
    ) f
$$;
