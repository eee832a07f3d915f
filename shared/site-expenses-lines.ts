import type { GastoEntrada, GastoLinea, Grupo } from './site-expenses';

// The rules of a site's general-expense lines (seed 001 §9), pure and shared by the server (which
// recomputes every save and never trusts computed values from the client) and the web form (which
// shows the same numbers live). Type-only imports: the web bundle takes this file as it is.

/** A line whose amounts the user types: not disabled and not computed. */
export function isEditable(line: GastoLinea): boolean {
  return line.disabled === 0 && (line.regla === 'normal' || line.regla === 'total_fijo');
}

/** Whether the quantity column is typed for this line (the quantity flag on an editable line;
 * line 16's fixed total never uses one). */
export function hasEditableQuantity(line: GastoLinea): boolean {
  return isEditable(line) && line.regla === 'normal' && line.usa_cantidad === 1;
}

/** Lines that count in totals: entered lines that are not disabled. Computed lines (11, 12) are
 * never summed into each other, so nothing is counted twice. */
function counts(line: GastoLinea): boolean {
  return isEditable(line);
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** The entered values applied to the editable lines; other lines keep theirs (a disabled line
 * stays exactly as stored, a computed line is recomputed). Entries for unknown ids are ignored
 * here: the decider refuses them first. */
export function applyEntries(lines: GastoLinea[], entradas: GastoEntrada[]): GastoLinea[] {
  const byId = new Map(entradas.map((e) => [e.id, e]));
  return lines.map((line) => {
    const entrada = byId.get(line.id);
    if (!entrada || !isEditable(line)) return line;
    return { ...line, cantidad: hasEditableQuantity(line) ? entrada.cantidad : 0, monto: entrada.monto };
  });
}

/** Every line's monto_total from the rules:
 * - normal: cantidad × monto with the quantity flag, else monto (cantidad 0);
 * - total_fijo (line 16): the fixed total is the amount entered (cantidad 0, never multiplied);
 * - total_otros_grupos (line 11): the sum of the monto_total of the counted lines of the other
 *   groups (cantidad and monto 0);
 * - suma_cantidades (line 12): cantidad = the sum of the quantities of the counted lines of the
 *   other groups that use a quantity (the headcount); it carries no amount (monto and total 0);
 * - disabled lines are left exactly as they are and count nowhere. */
export function computeLines(lines: GastoLinea[]): GastoLinea[] {
  const entered = lines.map((line): GastoLinea => {
    if (line.disabled === 1) return line;
    if (line.regla === 'normal') {
      return line.usa_cantidad === 1 ? { ...line, monto_total: line.cantidad * line.monto } : { ...line, cantidad: 0, monto_total: line.monto };
    }
    if (line.regla === 'total_fijo') return { ...line, cantidad: 0, monto_total: line.monto };
    return line;
  });
  return entered.map((line): GastoLinea => {
    if (line.disabled === 1) return line;
    const others = entered.filter((o) => o.grupo !== line.grupo && counts(o));
    if (line.regla === 'total_otros_grupos') return { ...line, cantidad: 0, monto: 0, monto_total: sum(others.map((o) => o.monto_total)) };
    if (line.regla === 'suma_cantidades') {
      return { ...line, cantidad: sum(others.filter((o) => o.usa_cantidad === 1).map((o) => o.cantidad)), monto: 0, monto_total: 0 };
    }
    return line;
  });
}

export type GastosTotales = {
  /** Per section: the sum of its lines that count (Conceptos also shows line 11, see `total`). */
  grupos: Record<Grupo, number>;
  /** Line 12's headcount (0 when the catalogue has no such line). */
  personal: number;
  /** The site's general expenses (rm_obras.gastos_generales): every counted line once, which is
   * the Conceptos section with line 11 standing for the other three sections. */
  total: number;
};

export function gastosTotales(lines: GastoLinea[]): GastosTotales {
  const grupos: Record<Grupo, number> = { concepto: 0, gestion: 0, almacen: 0, tecnico: 0 };
  let total = 0;
  for (const line of lines) {
    if (!counts(line)) continue;
    grupos[line.grupo] += line.monto_total;
    total += line.monto_total;
  }
  const linea11 = lines.find((l) => l.regla === 'total_otros_grupos' && l.disabled === 0);
  if (linea11) grupos[linea11.grupo] += linea11.monto_total;
  const personal = lines.find((l) => l.regla === 'suma_cantidades' && l.disabled === 0)?.cantidad ?? 0;
  return { grupos, personal, total };
}
