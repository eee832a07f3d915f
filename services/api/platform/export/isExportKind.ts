import type { ExportKind } from './types';

const kinds: readonly string[] = ['xlsx', 'pdf', 'csv', 'html'] satisfies ExportKind[];

/** Guards the `formato` a client asks for before it reaches exportResponse. */
export function isExportKind(value: unknown): value is ExportKind {
  return typeof value === 'string' && kinds.includes(value);
}
