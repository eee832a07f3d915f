import PDFDocument from 'pdfkit';
import { formatNumber } from '../../../shared/money';
import { PROFIT_COLUMNS, MONEY_KEYS, HOUR_KEYS, type TabRow } from '../../../shared/profitability';
import { formatAmountUp, formatPercent } from '../../../shared/report-format';
import { formatDate, formatDateTime } from '../../../shared/time';
import { toWinAnsi } from '../../shared/win-ansi';
import { monthLabel, type GeneratorSectionData, type GeneratorTable } from './generator-data';

// The generated profitability report (issue 19): an A4 landscape PDF with a cover (title, months,
// who and when, the contents), then each chosen section in the chosen order with each chosen
// tab's table and its TOTAL row, as the report screen shows them: amounts 'S/ 1,234.57' rounded
// up, percentages with 2 decimals, dates dd/MM/yyyy, 'Página N de M' on every page.

type Doc = PDFKit.PDFDocument;

const margin = 36;
const font = 'Helvetica';
const bold = 'Helvetica-Bold';
const size = 7.5;
const rowHeight = 14;
const headerHeight = 34;
const pad = 3;

export type ReportCover = { usuario: string; meses: string[]; generado: Date };
/** Called after each table is drawn: tables done of all, pages so far. */
export type OnProgress = (done: number, total: number, pages: number) => Promise<void> | void;

const MONEY = new Set<string>([...MONEY_KEYS, ...HOUR_KEYS]);

/** A cell as the report screen shows it. */
export function cellText(key: string, value: unknown): string {
  if (value === null || value === undefined) return key === 'porcentaje_rentabilidad' ? formatPercent(null) : MONEY.has(key) ? formatAmountUp(0, 'S/') : '';
  if (typeof value === 'string') return value;
  if (key === 'porcentaje_rentabilidad') return formatPercent(value);
  if (key === 'cantidad_equipos') return formatNumber(value, 0);
  if (key === 'horas_calculadas') return formatNumber(value, 2);
  if (MONEY.has(key)) return formatAmountUp(value, 'S/');
  return String(value);
}

const w = (s: string) => toWinAnsi(s);

function footerSpace(doc: Doc) {
  return doc.page.height - margin - 14;
}

function cover(doc: Doc, c: ReportCover, sections: GeneratorSectionData[]) {
  doc.font(bold).fontSize(22).fillColor('#0f766e').text(w('Reporte de rentabilidad'), margin, 120, { align: 'center', width: doc.page.width - 2 * margin });
  doc.moveDown(0.8).font(font).fontSize(12).fillColor('#111827');
  const months = [...c.meses].sort();
  const periodo = months.length === 1 ? monthLabel(months[0]) : `${monthLabel(months[0])} a ${monthLabel(months[months.length - 1])}`;
  doc.text(w(`Período: ${periodo} (${months.length} ${months.length === 1 ? 'mes' : 'meses'})`), { align: 'center' });
  if (months.length > 1) doc.fontSize(9).fillColor('#374151').text(w(`Meses: ${months.map(monthLabel).join(', ')}`), { align: 'center' });
  doc.fontSize(10).fillColor('#374151').text(w(`Generado el ${formatDateTime(c.generado)} por ${c.usuario}`), { align: 'center' });
  doc.moveDown(2).font(bold).fontSize(12).fillColor('#111827').text(w('Contenido'), margin + 160);
  doc.font(font).fontSize(10);
  sections.forEach((s, i) => {
    doc.moveDown(0.3).text(w(`${i + 1}. ${s.nombre}: ${s.tables.map((t) => t.nombre).join(', ')}`), margin + 160, undefined, { width: doc.page.width - 2 * margin - 320 });
  });
  doc.moveDown(1.5).fontSize(8).fillColor('#6b7280')
    .text(w('Montos en soles redondeados hacia arriba a 2 decimales; porcentajes con 2 decimales (0.00% sin facturación). Fórmulas: costo = MP + MC + MCD + seguro + amortización + gastos generales; rentabilidad = monto facturado - costo.'), margin + 160, undefined, { width: doc.page.width - 2 * margin - 320 });
}

type Layout = { x: number[]; width: number[] };

function layoutOf(doc: Doc, columns: string[]): Layout {
  const available = doc.page.width - 2 * margin;
  const wanted = columns.map((c, i) => (i === 0 ? 2.2 : c === 'cantidad_equipos' ? 0.8 : c === 'horas_calculadas' ? 1 : 1.1));
  const total = wanted.reduce((a, b) => a + b, 0);
  const width = wanted.map((x) => (x / total) * available);
  const x: number[] = [];
  width.reduce((left, wd) => (x.push(left), left + wd), margin);
  return { x, width };
}

function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let t = text;
  while (t.length > 1 && doc.widthOfString(`${t}…`) > width) t = t.slice(0, -1);
  return `${t.trimEnd()}…`;
}

