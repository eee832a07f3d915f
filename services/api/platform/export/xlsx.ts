import type { Readable, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { DEFAULT_COIN, toNumber } from '@shared/money';
import { EXCEL_DATE_FORMAT, wallClockOf } from '@shared/time';
import { formatCell, formatInteger } from './formats';
import { workerExport } from './worker-export';
import type { ColumnKind, ExportRequest } from './types';

type XlsxValue = string | number | Date | null;

/** Narrowest a column may be, so that formatted numbers and dates never show as ####. */
const minWidth: Record<ColumnKind, number> = { text: 10, integer: 8, decimal: 12, money: 14, date: 11, datetime: 20, bool: 10 };

/** What the worker is started with. */
export type XlsxWorkerData = { title: string; labels: string[]; kinds: ColumnKind[]; coin: string };

/**
 * A one-sheet workbook that keeps native types: integers, decimals and money are numbers (integers
 * shown without separator, decimals with two places, money with the coin and two places), dates and date-times are Excel dates on the business time zone's clock, booleans
 * 'Sí'/'No', the rest text. Bold frozen header, widths from the labels. Built in a worker thread
 * (xlsx-worker.ts, worker-export.ts): exceljs spends tens of microseconds a row building XML, which
 * on the main thread stalled other requests for tens of milliseconds at a time. The database is
 * read only as fast as the worker writes, so memory stays flat however many rows there are.
 */
export function xlsxStream(request: ExportRequest): Readable {
  const data: XlsxWorkerData = {
    title: request.title,
    labels: request.columns.map((c) => c.label),
    kinds: request.columns.map((c) => c.kind ?? 'text'),
    coin: request.coin ?? DEFAULT_COIN,
  };
  return workerExport(new URL('./xlsx-worker.ts', import.meta.url), data, request, 'La exportación a Excel terminó antes de tiempo');
}

/** Writes the workbook of `rows` (each the values of the columns, in order) to `out`. */
export async function writeWorkbook({ title, labels, kinds, coin }: XlsxWorkerData, rows: AsyncIterable<unknown[]>, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Faena';
  const sheet = workbook.addWorksheet(xlsxSheetName(title), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  sheet.columns = labels.map((label, i) => ({ key: String(i), width: Math.max(minWidth[kinds[i]], label.length + 2) }));

  const header = sheet.addRow(labels);
  header.font = { bold: true };
  header.commit();

  const formats = kinds.map((kind) => numFmt(kind, coin));
  let written = 0;
  for await (const values of rows) {
    if (out.destroyed) break;
    const row = sheet.addRow(values.map((value, i) => cellValue(value, kinds[i], coin)));
    formats.forEach((format, i) => {
      if (format) row.getCell(i + 1).numFmt = format;
    });
    row.commit();
    written += 1;
    // exceljs takes rows without backpressure and compresses them asynchronously; a pause every
    // hundred rows lets its output reach `out`.
    if (written % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    await whenDrained(out);
  }
  if (out.destroyed) return;
  sheet.commit();
  await workbook.commit();
}

function cellValue(value: unknown, kind: ColumnKind, coin: string): XlsxValue {
  if (value === null || value === undefined) return null;
  if (kind === 'integer' || kind === 'decimal' || kind === 'money') {
    const n = toNumber(value);
    if (n !== null) return kind === 'integer' ? Number(formatInteger(value)) : n;
  }
  if (kind === 'date' || kind === 'datetime') {
    const w = wallClockOf(value, kind);
    // Excel dates have no zone: the clock reading is stored as if it were UTC.
    if (w) return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond));
  }
  const text = formatCell(value, kind, coin);
  return text === '' ? null : text;
}

function numFmt(kind: ColumnKind, coin: string): string | undefined {
  switch (kind) {
    case 'integer':
      return '0';
    case 'decimal':
      return '#,##0.00';
    case 'money':
      return `"${coin.replace(/"/g, '')} "#,##0.00`;
    case 'date':
    case 'datetime':
      return EXCEL_DATE_FORMAT[kind];
    default:
      return undefined;
  }
}

/** Excel's sheet-name rules: 31 characters at most, none of \ / ? * [ ] :, no apostrophe at either end, never empty. */
function xlsxSheetName(title: string): string {
  const name = title
    // eslint-disable-next-line no-control-regex -- control characters are not allowed in a sheet name
    .replace(/[\\/?*[\]:\u0000-\u001f]/g, ' ')
    .trim()
    .slice(0, 31)
    .replace(/[\uD800-\uDBFF]$/, '')
    .replace(/^'+|'+$/g, '')
    .trim();
  return name || 'Hoja1';
}

/** Resolves once a writable has room again (or is gone), so a slow client slows the producer. */
function whenDrained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
