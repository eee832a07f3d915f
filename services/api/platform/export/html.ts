import { Readable } from 'node:stream';
import { DEFAULT_COIN } from '@shared/money';
import { formatDateTime } from '@shared/time';
import { bufferedText, columnValue, formatCell } from './formats';
import type { ColumnKind, ExportRequest } from './types';

const style = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#111827;margin:24px}
h1{font-size:20px;margin:0 0 4px}
.generado{color:#6b7280;font-size:12px;margin:0 0 16px}
table{border-collapse:collapse;width:100%;font-size:12px}
th,td{border:1px solid #d1d5db;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f3f4f6;font-weight:600}
td.num{text-align:right;white-space:nowrap}
td.fecha,td.bool{white-space:nowrap}
td.bool{text-align:center}
td.vacio{color:#6b7280;text-align:center}
tbody tr:nth-child(even){background:#f9fafb}
@page{size:A4 landscape;margin:12mm}
@media print{body{margin:0}thead{display:table-header-group}tr{break-inside:avoid}th,tbody tr{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
`;

const cellClass: Record<ColumnKind, string> = { text: '', integer: ' class="num"', decimal: ' class="num"', money: ' class="num"', date: ' class="fecha"', datetime: ' class="fecha"', bool: ' class="bool"' };

/** A standalone, printable Spanish page with the list as one table; every value is escaped. */
export function htmlStream(request: ExportRequest, now: Date): Readable {
  return Readable.from(bufferedText(htmlParts(request, now)), { objectMode: false });
}

async function* htmlParts({ title, columns, rows, coin = DEFAULT_COIN }: ExportRequest, now: Date): AsyncGenerator<string> {
  const heading = escapeHtml(title);
  yield `<!doctype html>\n<html lang="es">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${heading}</title>\n<style>${style}</style>\n</head>\n<body>\n<h1>${heading}</h1>\n`;
  yield `<p class="generado">Generado el ${formatDateTime(now)}</p>\n`;
  yield `<table>\n<thead><tr>${columns.map((c) => `<th>${escapeHtml(c.label)}</th>`).join('')}</tr></thead>\n<tbody>\n`;
  let count = 0;
  for await (const row of rows) {
    count += 1;
    const cells = columns.map((c) => {
      const kind = c.kind ?? 'text';
      return `<td${cellClass[kind]}>${escapeHtml(formatCell(columnValue(c, row), kind, coin))}</td>`;
    });
    yield `<tr>${cells.join('')}</tr>\n`;
  }
  if (count === 0) yield `<tr><td class="vacio" colspan="${Math.max(columns.length, 1)}">Sin registros</td></tr>\n`;
  yield '</tbody>\n</table>\n</body>\n</html>\n';
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text placed in HTML, in element content or a quoted attribute, is never markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]);
}