function tableHeader(doc: Doc, table: GeneratorTable, l: Layout, y: number): number {
  doc.rect(margin, y, doc.page.width - 2 * margin, headerHeight).fill('#e5e7eb');
  doc.font(bold).fontSize(size).fillColor('#111827');
  table.columns.forEach((c, i) => {
    const label = w(PROFIT_COLUMNS[c]?.label ?? c);
    doc.text(label, l.x[i] + pad, y + 4, { width: l.width[i] - 2 * pad, height: headerHeight - 6, align: i === 0 ? 'left' : 'right', ellipsis: true });
  });
  return y + headerHeight;
}

function tableRow(doc: Doc, table: GeneratorTable, l: Layout, row: TabRow, y: number, shade: boolean, isTotal: boolean) {
  const width = doc.page.width - 2 * margin;
  if (isTotal) doc.rect(margin, y, width, rowHeight).fill('#d1fae5');
  else if (shade) doc.rect(margin, y, width, rowHeight).fill('#f9fafb');
  doc.moveTo(margin, y + rowHeight).lineTo(margin + width, y + rowHeight).lineWidth(0.5).stroke('#e5e7eb');
  doc.font(isTotal ? bold : font).fontSize(size);
  table.columns.forEach((c, i) => {
    const text = w(i === 0 ? String(row.nombre) : cellText(c, row[c]));
    const value = i === 0 ? null : row[c];
    const negative = typeof value === 'number' && value < 0 && (c === 'rentabilidad_total' || c === 'porcentaje_rentabilidad' || c === 'costo_rentabilidad_hora');
    doc.fillColor(negative ? '#b91c1c' : '#111827');
    const inner = l.width[i] - 2 * pad;
    const shown = fit(doc, text, inner);
    const offset = i === 0 ? 0 : inner - doc.widthOfString(shown);
    doc.text(shown, l.x[i] + pad + offset, y + (rowHeight - size) / 2, { lineBreak: false });
  });
}

function sectionTitle(doc: Doc, index: number, s: GeneratorSectionData, table: GeneratorTable, cont: boolean): number {
  doc.font(bold).fontSize(13).fillColor('#0f766e').text(w(`${index + 1}. ${s.nombre}`), margin, margin, { lineBreak: false });
  doc.font(bold).fontSize(10).fillColor('#111827').text(w(`${table.nombre}${cont ? ' (continuación)' : ''}`), margin, margin + 18, { lineBreak: false });
  doc.font(font).fontSize(8).fillColor('#6b7280');
  const filtros = s.filtros.length ? s.filtros.join(' · ') : 'Sin filtros';
  doc.text(w(fit(doc, `Filtros: ${filtros}`, doc.page.width - 2 * margin)), margin, margin + 32, { lineBreak: false });
  return margin + 46;
}

/** The whole report as PDF bytes and its page count; `onProgress` after each table. */
export async function writeProfitPdf(c: ReportCover, sections: GeneratorSectionData[], onProgress: OnProgress = () => {}): Promise<{ pdf: Buffer; pages: number }> {
  const doc: Doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin, bufferPages: true, info: { Title: 'Reporte de rentabilidad', Creator: 'Faena' } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  cover(doc, c, sections);
  const total = sections.reduce((n, s) => n + s.tables.length, 0);
  let done = 0;
  for (const [i, s] of sections.entries()) {
    for (const table of s.tables) {
      doc.addPage();
      const l = layoutOf(doc, table.columns);
      let y = tableHeader(doc, table, l, sectionTitle(doc, i, s, table, false));
      const rows = [...table.rows.map((r) => ({ r, total: false })), { r: table.total, total: true }];
      if (table.rows.length === 0) {
        doc.font(font).fontSize(9).fillColor('#6b7280').text(w('No hay información para este rango de fechas'), margin + pad, y + 4, { lineBreak: false });
        y += rowHeight + 4;
      }
      rows.forEach(({ r, total: isTotal }, k) => {
        if (y + rowHeight > footerSpace(doc)) {
          doc.addPage();
          y = tableHeader(doc, table, l, sectionTitle(doc, i, s, table, true));
        }
        tableRow(doc, table, l, r, y, k % 2 === 1, isTotal);
        y += rowHeight;
      });
      done += 1;
      await onProgress(done, total, doc.bufferedPageRange().count);
    }
  }
  const { start, count } = doc.bufferedPageRange();
  for (let p = start; p < start + count; p++) {
    doc.switchToPage(p);
    doc.font(font).fontSize(8).fillColor('#6b7280');
    const label = `Página ${p - start + 1} de ${count}`;
    doc.text(label, (doc.page.width - doc.widthOfString(label)) / 2, doc.page.height - margin + 4, { lineBreak: false });
    doc.text(w(`Reporte de rentabilidad · ${formatDate(c.generado)}`), margin, doc.page.height - margin + 4, { lineBreak: false });
  }
  doc.end();
  await ended;
  return { pdf: Buffer.concat(chunks), pages: count };
}
