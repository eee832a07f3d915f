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
