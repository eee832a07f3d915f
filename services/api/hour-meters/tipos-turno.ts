import { TIPOS_TURNO, type TipoTurno } from '@shared/hour-meter-window';

/** The shift types live beside the hour-meter decider (its registration window needs them). */
export { TIPOS_TURNO, type TipoTurno };

/** An SQL CASE over a shift-type column giving one property of the fixed list (trusted: built
 * from code, never from input), so SQL sorts and computes with the same shift table as the code. */
export function turnoSql(column: string, property: 'nombre' | 'horas' | 'inicio'): string {
  const literal = (t: TipoTurno) => (property === 'nombre' ? `'${t.nombre.replace(/'/g, "''")}'` : String(t[property]));
  return `(CASE ${column} ${TIPOS_TURNO.map((t) => `WHEN ${t.id} THEN ${literal(t)}`).join(' ')} END)`;
}
