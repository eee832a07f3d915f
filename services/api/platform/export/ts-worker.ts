import { Worker } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module of this project. The product runs its TypeScript
 * through tsx, whose loader hooks do not reach a worker's entry module on Node 20, so the worker
 * starts from a one-line script that loads the module through tsx's `tsImport` (the tsconfig path
 * aliases included). `workerData` is structured-cloned.
 */
export function startTsWorker(module: URL, workerData: unknown): Worker {
  const api = import.meta.resolve('tsx/esm/api');
  const script = `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(module.href)}))`;
  return new Worker(script, { eval: true, workerData });
}
