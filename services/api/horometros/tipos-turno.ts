/** A shift type: its length (the scheduled hours of the time model) and the hour it starts in the
 * business time zone (America/Lima). Seed 001 names the field (id_tipo_turno) but not the list;
 * Faena uses the two 12-hour shifts of Peruvian sites (docs/modules/hour-meters.md). */
export type TipoTurno = { id: number; nombre: string; horas: number; inicio: number };

/** The fixed list of shift types. Ids follow the start time within a day (Día before Noche), so
 * (fecha, start hour) orders a machine's logs in time. A night shift belongs to the date it starts
 * on and ends the next morning. */
export const TIPOS_TURNO: readonly TipoTurno[] = Object.freeze([
  { id: 1, nombre: 'Día', horas: 12, inicio: 7 },
  { id: 2, nombre: 'Noche', horas: 12, inicio: 19 },
]);

/** An SQL CASE over a shift-type column giving one property of the fixed list (trusted: built
 * from code, never from input), so SQL sorts and computes with the same shift table as the code. */
export function turnoSql(column: string, property: 'nombre' | 'horas' | 'inicio'): string {
  const literal = (t: TipoTurno) => (property === 'nombre' ? `'${t.nombre.replace(/'/g, "''")}'` : String(t[property]));
  return `(CASE ${column} ${TIPOS_TURNO.map((t) => `WHEN ${t.id} THEN ${literal(t)}`).join(' ')} END)`;
}
