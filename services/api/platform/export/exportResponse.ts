import { Readable } from 'node:stream';
import { contentDisposition } from './contentDisposition';
import { csvStream } from './csvStream';
import { exportContentType } from './exportContentType';
import { exportFileName } from './exportFileName';
import { htmlStream } from './htmlStream';
import { pdfStream } from './pdfStream';
import type { ExportRequest } from './types';
import { xlsxStream } from './xlsxStream';

/**
 * A list screen exported over its whole filtered set as a download. The body streams: rows are
 * pulled from the database only as the client reads, and a client that goes away stops the
 * query. A failure while streaming aborts the download (the body errors) and never the process;
 * by then the 200 has been sent, so the client sees a broken download, not a partial file.
 */
export function exportResponse(request: ExportRequest): Response {
  const now = request.now ?? new Date();
  const body = Readable.toWeb(bodyStream(request, now));
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
