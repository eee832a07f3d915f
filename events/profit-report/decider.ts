import type { GeneratorState } from '@shared/profitability-generator';
import { CommandRejected } from '../errors';

// A generated profitability report (issue 19): a row of rentabilidad_reportes, kept outside the
// log (an operational table, docs/ARCHITECTURE.md "Operational tables"): the API writes it
// 'pendiente' with its job, the worker moves it to 'generando' and then 'listo' (with its file) or
// 'error' (with its message). The rules of reading it are pure, as a decider's are.

export type ProfitReport = { estado: GeneratorState; archivo: string | null; mensaje: string | null };

export const MSG_REPORT_NOT_READY = 'El reporte aún se está generando';
export const MSG_REPORT_NOT_GENERATED = 'El reporte no se pudo generar';

/** The stored file of a report, which its author reads once it is drawn: a failed report refuses
 * with its message (409), one still being drawn refuses until it is done (409). */
export function reportFile(report: ProfitReport): string {
  if (report.estado === 'error') throw new CommandRejected(report.mensaje ?? MSG_REPORT_NOT_GENERATED, {}, 409);
  if (report.estado !== 'listo' || !report.archivo) throw new CommandRejected(MSG_REPORT_NOT_READY, {}, 409);
  return report.archivo;
}
