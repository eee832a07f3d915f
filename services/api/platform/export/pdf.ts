import { PassThrough, type Readable } from 'node:stream';
import { DEFAULT_COIN } from '@shared/money';
import { formatDateTime } from '@shared/time';
import { columnValue } from './formats';
import type { ReportHeading } from './pdf-layout';
import { startTsWorker } from './ts-worker';
import type { ColumnKind, ExportRequest } from './types';

export { toWinAnsi } from './pdf-layout';

/** What the worker is started with. */
export type PdfWorkerData = { heading: Omit<ReportHeading, 'kinds'>; kinds: ColumnKind[]; coin: string };
/** Main thread → worker: a batch of rows (each the values of the columns, in order), then the end. */
export type PdfToWorker = { type: 'rows'; rows: unknown[][] } | { type: 'end' };
/** Worker → main thread: a batch drawn, a piece of the file, the file complete. */
export type PdfFromWorker = { type: 'ack' } | { type: 'chunk'; bytes: Uint8Array } | { type: 'done' };

/** Rows sent to the worker at a time, and batches that may wait there undrawn. */
const batchSize = 200;
const batchesAhead = 2;

/**
 * The list as an A4 landscape report (pdf-layout.ts), laid out in a worker thread of its own:
 * measuring text and compressing pages take about a millisecond a row, which on the main thread
 * would stall every other request for seconds (docs/DECISIONS.md, "Exports off the event loop").
 * The main thread only reads the rows and hands them over in batches; it waits while two batches
 * are undrawn, so the database is read only as fast as the worker lays out. A client that goes
 * away stops the query and the worker; a failure on either side aborts the download.
 */
export function pdfStream(request: ExportRequest, now: Date): Readable {
  const out = new PassThrough();
  const kinds = request.columns.map((c) => c.kind ?? 'text');
  const data: PdfWorkerData = {
    heading: { title: request.title, subtitle: `Generado el ${formatDateTime(now)}`, labels: request.columns.map((c) => c.label) },
    kinds,
    coin: request.coin ?? DEFAULT_COIN,
  };
  const worker = startTsWorker(new URL('./pdf-worker.ts', import.meta.url), data);
  let undrawn = 0;
  let wake: (() => void) | undefined;
  let finished = false;
  const stop = () => {
    wake?.();
    void worker.terminate();
  };
  const fail = (error: unknown) => {
    if (finished) return;
    finished = true;
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    stop();
  };
  worker.on('message', (message: PdfFromWorker) => {
    if (message.type === 'ack') {
      undrawn -= 1;
      wake?.();
    } else if (message.type === 'chunk') {
      if (!out.destroyed) out.write(message.bytes);
    } else {
      finished = true;
      out.end();
    }
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('La exportación a PDF terminó antes de tiempo')));
  out.on('close', stop);

  const post = (message: PdfToWorker) => worker.postMessage(message);
  const feed = async () => {
    let batch: unknown[][] = [];
    for await (const record of request.rows) {
      if (out.destroyed) return;
      batch.push(request.columns.map((c) => columnValue(c, record)));
      if (batch.length < batchSize) continue;
      post({ type: 'rows', rows: batch });
      batch = [];
      undrawn += 1;
      while (undrawn >= batchesAhead && !out.destroyed) await new Promise<void>((resolve) => (wake = resolve));
    }
    if (out.destroyed) return;
    if (batch.length) post({ type: 'rows', rows: batch });
    post({ type: 'end' });
  };
  feed().catch(fail);
  return out;
}
