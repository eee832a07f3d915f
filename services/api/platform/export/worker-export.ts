import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { PassThrough, type Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { columnValue } from './formats';
import { startTsWorker } from './ts-worker';
import type { ExportRequest } from './types';

/** Main thread → worker: a batch of rows (each the values of the columns, in order), then the end. */
export type ToWorker = { type: 'rows'; rows: unknown[][] } | { type: 'end' };
/** Worker → main thread: a batch written, a piece of the file, the file complete. */
export type FromWorker = { type: 'ack' } | { type: 'chunk'; bytes: Uint8Array } | { type: 'done' };

/** Rows sent to the worker at a time, and batches that may wait there unwritten. */
const batchSize = 200;
const batchesAhead = 2;

/**
 * An export file written in a worker thread of its own (pdf-worker.ts, xlsx-worker.ts): laying
 * out pages or building a workbook costs tens of microseconds to a millisecond a row, which on the
 * main thread would stall every other request (docs/DECISIONS.md, "Exports off the event loop").
 * The main thread only reads the rows and hands them over in batches; it waits while two batches
 * are unwritten or while the client has not taken what is written, so the database is read only as
 * fast as the worker writes and the client downloads. A client that goes
 * away stops the query and the worker; a failure on either side aborts the download.
 */
export function workerExport(module: URL, workerData: unknown, request: ExportRequest, failure: string): Readable {
  const out = new PassThrough();
  const worker = startTsWorker(module, workerData);
  let unwritten = 0;
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
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'ack') {
      unwritten -= 1;
      wake?.();
    } else if (message.type === 'chunk') {
      if (!out.destroyed) out.write(message.bytes);
    } else {
      finished = true;
      out.end();
    }
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error(failure)));
  out.on('close', stop);
  out.on('drain', () => wake?.());

  const post = (message: ToWorker) => worker.postMessage(message);
  const feed = async () => {
    let batch: unknown[][] = [];
    for await (const record of request.rows) {
      if (out.destroyed) return;
      batch.push(request.columns.map((c) => columnValue(c, record)));
      if (batch.length < batchSize) continue;
      post({ type: 'rows', rows: batch });
      batch = [];
      unwritten += 1;
      // A client that reads slowly fills `out`: then the reading waits too.
      while ((unwritten >= batchesAhead || out.writableNeedDrain) && !out.destroyed) await new Promise<void>((resolve) => (wake = resolve));
    }
    if (out.destroyed) return;
    if (batch.length) post({ type: 'rows', rows: batch });
    post({ type: 'end' });
  };
  feed().catch(fail);
  return out;
}

/** The worker's side: its port, at background priority, with `send` and a sink that gathers the
 * file's bytes into pieces of about 64 KiB, each moved (not copied) to the main thread. */
export function exportWorkerPort() {
  const port = parentPort;
  if (!port) throw new Error('an export worker runs only as a worker thread');
  lowerPriority();
  const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
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
  return {
    port,
    send,
    /** A piece of the file. */
    write(chunk: Buffer) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= pieceSize) flush();
    },
    /** The file is complete. */
    end() {
      flush();
      send({ type: 'done' });
      port.close();
    },
  };
}

/**
 * Background priority for this thread: on Linux a thread has a nice value of its own, so the
 * export takes the cores only when requests do not need them. Elsewhere the thread keeps its
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
