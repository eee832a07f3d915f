import { turnoSql } from './tipos-turno';

/** The time model of time-model.ts as SQL expressions over a log row (alias `h`), so the list
 * sorts and filters on the computed columns. Same rules: W = h_fin − h_inicio, R = falla_neta,
 * S = max(H − W − R, 0), percentages rounded half away from zero to 2 decimals, null on a zero
 * denominator. numeric arithmetic keeps it exact; float8 only carries the rounded result. */
export function timeModelSql(alias = 'h') {
  const W = `(${alias}.h_fin - ${alias}.h_inicio)`;
  const R = `${alias}.falla_neta`;
  const H = turnoSql(`${alias}.id_tipo_turno`, 'horas');
  const S = `GREATEST(${H} - ${W} - ${R}, 0)`;
  return {
    horas_programadas: H,
    horas_trabajadas: W,
    fallas: `(${alias}.falla_operacional + ${alias}.falla_neta + ${alias}.falla_tajo)::float8`,
    disponibilidad: `(CASE WHEN ${W} + ${R} > 0 THEN round(100 * ${W}::numeric / (${W} + ${R}), 2)::float8 END)`,
    utilizacion: `(CASE WHEN ${W} + ${S} > 0 THEN round(100 * ${W}::numeric / (${W} + ${S}), 2)::float8 END)`,
  };
}
