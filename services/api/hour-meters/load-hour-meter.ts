import type { Sql } from 'postgres';
import { ApiError, NOT_FOUND } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { assertSiteAllows } from '../platform/site-scope';
import { timeModelSql } from './time-model-sql';
import { turnoSql } from './tipos-turno';

/** The stored facts of a log the write rules need (machine, site, shift, state). */
export type HorometroRow = { id: number; id_equipo: number; id_obra: number; fecha: string; id_tipo_turno: number; estado: number; version: number; cambio_horometro: boolean };

export async function loadHorometroRow(sql: Sql, id: number): Promise<HorometroRow | null> {
  const [row] = await sql<HorometroRow[]>`
    SELECT id, id_equipo, id_obra, to_char(fecha, 'YYYY-MM-DD') AS fecha, id_tipo_turno::int AS id_tipo_turno, estado, version, cambio_horometro
      FROM rm_horometros WHERE id = ${id}`;
  return row ?? null;
}

/** The log exists and is on one of the caller's sites (404 otherwise: its existence is not revealed). */
export async function assertLogVisible(deps: ApiDeps, principal: Principal, row: HorometroRow | null): Promise<HorometroRow> {
  if (!row) throw new ApiError(404, NOT_FOUND);
  await assertSiteAllows(deps, principal, 'horometro', row.id);
  return row;
}

/** A log as the form and the save reply carry it: its fields (failures as numbers, the date as
 * yyyy-MM-dd under both `fecha` and the spec's `fecha_creacion`), the machine's code and site,
 * the shift's name and the computed hours and percentages. Null when there is no such log. */
export async function loadHorometroItem(sql: Sql, id: number): Promise<Record<string, unknown> | null> {
  const m = timeModelSql('h');
  const [item] = await sql.unsafe(
    `SELECT h.id, h.id_equipo, e.codigo AS equipo, h.id_obra, o.nombre AS obra,
            to_char(h.fecha, 'YYYY-MM-DD') AS fecha, to_char(h.fecha, 'YYYY-MM-DD') AS fecha_creacion,
            h.id_tipo_turno::int AS id_tipo_turno, ${turnoSql('h.id_tipo_turno', 'nombre')} AS turno,
            h.h_inicio, h.h_fin, h.falla_operacional::float8 AS falla_operacional, h.falla_neta::float8 AS falla_neta,
            h.falla_tajo::float8 AS falla_tajo, h.obs_operacional, h.obs_neta, h.obs_tajo, h.estado, h.version, h.cambio_horometro,
            ${m.horas_trabajadas} AS horas_trabajadas, ${m.fallas} AS fallas, ${m.disponibilidad} AS disponibilidad,
            ${m.utilizacion} AS utilizacion
       FROM rm_horometros h LEFT JOIN rm_equipos e ON e.id = h.id_equipo LEFT JOIN rm_obras o ON o.id = h.id_obra
      WHERE h.id = $1`,
    [id],
  );
  return item ?? null;
}
