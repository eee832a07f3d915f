import type { Sql } from 'postgres';
import { turnoSql } from './tipos-turno';

export type NeighbourLog = { id: number; fecha: string; id_tipo_turno: number; h_inicio: number; h_fin: number };

/** The machine's active logs just before and just after a shift (date, then the shift's start
 * hour), leaving out the log being edited: the meter should continue from one to the next. */
export async function neighbourLogs(
  sql: Sql,
  options: { idEquipo: number; fecha: string; idTipoTurno: number; excludeId: number },
): Promise<{ previous: NeighbourLog | null; next: NeighbourLog | null }> {
  const start = turnoSql('id_tipo_turno', 'inicio');
  const here = turnoSql(String(Number(options.idTipoTurno)), 'inicio');
  const columns = `id, to_char(fecha, 'YYYY-MM-DD') AS fecha, id_tipo_turno::int AS id_tipo_turno, h_inicio, h_fin`;
  const where = `id_equipo = $1 AND estado = 1 AND id <> $3`;
  const [previous] = await sql.unsafe<NeighbourLog[]>(
    `SELECT ${columns} FROM rm_horometros WHERE ${where} AND (fecha, ${start}) < ($2::date, ${here})
      ORDER BY fecha DESC, ${start} DESC LIMIT 1`,
    [options.idEquipo, options.fecha, options.excludeId],
  );
  const [next] = await sql.unsafe<NeighbourLog[]>(
    `SELECT ${columns} FROM rm_horometros WHERE ${where} AND (fecha, ${start}) > ($2::date, ${here})
      ORDER BY fecha, ${start} LIMIT 1`,
    [options.idEquipo, options.fecha, options.excludeId],
  );
  return { previous: previous ?? null, next: next ?? null };
}
