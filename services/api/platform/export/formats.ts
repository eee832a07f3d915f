import { formatNumber, toNumber } from '@shared/money';
import { formatDate, formatDateTime, wallClockOf } from '@shared/time';
import type { ColumnKind, ExportColumn } from './types';

/**
 * The text a value shows in csv, html and pdf (product spec):
 * dates and date-times as shared/time.ts writes them (formatDate, formatDateTime), integers `2016` (ids, years, states and
 * counts: no decimals, no thousands separator), decimals `1,234.50`, money `S/ 1,234.50` (coin,
 * space, number), booleans `Sí`/`No`, null and undefined empty.
 * A value its column cannot read (a word in a money column) is shown as it came, never dropped.
 */
export function formatCell(value: unknown, kind: ColumnKind, coin: string): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'integer':
      return toNumber(value) === null ? plainText(value) : formatInteger(value);
    case 'decimal':
    case 'money': {
      if (toNumber(value) === null) return plainText(value);
      const number = formatNumber(value);
      return kind === 'money' ? `${coin} ${number}` : number;
    }
    case 'date':
    case 'datetime': {
      const wall = wallClockOf(value, kind);
      if (!wall) return plainText(value);
      return kind === 'date' ? formatDate(wall) : formatDateTime(wall);
    }
    case 'bool': {
      const flag = toBool(value);
      return flag === undefined ? plainText(value) : flag ? 'Sí' : 'No';
    }
    case 'text':
      return plainText(value);
  }
}

/** `2016`, `32`, `-3`: the whole number, rounded half away from zero when it has decimals; digits
 * of numeric text are kept as written. */
export function formatInteger(value: unknown): string {
  const text = typeof value === 'string' ? value.trim().replace(/^\+/, '') : typeof value === 'bigint' ? String(value) : '';
  if (/^-?\d+$/.test(text)) return text.replace(/^(-?)0+(?=\d)/, '$1');
  const n = toNumber(value) ?? 0;
  const rounded = Math.sign(n) * Math.round(Math.abs(n));
  return rounded === 0 ? '0' : String(rounded);
}

function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The raw value of a column in a row: its computed value when it has one, else row[key]. */
export function columnValue(column: ExportColumn, row: Record<string, unknown>): unknown {
  return column.value ? column.value(row) : row[column.key];
}

const truthy = new Set(['true', 't', '1', 'si', 'sí', 'yes', 'y']);
const falsy = new Set(['false', 'f', '0', 'no', 'n']);

/** A boolean, 1/0 or a yes/no word (postgres text 't'/'f' included); anything else is undefined. */
function toBool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (truthy.has(word)) return true;
  if (falsy.has(word)) return false;
  return undefined;
}

const chunkSize = 16 * 1024;

/** UTF-8 chunks of about 16 KiB from many small strings: few writes, and still one page at a time. */
export async function* bufferedText(parts: AsyncIterable<string>): AsyncGenerator<Buffer> {
  let pending = '';
  for await (const part of parts) {
    pending += part;
    if (pending.length >= chunkSize) {
      yield Buffer.from(pending, 'utf8');
      pending = '';
    }
  }
  if (pending) yield Buffer.from(pending, 'utf8');
}
