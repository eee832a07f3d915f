import type { Event } from '../types';

/** The columns of the central entries' Excel (seed 002 L71), in the sheet's order. */
export const ENTRY_COLUMNS = [
  'numero', 'codigo_obra', 'descripcion_obra', 'moneda', 'fecha_desde', 'fecha_hasta', 'procedencia', 'fecha_movimiento',
  'codigo_recurso', 'descripcion_recurso', 'unidad', 'albaran', 'cantidad', 'importe', 'numero_orden_compra',
] as const;
export type EntryColumn = (typeof ENTRY_COLUMNS)[number];

/** A cell as read: text, number, a date (`YYYY-MM-DD`) or empty. */
export type CellValue = string | number | null;
export type SheetRow = { fila: number; values: Record<EntryColumn, CellValue> };


/** A central entry (seed 002 L69) as an imported file's valid row brings it (L71): the stock a
 * purchase order delivered to the central warehouse. Its key is the order number, the resource
 * code and the delivery note (`albaran`): the same key is never entered twice. */
export type CentralEntry = {
  id: number;
  /** The row of the sheet it came from (1 is the header). */
  fila: number;
  codigo_obra: string;
  descripcion_obra: string;
  codigo_recurso: string;
  descripcion_recurso: string;
  unidad: string;
  moneda: string;
  cantidad: number;
  importe: number | null;
  numero_orden_compra: string;
  albaran: string;
  procedencia: string;
  /** `YYYY-MM-DD`, or null when the sheet leaves it empty. */
  fecha_movimiento: string | null;
};

/** An imported Excel file of central entries (`central_entry_file-{id}`): its original name, the
 * stored file (`pic`), its SHA-256, the new entries it brought, how many rows were valid (new or
 * already entered) and how many were refused. The file is processed once imported. */
export type ImportedEntryFile = {
  id: number;
  nombre: string;
  pic: string;
  hash: string;
  entradas: CentralEntry[];
  validos: number;
  invalidos: number;
  by: number;
};

export type CentralEntryFileEvent = Event<'CentralEntriesImported', ImportedEntryFile>;

/** The import carries what its event records. */
export type CentralEntryFileCommand = { type: 'ImportCentralEntries' } & ImportedEntryFile;

export type CentralEntryFileState = { status: 'absent' } | { status: 'present'; id: number; entradas: number };
