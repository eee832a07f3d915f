import type { ExportColumn } from './types';

/** The raw value of a column in a row: its computed value when it has one, else row[key]. */
export function columnValue(column: ExportColumn, row: Record<string, unknown>): unknown {
  return column.value ? column.value(row) : row[column.key];
}
