// A site's general expenses (seed 001): the sections, the rules of a line's amounts and the shape
// of a line, as the write model, the API and the web all read them.

/** Seed 001 §3: the four sections of a site's general expenses (Conceptos, Gestion, Almacen,
 * Tecnicos), keyed as the gastosGenerales reply names them. */
export const GRUPOS = ['concepto', 'gestion', 'almacen', 'tecnico'] as const;
export type Grupo = (typeof GRUPOS)[number];

/** How a line's amounts come about (seed 001 §9):
 * - `normal`: entered; monto_total = cantidad × monto with the quantity flag, else = monto;
 * - `total_otros_grupos` (line 11): computed, the total of the other groups;
 * - `suma_cantidades` (line 12): computed, the sum of the other groups' quantities (a headcount,
 *   no amount);
 * - `total_fijo` (line 16): highlighted; its total is the amount entered, never multiplied. */
export const REGLAS = ['normal', 'total_otros_grupos', 'suma_cantidades', 'total_fijo'] as const;
export type Regla = (typeof REGLAS)[number];

/** One general-expense line of a site (seed 001 §3: id, concepto, cantidad, monto, monto_total,
 * info, a quantity flag and a disabled flag). Amounts are whole soles (seed 001 §5). */
export type GastoLinea = {
  id: number;
  numero: number;
  grupo: Grupo;
  concepto: string;
  info: string;
  usa_cantidad: 0 | 1;
  disabled: 0 | 1;
  regla: Regla;
  cantidad: number;
  monto: number;
  monto_total: number;
};

/** What a save sends for one line, already parsed as integers. */
export type GastoEntrada = { id: number; cantidad: number; monto: number };
