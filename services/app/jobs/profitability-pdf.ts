import { join } from 'node:path';

/** The profitability generator's job (issue 19): the API queues it with the report row, the worker
 * draws the PDF and stores it under `reportsDir`. */
export const PROFIT_PDF_QUEUE = 'rentabilidad-pdf';
export const PROFIT_PDF_QUEUE_OPTIONS: [string, { retryLimit: number; expireInSeconds: number }][] = [[PROFIT_PDF_QUEUE, { retryLimit: 1, expireInSeconds: 600 }]];
export const MSG_REPORT_FAILED = 'No se pudo generar el reporte. Inténtelo de nuevo.';

export const reportsDir = (dataDir: string) => join(dataDir, 'reportes');
