import { workerData } from 'node:worker_threads';
import { formatCell } from './formats';
import { startReport } from './pdf-layout';
import type { PdfWorkerData } from './pdf';
import { exportWorkerPort, type ToWorker } from './worker-export';

// The worker thread of one PDF export (pdf.ts starts it): it lays out the rows the main thread
// sends, acknowledging each batch so the main thread reads the database only as fast as pages are
// drawn, and sends the file back in chunks once the document ends.

const { heading, kinds, coin } = workerData as PdfWorkerData;
const worker = exportWorkerPort();
const report = startReport({ ...heading, kinds });
report.doc.on('data', (chunk: Buffer) => worker.write(chunk));
report.doc.on('end', () => worker.end());

worker.port.on('message', (message: ToWorker) => {
  if (message.type === 'rows') {
    for (const values of message.rows) report.addRow(values.map((value, i) => formatCell(value, kinds[i], coin)));
    worker.send({ type: 'ack' });
  } else report.finish();
});
