import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ENTRY_COLUMNS, type CellValue, type EntryColumn, type SheetRow } from '../../../events/central-entry-file/types';

export { ENTRY_COLUMNS, type CellValue, type EntryColumn, type SheetRow };

/** The columns a sheet must have; the others may be missing. */
export const REQUIRED_COLUMNS: readonly EntryColumn[] = ['codigo_obra', 'codigo_recurso', 'cantidad', 'numero_orden_compra'];

/** Other names a header may carry for a column (after normalising: lower case, no accents, words
 * joined by `_`). */
const ALIASES: Record<string, EntryColumn> = {
  n: 'numero', nro: 'numero', item: 'numero',
  obra: 'codigo_obra', cod_obra: 'codigo_obra',
  codigo: 'codigo_recurso', cod_recurso: 'codigo_recurso', recurso: 'codigo_recurso', codigo_material: 'codigo_recurso',
  descripcion: 'descripcion_recurso', unidad_medida: 'unidad', udm: 'unidad',
  orden_compra: 'numero_orden_compra', numero_oc: 'numero_orden_compra', nro_orden_compra: 'numero_orden_compra', oc: 'numero_orden_compra', numero_orden: 'numero_orden_compra',
};

/** `Código de Obra` → `codigo_obra`; `Nº Orden Compra` → `n_orden_compra`. */
export function normaliseHeader(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

function columnOf(header: string): EntryColumn | undefined {
  const n = normaliseHeader(header);
  const candidates = [n, n.replace(/_de_|_del_/g, '_'), n.replace(/^(n|nro|no|num)_/, 'numero_')];
  for (const c of candidates) {
    if ((ENTRY_COLUMNS as readonly string[]).includes(c)) return c as EntryColumn;
    if (Object.hasOwn(ALIASES, c)) return ALIASES[c];
  }
  return undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** A cell's value as text, number or day, whatever Excel stored (rich text, formulas, links). */
export function cellValue(raw: unknown): CellValue {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string') return raw.trim() === '' ? null : raw.trim();
  if (typeof raw === 'boolean') return raw ? 'VERDADERO' : 'FALSO';
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : dayOf(raw);
  if (typeof raw === 'object') {
    const o = raw as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (Array.isArray(o.richText)) return cellValue(o.richText.map((t) => t.text).join(''));
    if ('result' in o) return cellValue(o.result);
    if ('text' in o) return cellValue(o.text);
    if (o.error) return null;
  }
  return cellValue(String(raw));
}

/** Refusals of the sheet as a whole (the route answers them 422). */
export class SheetError extends Error {}
export const MSG_NO_SHEET = 'El archivo no tiene hojas con datos';
export const msgMissingColumns = (cols: string[]) => `El archivo no tiene las columnas: ${cols.join(', ')}`;

/** Reads the first worksheet of an xlsx as rows of the entry columns, streaming (exceljs'
 * WorkbookReader: the sheet's XML is parsed as it is read, never a whole workbook model). The
 * header is the first row, among the first ten, naming the required columns; empty rows are left
 * out. `fila` is the row's number in the sheet. A file the streaming reader fails on (it did,
 * now and then, on a loaded machine) is read again whole before it is refused. */
export async function readEntriesSheet(bytes: Uint8Array): Promise<SheetRow[]> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    return await collectRows(streamedRows(buffer));
  } catch (error) {
    if (error instanceof SheetError) throw error;
    return collectRows(wholeRows(buffer));
  }
}

type SheetRowSource = AsyncIterable<{ number: number; values: unknown[] }>;

async function* streamedRows(buffer: Buffer): SheetRowSource {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'emit',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) yield { number: row.number, values: row.values as unknown[] };
    return;
  }
  throw new SheetError(MSG_NO_SHEET);
}

async function* wholeRows(buffer: Buffer): SheetRowSource {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as never);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new SheetError(MSG_NO_SHEET);
  const rows: { number: number; values: unknown[] }[] = [];
  sheet.eachRow((row) => rows.push({ number: row.number, values: row.values as unknown[] }));
  yield* rows;
}

async function collectRows(source: SheetRowSource): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  let header: Map<number, EntryColumn> | null = null;
  let firstRows = 0;
  for await (const row of source) {
    const cells = row.values;
    if (!header) {
      firstRows++;
      const found = new Map<number, EntryColumn>();
      cells.forEach((raw, i) => {
        const text = cellValue(raw);
        const col = typeof text === 'string' ? columnOf(text) : undefined;
        if (col && ![...found.values()].includes(col)) found.set(i, col);
      });
      if (REQUIRED_COLUMNS.every((c) => [...found.values()].includes(c))) header = found;
      else if (firstRows >= 10) throw new SheetError(msgMissingColumns(REQUIRED_COLUMNS.filter((c) => ![...found.values()].includes(c))));
      continue;
    }
    const values = Object.fromEntries(ENTRY_COLUMNS.map((c) => [c, null])) as Record<EntryColumn, CellValue>;
    let empty = true;
    for (const [i, col] of header) {
      const v = cellValue(cells[i]);
      values[col] = v;
      if (v !== null) empty = false;
    }
    if (!empty) rows.push({ fila: row.number, values });
  }
  if (!header) throw new SheetError(firstRows ? msgMissingColumns([...REQUIRED_COLUMNS]) : MSG_NO_SHEET);
  return rows;
}
