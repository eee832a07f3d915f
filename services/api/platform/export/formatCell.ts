import { formatDate } from './formatDate';
import { formatDateTime } from './formatDateTime';
import { formatNumber } from './formatNumber';
import { toBool } from './toBool';
import { toNumeric } from './toNumeric';
import { toWallClock } from './toWallClock';
import type { ColumnKind } from './types';

/**
 * The text a value shows in csv, html and pdf (product spec):
 * dates `dd/MM/yyyy`, date-times `dd/MM/yyyy hh:mm a`, numbers `1,234.50`, money `S/ 1,234.50`
 * (coin, space, number), booleans `Sí`/`No`, null and undefined empty.
 * A value its column cannot read (a word in a money column) is shown as it came, never dropped.
 */
export function formatCell(value: unknown, kind: ColumnKind, coin: string): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'number':
    case 'money': {
      if (toNumeric(value) === undefined) return plainText(value);
      const number = typeof value === 'string' ? formatNumber(value) : formatNumber(typeof value === 'bigint' ? String(value) : Number(value));
      return kind === 'money' ? `${coin} ${number}` : number;
    }
    case 'date':
    case 'datetime': {
      const wall = toWallClock(value, kind);
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

function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (value instanceof Date) {
    const wall = toWallClock(value, 'datetime');
    return wall ? formatDateTime(wall) : '';
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
