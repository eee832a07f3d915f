import { PassThrough } from 'node:stream';
import { workerData } from 'node:worker_threads';
import { writeWorkbook, type XlsxWorkerData } from './xlsx';
import { exportWorkerPort, type ToWorker } from './worker-export';

// The worker thread of one Excel export (xlsx.ts starts it): it writes the rows the main thread
// sends into the workbook, acknowledging each batch once written, and sends the file back in
// chunks as exceljs produces it.

const worker = exportWorkerPort();
const out = new PassThrough();
out.on('data', (chunk: Buffer) => worker.write(chunk));
out.on('end', () => worker.end());

const batches: unknown[][][] = [];
let ended = false;
let wake: (() => void) | undefined;
worker.port.on('message', (message: ToWorker) => {
  if (message.type === 'rows') batches.push(message.rows);
  else ended = true;
  wake?.();
});

async function* rows(): AsyncIterable<unknown[]> {
  for (;;) {
    const batch = batches.shift();
    if (!batch) {
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      continue;
    }
    yield* batch;
    worker.send({ type: 'ack' });
  }
}

writeWorkbook(workerData as XlsxWorkerData, rows(), out).catch((error: unknown) => {
  // Thrown outside the promise, the error reaches the main thread as the worker's 'error'.
  setImmediate(() => {
    throw error;
  });
});
