import { Readable } from 'node:stream';
import { DEFAULT_COIN } from '@shared/money';
import { bufferedText, columnValue, formatCell } from './formats';
import type { ExportRequest } from './types';

/**
 * CSV as Excel opens it with accents intact: UTF-8 with a BOM, comma separator, RFC 4180
 * quoting, CRLF line ends, values formatted as on screen. Text columns are guarded against
 * formula injection.
 */
export function csvStream(request: ExportRequest): Readable {
  return Readable.from(bufferedText(csvLines(request)), { objectMode: false });
}

async function* csvLines({ columns, rows, coin = DEFAULT_COIN }: ExportRequest): AsyncGenerator<string> {
  yield `\uFEFF${columns.map((c) => csvField(c.label)).join(',')}\r\n`;
  for await (const row of rows) {
    const fields = columns.map((c) => {
      const kind = c.kind ?? 'text';
      return csvField(formatCell(columnValue(c, row), kind, coin), kind === 'text');
    });
    yield `${fields.join(',')}\r\n`;
  }
}

/**
 * One RFC 4180 field: quoted when it holds a quote, comma, CR or LF, quotes doubled inside.
 * Text that a spreadsheet would run as a formula (starting with = + - @ tab or CR) is prefixed
 * with an apostrophe when `guardFormula` is set (OWASP CSV injection); numbers are not guarded.
 */
function csvField(text: string, guardFormula = false): string {
  const safe = guardFormula && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
