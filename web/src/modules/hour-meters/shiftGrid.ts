import type { ShiftGridMachine, ShiftRowResult } from '@shared/contracts/hour-meters';

// The shift grid's state (docs/modules/hour-meters.md "Shift readings in bulk"), pure so the rules
// are tested without a browser: what a row holds, which rows a save sends, how each row's outcome
// lands, and where the keyboard goes.

/** The columns a user types in, in order (left to right). */
export const GRID_FIELDS = ['h_inicio', 'h_fin', 'falla_operacional', 'falla_neta', 'falla_tajo'] as const;
export type GridField = (typeof GRID_FIELDS)[number];

export type RowValues = Record<GridField, string>;

/** One machine's row: what is typed, and what the server last said about it. */
export type GridRow = {
  values: RowValues;
  /** The start proposed when the grid opened (a row holding only it was not typed in). */
  proposed: string;
  /** Saved: the stored log's id (the row turns read-only). */
  savedId: number | null;
  msg: string | null;
  errors: Record<string, string>;
  /** The meter does not continue: the next save confirms it when the user ticks the box. */
  needsConfirm: boolean;
  confirm: boolean;
};

export type GridState = Record<number, GridRow>;

const EMPTY: RowValues = { h_inicio: '', h_fin: '', falla_operacional: '', falla_neta: '', falla_tajo: '' };

/** The rows of a fresh grid: a machine whose slot holds a log shows it, saved; any other the
 * proposed start. Rows already typed in (same machine) are kept: a refetch never drops input. */
export function gridRows(machines: ShiftGridMachine[], previous: GridState = {}): GridState {
  const next: GridState = {};
  for (const m of machines) {
    const old = previous[m.id_equipo];
    if (m.registro) {
      const kept = old?.savedId === m.registro.id ? old.values : { ...EMPTY, h_inicio: String(m.registro.h_inicio), h_fin: String(m.registro.h_fin) };
      next[m.id_equipo] = { values: kept, proposed: String(m.h_inicio), savedId: m.registro.id, msg: null, errors: {}, needsConfirm: false, confirm: false };
    } else if (old && old.savedId === null && isTyped(old)) {
      next[m.id_equipo] = old;
    } else {
      next[m.id_equipo] = { values: { ...EMPTY, h_inicio: String(m.h_inicio) }, proposed: String(m.h_inicio), savedId: null, msg: null, errors: {}, needsConfirm: false, confirm: false };
    }
  }
  return next;
}

/** Whether the user typed anything into a row beyond the proposed start. */
export function isTyped(row: GridRow): boolean {
  return row.values.h_inicio.trim() !== row.proposed || GRID_FIELDS.slice(1).some((f) => row.values[f].trim() !== '');
}

/** Rows that a save sends: typed in and not saved yet. */
export function pendingIds(state: GridState): number[] {
  return Object.entries(state)
    .filter(([, row]) => row.savedId === null && isTyped(row))
    .map(([id]) => Number(id));
}

/** The grid holds input that is not saved (leaving asks first). */
export const isDirty = (state: GridState) => pendingIds(state).length > 0;

/** A cell changed: its value, and its error (and the row's message) cleared. */
export function editCell(state: GridState, idEquipo: number, field: GridField, value: string): GridState {
  const row = state[idEquipo];
  if (!row || row.savedId !== null) return state;
  const { [field]: _, ...errors } = row.errors;
  return { ...state, [idEquipo]: { ...row, values: { ...row.values, [field]: value }, errors, msg: Object.keys(errors).length ? row.msg : null } };
}

/** The body of POST /horometros/registrarTurno for the pending rows, in the grid's order. */
export function shiftPayload(state: GridState, order: number[], shift: { fecha: string; id_tipo_turno: number }) {
  const pending = new Set(pendingIds(state));
  return {
    ...shift,
    rows: order
      .filter((id) => pending.has(id))
      .map((id) => ({ id_equipo: id, ...state[id].values, ...(state[id].confirm ? { confirmar_horometro: 1 } : {}) })),
  };
}

/** Each row's outcome lands on its row: saved rows turn read-only with what was stored, refused
 * rows keep their input with the message and field errors; rows not sent are left as they are. */
export function applyResults(state: GridState, results: ShiftRowResult[]): GridState {
  const next = { ...state };
  for (const r of results) {
    const row = next[r.id_equipo];
    if (!row) continue;
    next[r.id_equipo] = r.ok
      ? { ...row, savedId: r.id ?? 0, msg: null, errors: {}, needsConfirm: false, confirm: false }
      : { ...row, msg: r.msg, errors: r.errors ?? {}, needsConfirm: Boolean(r.requiere_confirmacion), confirm: false };
  }
  return next;
}

/** Worked hours of a row as typed (null until both readings are whole numbers). */
export function workedHours(values: RowValues): number | null {
  const start = values.h_inicio.trim();
  const end = values.h_fin.trim();
  if (!/^-?\d+$/.test(start) || !/^-?\d+$/.test(end)) return null;
  return Math.abs(Number(end)) - Math.abs(Number(start));
}

export type Move = 'up' | 'down' | 'left' | 'right';

/** The cell a key moves to, spreadsheet style: Enter and the vertical arrows go down or up the
 * same column (skipping saved rows), the horizontal arrows along the row; null at an edge. */
export function moveCell(
  at: { row: number; col: number },
  move: Move,
  rows: { editable: boolean }[],
): { row: number; col: number } | null {
  if (move === 'left') return at.col > 0 ? { row: at.row, col: at.col - 1 } : null;
  if (move === 'right') return at.col < GRID_FIELDS.length - 1 ? { row: at.row, col: at.col + 1 } : null;
  const step = move === 'down' ? 1 : -1;
  for (let r = at.row + step; r >= 0 && r < rows.length; r += step) if (rows[r].editable) return { row: r, col: at.col };
  return null;
}
