import { applyEntries, computeLines, gastosTotales, isEditable, type GastosTotales } from '@shared/site-expenses-lines';
import { parseAmount } from '@shared/parse-amount';
import { GRUPOS, type GastoLinea } from '@shared/site-expenses';
import type { GastosReply } from '@shared/contracts/sites';

/** What the user typed in one editable line, as text (parsed only to compute and compare). */
export type LineaTexto = { cantidad: string; monto: string };
export type GastosValues = Record<number, LineaTexto>;

/** Every line of a reply in section order (Conceptos, Gestion, Almacen, Tecnicos). */
export function allLines(reply: GastosReply): GastoLinea[] {
  return GRUPOS.flatMap((g) => reply[g] ?? []);
}

/** The form's starting values: the editable lines' stored amounts as text. */
export function valuesOf(lines: GastoLinea[]): GastosValues {
  const values: GastosValues = {};
  for (const l of lines) if (isEditable(l)) values[l.id] = { cantidad: String(l.cantidad), monto: String(l.monto) };
  return values;
}

/** The lines as they will be once saved: the typed values parsed as integers (seed 001 §5) and
 * every computed line recomputed by the same rules the server applies (compute-lines.ts). */
export function liveLines(lines: GastoLinea[], values: GastosValues): { lines: GastoLinea[]; totales: GastosTotales } {
  const entradas = Object.entries(values).map(([id, v]) => ({ id: Number(id), cantidad: parseAmount(v.cantidad), monto: parseAmount(v.monto) }));
  const computed = computeLines(applyEntries(lines, entradas));
  return { lines: computed, totales: gastosTotales(computed) };
}

/** Unsaved changes: a typed value that parses to something else than the stored one ('1500.0'
 * against 1500 is no change: it would save the same). */
export function isDirty(lines: GastoLinea[], values: GastosValues): boolean {
  return lines.some((l) => {
    const v = values[l.id];
    return v !== undefined && (parseAmount(v.cantidad) !== l.cantidad || parseAmount(v.monto) !== l.monto);
  });
}

/** The save call's obra_conceptos: the editable lines as typed (the server parses them). */
export function payloadOf(lines: GastoLinea[], values: GastosValues): { id: number; cantidad: string; monto: string }[] {
  return lines.filter((l) => values[l.id] !== undefined).map((l) => ({ id: l.id, cantidad: values[l.id].cantidad, monto: values[l.id].monto }));
}

/** A 422's `obra_conceptos.{i}.{field}` errors, keyed by line id and field for the inputs. */
export function lineErrors(errors: Record<string, string>, sent: { id: number }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const m = /^obra_conceptos\.(\d+)\.(\w+)$/.exec(key);
    const line = m ? sent[Number(m[1])] : undefined;
    if (line && m) out[`${line.id}.${m[2] === 'id' ? 'monto' : m[2]}`] = message;
  }
  return out;
}
