import { unreachable, type Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import { ENTRY_COLUMNS, type CellValue, type CentralEntry, type CentralEntryFileCommand, type CentralEntryFileEvent, type CentralEntryFileState, type EntryColumn, type SheetRow } from './types';
import { roundQty } from '@shared/quantity';

export const MSG_FILE_EXISTS = 'El archivo ya fue importado';
export const MSG_FILE_REQUIRED = 'Seleccione el archivo Excel de ingresos';
export const MSG_NO_ROWS = 'El archivo no tiene filas de ingresos';

/** The upload as read, before its rows are checked: no file (null), a file that could not be read
 * as the entries' sheet (`unreadable`: why) or its rows. Refused (422 on `archivo`) unless there
 * is at least one row; the rows otherwise. */
export function refuseEntriesSheet(read: null): never;
export function refuseEntriesSheet(read: { rows: SheetRow[] } | { unreadable: string }): SheetRow[];
export function refuseEntriesSheet(read: { rows: SheetRow[] } | { unreadable: string } | null): SheetRow[] {
  const refuse = (msg: string) => new CommandRejected(msg, { archivo: msg }, 422);
  if (!read) throw refuse(MSG_FILE_REQUIRED);
  if ('unreadable' in read) throw refuse(read.unreadable);
  if (!read.rows.length) throw refuse(MSG_NO_ROWS);
  return read.rows;
}

// The reasons an Excel row is refused (the dialog lists each invalid row with its reason).
export const R_SITE_REQUIRED = 'Falta el código de obra';
export const R_SITE_UNKNOWN = 'La obra no existe';
export const R_RESOURCE_REQUIRED = 'Falta el código del recurso';
export const R_ORDER_REQUIRED = 'Falta el número de orden de compra';
export const R_ORDER_UNKNOWN = 'La orden de compra no corresponde a ningún producto solicitado';
export const R_ORDER_PENDING = 'La orden de compra aún está pendiente de aprobación en SICAM';
export const R_QUANTITY = 'La cantidad debe ser un número mayor a 0';
export const R_AMOUNT = 'El importe debe ser un número';
export const R_DATE = 'La fecha de movimiento no es válida';
export const R_TOO_LONG = 'Un valor supera los 255 caracteres';
export const rRepeated = (fila: number) => `El ingreso se repite en la fila ${fila}`;

/** An invalid row as the reply lists it: its sheet row, the reason and its cells. */
export type InvalidRow = { fila: number; motivo: string } & Record<EntryColumn, CellValue>;

/** A cell as text, trimmed; as upper-case text. */
export const cellText = (v: CellValue) => (v === null ? '' : typeof v === 'number' ? String(v) : v.trim());
export const cellUpper = (v: CellValue) => cellText(v).toUpperCase();

/** A number as a sheet holds it: a number cell, or text with a decimal point or comma. */
function numberOf(v: CellValue): number | null {
  if (v === null) return null;
  if (typeof v === 'number') return v;
  const t = v.replace(/\s/g, '');
  if (!/^-?\d+([.,]\d+)?$/.test(t)) return null;
  return Number(t.replace(',', '.'));
}

/** A day from a date cell (already `YYYY-MM-DD`) or a day-month-year text; undefined when not a date. */
function dayOf(v: CellValue): string | null | undefined {
  if (v === null) return null;
  const t = cellText(v);
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(t);
  if (m) return `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  return undefined;
}

/** An entry's key: the same order, code and albarán is never entered twice. */
export const entryKey = (e: { numero_orden_compra: string; codigo_recurso: string; albaran: string }) => `${e.numero_orden_compra}\u0000${e.codigo_recurso}\u0000${e.albaran}`;

export type CheckedEntries = { valid: Omit<CentralEntry, 'id'>[]; invalid: InvalidRow[] };

/** Checks every row of an imported sheet on its own, against the read models' facts the API
 * passes in (`sites`: the site codes known; `orders`: the order numbers of requested products,
 * `pendingOrders` those still waiting for SICAM's approval): the site code known (rm_obras), the resource code and the order
 * number present, the order number known among the requested products and approved in SICAM (not
 * every product of it still in 12), the quantity a number
 * above 0, the amount and the movement date well formed, and a key not repeated in the file. */
export function checkEntryRows(rows: readonly SheetRow[], facts: { sites: readonly string[]; orders: readonly string[]; pendingOrders: readonly string[] }): CheckedEntries {
  const orderSet = new Set(facts.orders);
  const pendingOrders = new Set(facts.pendingOrders);
  const siteSet = new Set(facts.sites);
  const seen = new Map<string, number>();
  const valid: CheckedEntries['valid'] = [];
  const invalid: InvalidRow[] = [];
  for (const { fila, values } of rows) {
    const reasons: string[] = [];
    const obra = cellUpper(values.codigo_obra);
    const recurso = cellUpper(values.codigo_recurso);
    const orden = cellUpper(values.numero_orden_compra);
    const albaran = cellText(values.albaran);
    if (!obra) reasons.push(R_SITE_REQUIRED);
    else if (!siteSet.has(obra)) reasons.push(R_SITE_UNKNOWN);
    if (!recurso) reasons.push(R_RESOURCE_REQUIRED);
    if (!orden) reasons.push(R_ORDER_REQUIRED);
    else if (!orderSet.has(orden)) reasons.push(R_ORDER_UNKNOWN);
    // An order SICAM has not approved yet brings nothing in: its products (12) would wait for an
    // entry that could then leave with a waybill before the order exists (the simulated month).
    else if (pendingOrders.has(orden)) reasons.push(R_ORDER_PENDING);
    const cantidad = numberOf(values.cantidad);
    if (cantidad === null || !(cantidad > 0) || cantidad >= 1e10) reasons.push(R_QUANTITY);
    const importe = numberOf(values.importe);
    if (values.importe !== null && (importe === null || Math.abs(importe) >= 1e12)) reasons.push(R_AMOUNT);
    const fecha = dayOf(values.fecha_movimiento);
    if (fecha === undefined) reasons.push(R_DATE);
    if (ENTRY_COLUMNS.some((c) => cellText(values[c]).length > 255)) reasons.push(R_TOO_LONG);
    const key = entryKey({ numero_orden_compra: orden, codigo_recurso: recurso, albaran });
    const first = seen.get(key);
    if (first !== undefined && recurso && orden) reasons.push(rRepeated(first));
    if (reasons.length) {
      invalid.push({ fila, motivo: reasons.join('; '), ...values });
      continue;
    }
    seen.set(key, fila);
    valid.push({
      fila, codigo_obra: obra, descripcion_obra: cellText(values.descripcion_obra), codigo_recurso: recurso, descripcion_recurso: cellText(values.descripcion_recurso),
      unidad: cellText(values.unidad), moneda: cellText(values.moneda), cantidad: roundQty(cantidad!),
      importe: importe === null ? null : roundQty(importe), numero_orden_compra: orden, albaran, procedencia: cellText(values.procedencia),
      fecha_movimiento: fecha ?? null,
    });
  }
  return { valid, invalid };
}



/** An imported file of central entries: recorded once, with the entries its valid rows bring
 * (its rows checked by `checkEntryRows` against the read models' facts the API reads). */
export const centralEntryFileDecider: Decider<CentralEntryFileState, CentralEntryFileCommand, CentralEntryFileEvent> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'ImportCentralEntries': {
        if (state.status !== 'absent') throw new CommandRejected(MSG_FILE_EXISTS, {}, 409);
        const { type: _type, ...data } = command;
        return [{ type: 'CentralEntriesImported', data }];
      }
      default:
        return unreachable(command.type, 'command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CentralEntriesImported':
        return { status: 'present', id: event.data.id, entradas: event.data.entradas.length };
      default:
        return unreachable(event.type, 'event');
    }
  },
};

export const centralEntryFiles = aggregate('central_entry_file', centralEntryFileDecider);
