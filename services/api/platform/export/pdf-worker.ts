import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { formatCell } from './formats';
import { startReport } from './pdf-layout';
import type { PdfFromWorker, PdfToWorker, PdfWorkerData } from './pdf';

// The worker thread of one PDF export (pdf.ts starts it): it lays out the rows the main thread
// sends, acknowledging each batch so the main thread reads the database only as fast as pages are
// drawn, and sends the file back in chunks once the document ends.

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs only as a worker thread');
const { heading, kinds, coin } = workerData as PdfWorkerData;
lowerPriority();
const report = startReport({ ...heading, kinds });
const send = (message: PdfFromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

// pdfkit writes every object as a chunk of its own: they go back gathered into pieces of about
// 64 KiB, each a buffer of its own that is moved, not copied, to the main thread.
const pieceSize = 64 * 1024;
let pending: Buffer[] = [];
let pendingBytes = 0;
const flush = () => {
  if (!pendingBytes) return;
  const bytes = new Uint8Array(pendingBytes);
  let at = 0;
  for (const chunk of pending) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  pending = [];
  pendingBytes = 0;
  send({ type: 'chunk', bytes }, [bytes.buffer]);
};
report.doc.on('data', (chunk: Buffer) => {
  pending.push(chunk);
  pendingBytes += chunk.length;
  if (pendingBytes >= pieceSize) flush();
});
report.doc.on('end', () => {
  flush();
  send({ type: 'done' });
  port.close();
});

port.on('message', (message: PdfToWorker) => {
  if (message.type === 'rows') {
    for (const values of message.rows) report.addRow(values.map((value, i) => formatCell(value, kinds[i], coin)));
    send({ type: 'ack' });
  } else report.finish();
});

/**
 * Background priority for this thread: on Linux a thread has a nice value of its own, so the
 * layout takes the cores only when requests do not need them. Elsewhere the thread keeps its
 * priority (there the worker alone keeps the event loop free).
 */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 15);
  } catch {
    // not Linux, or not allowed: keep the priority
  }
}
