import { Readable } from 'node:stream';
import { bufferedText } from './bufferedText';
import { columnValue } from './columnValue';
import { csvField } from './csvField';
import { defaultCoin } from './defaultCoin';
import { formatCell } from './formatCell';
import type { ExportRequest } from './types';

/**
 * CSV as Excel opens it with accents intact: UTF-8 with a BOM, comma separator, RFC 4180
 * quoting, CRLF line ends, values formatted as on screen. Text columns are guarded against
 * formula injection.
 */
export function csvStream(request: ExportRequest): Readable {
  return Readable.from(bufferedText(csvLines(request)), { objectMode: false });
}

async function* csvLines({ columns, rows, coin = defaultCoin }: ExportRequest): AsyncGenerator<string> {
  yield `\uFEFF${columns.map((c) => csvField(c.label)).join(',')}\r\n`;
  for await (const row of rows) {
    const fields = columns.map((c) => {
      const kind = c.kind ?? 'text';
      return csvField(formatCell(columnValue(c, row), kind, coin), kind === 'text');
    });
    yield `${fields.join(',')}\r\n`;
  }
}
