import type { Readable } from 'node:stream';
import { DEFAULT_COIN } from '@shared/money';
import { formatDateTime } from '@shared/time';
import type { ReportHeading } from './pdf-layout';
import { workerExport } from './worker-export';
import type { ColumnKind, ExportRequest } from './types';

export { toWinAnsi } from '../../../shared/win-ansi';

/** What the worker is started with. */
export type PdfWorkerData = { heading: Omit<ReportHeading, 'kinds'>; kinds: ColumnKind[]; coin: string };
/**
 * The list as an A4 landscape report (pdf-layout.ts), laid out in a worker thread of its own
 * (worker-export.ts): measuring text and compressing pages take about a millisecond a row.
 */
export function pdfStream(request: ExportRequest, now: Date): Readable {
  const data: PdfWorkerData = {
    heading: { title: request.title, subtitle: `Generado el ${formatDateTime(now)}`, labels: request.columns.map((c) => c.label) },
    kinds: request.columns.map((c) => c.kind ?? 'text'),
    coin: request.coin ?? DEFAULT_COIN,
  };
  return workerExport(new URL('./pdf-worker.ts', import.meta.url), data, request, 'La exportación a PDF terminó antes de tiempo');
}
