import type { GlobalReply } from '@api/traceability/traceability-contracts';
import { formatDate } from '@shared/time';
import { STATS_COLUMNS, statsRow } from './StatsTable';

/** The table behind the Gantt as an xlsx, built in the browser: 18 rows, so no server export is
 * needed (STYLE's rule about server exports is for full filtered lists). exceljs loads only when
 * the user exports. The range and the order count head the sheet; the bottleneck is marked. */
export async function exportStats(reply: GlobalReply, range: { date_from: string; date_to: string }): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Trazabilidad');
  sheet.addRow([...STATS_COLUMNS, 'Mayor demora']).font = { bold: true };
  for (const m of reply.items) sheet.addRow([...statsRow(m), m.id === reply.cuello ? 'Sí' : '']);
  for (let c = 4; c <= 8; c++) sheet.getColumn(c).numFmt = '#,##0.00';
  sheet.getColumn(2).width = 44;
  sheet.addRow([]);
  sheet.addRow(['', `Rango: ${formatDate(range.date_from)} – ${formatDate(range.date_to)}`]);
  sheet.addRow(['', `OTs: ${reply.conteo}`]);
  const buffer = await book.xlsx.writeBuffer();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  link.download = `trazabilidad-global_${range.date_from}_${range.date_to}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
