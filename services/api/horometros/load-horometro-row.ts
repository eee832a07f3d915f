import type { Sql } from 'postgres';

/** The stored facts of a log the write rules need (machine, site, shift, state). */
export type HorometroRow = { id: number; id_equipo: number; id_obra: number; fecha: string; id_tipo_turno: number; estado: number; version: number };

export async function loadHorometroRow(sql: Sql, id: number): Promise<HorometroRow | null> {
  const [row] = await sql<HorometroRow[]>`
    SELECT id, id_equipo, id_obra, to_char(fecha, 'YYYY-MM-DD') AS fecha, id_tipo_turno::int AS id_tipo_turno, estado, version
      FROM rm_horometros WHERE id = ${id}`;
  return row ?? null;
}
