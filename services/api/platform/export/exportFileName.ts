import { formatDate } from './formatDate';
import type { ExportKind } from './types';
import { wallClockAt } from './wallClockAt';

/**
 * `marcas_2026-11-22.xlsx`: the base, today's date in the business time zone, the format.
 * Path separators, characters Windows forbids in names and control characters become `_`.
 */
export function exportFileName(fileBase: string, kind: ExportKind, now: Date): string {
  const base =
    fileBase
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
      .trim() || 'exportacion';
  const [day, month, year] = formatDate(wallClockAt(now)).split('/');
  return `${base}_${year}-${month}-${day}.${kind}`;
}
