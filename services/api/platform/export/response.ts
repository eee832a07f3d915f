import { Readable } from 'node:stream';
import { contentDisposition } from '@shared/text';
import { businessToday } from '@shared/time';
import { csvStream } from './csv';
import { htmlStream } from './html';
import { pdfStream } from './pdf';
import type { ExportKind, ExportRequest } from './types';
import { xlsxStream } from './xlsx';

/**
 * A list screen exported over its whole filtered set as a download. The body streams: rows are
 * pulled from the database only as the client reads, and a client that goes away stops the
 * query. A failure while streaming aborts the download (the body errors) and never the process;
 * by then the 200 has been sent, so the client sees a broken download, not a partial file.
 */
export function exportResponse(request: ExportRequest): Response {
  const now = request.now ?? new Date();
  let stream: Readable;
  try {
    stream = bodyStream(request, now);
  } catch (error) {
    request.onClose?.();
    throw error;
  }
  if (request.onClose) stream.once('close', request.onClose);
  const body = Readable.toWeb(stream);
  return new Response(body as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'content-type': exportContentType[request.kind],
      'content-disposition': contentDisposition(exportFileName(request.fileBase, request.kind, now)),
      'cache-control': 'no-store',
    },
  });
}

function bodyStream(request: ExportRequest, now: Date): Readable {
  switch (request.kind) {
    case 'xlsx':
      return xlsxStream(request);
    case 'csv':
      return csvStream(request);
    case 'html':
      return htmlStream(request, now);
    case 'pdf':
      return pdfStream(request, now);
    default:
      throw new Error(`Formato de exportación no soportado: ${String(request.kind satisfies never)}`);
  }
}

/** The media type each format is served with; text formats are UTF-8. */
const exportContentType: Record<ExportKind, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/**
 * `marcas_2026-11-22.xlsx`: the base, today's date in the business time zone, the format.
 * Path separators, characters Windows forbids in names and control characters become `_`.
 */
function exportFileName(fileBase: string, kind: ExportKind, now: Date): string {
  const base =
    fileBase
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      // eslint-disable-next-line no-control-regex -- control characters are what this strips from a file name
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
      .trim() || 'exportacion';
  return `${base}_${businessToday(now)}.${kind}`;
}
