import PDFDocument from 'pdfkit';
import { toWinAnsi } from '../../../shared/win-ansi';
import type { ColumnKind } from './types';

// The layout of a list exported to PDF, run inside the export's worker thread (pdf-worker.ts):
// pdfkit's text measuring and page compression are the CPU-heavy part of an export.

type Doc = PDFKit.PDFDocument;
type Layout = { x: number[]; width: number[]; align: Align[]; labels: string[] };
type Align = 'left' | 'right' | 'center';

const margin = 36;
const cellPadding = 4;
const fontSize = 8;
const rowHeight = 15;
const headerHeight = 18;
const regular = 'Helvetica';
const bold = 'Helvetica-Bold';

/** Width a column of each kind asks for before the page is shared out: figures and dates are narrower than text. */
const kindWidth: Record<ColumnKind, number> = { text: 130, integer: 40, decimal: 60, money: 72, date: 56, datetime: 92, bool: 34 };
const kindAlign: Record<ColumnKind, Align> = { text: 'left', integer: 'right', decimal: 'right', money: 'right', date: 'left', datetime: 'left', bool: 'center' };

export type ReportHeading = {
  /** Shown at the top of every page. */
  title: string;
  /** 'Generado el …', under the title. */
  subtitle: string;
  labels: string[];
  kinds: ColumnKind[];
};

/** A report being written: rows are drawn as they come, `finish` numbers the pages and ends the document. */
export type Report = { doc: Doc; addRow(texts: string[]): void; finish(): void };

/**
 * An A4 landscape report: on every page the title, the generation date and the table header,
 * then as many rows as fit, one line each, cut with an ellipsis to their column; `Página N de M`
 * at the foot. Columns share the page width in proportion to what their kind and label need.
 * Pages are kept until the end so the page count is known; the PDF comes out when complete.
 * Texts are shown through toWinAnsi.
 */
export function startReport(heading: ReportHeading): Report {
  const title = toWinAnsi(heading.title);
  const doc: Doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin,
    bufferPages: true,
    info: { Title: heading.title, Creator: 'Faena' },
  });
  const layout = tableLayout(doc, heading.labels.map(toWinAnsi), heading.kinds);
  const bottom = doc.page.height - margin - 12;
  let y = pageTop(doc, title, heading.subtitle, layout);
  let count = 0;
  return {
    doc,
    addRow(texts) {
      if (y + rowHeight > bottom) {
        compactPage(doc.page);
        doc.addPage();
        y = pageTop(doc, title, heading.subtitle, layout);
      }
      drawRow(doc, layout, texts.map(toWinAnsi), y, count % 2 === 1);
      y += rowHeight;
      count += 1;
    },
    finish() {
      if (count === 0) {
        doc.font(regular).fontSize(fontSize).fillColor('#6b7280');
        doc.text('Sin registros', margin + cellPadding, y + (rowHeight - fontSize) / 2, { lineBreak: false });
      }
      numberPages(doc);
      doc.end();
    },
  };
}

function tableLayout(doc: Doc, labels: string[], kinds: ColumnKind[]): Layout {
  doc.font(bold).fontSize(fontSize);
  const wanted = labels.map((label, i) => Math.max(kindWidth[kinds[i]], doc.widthOfString(label) + 2 * cellPadding));
  const available = doc.page.width - 2 * margin;
  const total = wanted.reduce((sum, w) => sum + w, 0) || 1;
  const width = wanted.map((w) => (w / total) * available);
  const x: number[] = [];
  width.reduce((left, w) => (x.push(left), left + w), margin);
  return { x, width, align: kinds.map((k) => kindAlign[k]), labels };
}

function pageTop(doc: Doc, title: string, subtitle: string, layout: Layout): number {
  doc.font(bold).fontSize(14).fillColor('#111827');
  doc.text(fitText(doc, title, doc.page.width - 2 * margin)[0], margin, margin, { lineBreak: false });
  doc.font(regular).fontSize(fontSize).fillColor('#6b7280');
  doc.text(subtitle, margin, margin + 20, { lineBreak: false });

  const y = margin + 36;
  doc.rect(margin, y, doc.page.width - 2 * margin, headerHeight).fill('#e5e7eb');
  doc.font(bold).fontSize(fontSize).fillColor('#111827');
  layout.labels.forEach((label, i) => cellText(doc, label, layout, i, y, headerHeight));
  return y + headerHeight;
}

function drawRow(doc: Doc, layout: Layout, texts: string[], y: number, shaded: boolean): void {
  const width = doc.page.width - 2 * margin;
  if (shaded) doc.rect(margin, y, width, rowHeight).fill('#f9fafb');
  doc.moveTo(margin, y + rowHeight).lineTo(margin + width, y + rowHeight).lineWidth(0.5).stroke('#e5e7eb');
  doc.font(regular).fontSize(fontSize).fillColor('#111827');
  texts.forEach((text, i) => cellText(doc, text, layout, i, y, rowHeight));
}

function cellText(doc: Doc, text: string, layout: Layout, i: number, y: number, height: number): void {
  if (!text) return;
  const inner = layout.width[i] - 2 * cellPadding;
  const [shown, width] = fitText(doc, text, inner);
  if (!shown) return;
  const offset = layout.align[i] === 'right' ? inner - width : layout.align[i] === 'center' ? (inner - width) / 2 : 0;
  // No width option: pdfkit then never wraps nor opens a page on its own.
  doc.text(shown, layout.x[i] + cellPadding + offset, y + (height - fontSize) / 2, { lineBreak: false });
}

/** The text, or its longest start that fits the width with '…' after it; with the width it takes. */
function fitText(doc: Doc, text: string, width: number): [string, number] {
  const full = doc.widthOfString(text);
  if (full <= width) return [text, full];
  let low = 0;
  let lowWidth = 0;
  let high = text.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const w = doc.widthOfString(`${text.slice(0, mid).trimEnd()}…`);
    if (w <= width) {
      low = mid;
      lowWidth = w;
    } else high = mid - 1;
  }
  if (low === 0) return ['', 0];
  const cut = `${text.slice(0, low).trimEnd()}…`;
  return [cut, lowWidth || doc.widthOfString(cut)];
}

/**
 * A finished page is kept as one block of bytes until the document ends: pdfkit keeps each
 * drawing operation as a buffer of its own, which for a thousand-page list costs about a
 * gigabyte. Versions of pdfkit that store pages otherwise are left as they are.
 */
function compactPage(page: object): void {
  const content: unknown = Reflect.get(page, 'content');
  const chunks: unknown = typeof content === 'object' && content !== null ? Reflect.get(content, 'buffer') : undefined;
  if (!Array.isArray(chunks) || chunks.length < 2 || !chunks.every((c) => c instanceof Uint8Array)) return;
  const merged = Buffer.concat(chunks);
  chunks.splice(0, chunks.length, merged);
}

function numberPages(doc: Doc): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    doc.font(regular).fontSize(fontSize).fillColor('#6b7280');
    const label = `Página ${i - start + 1} de ${count}`;
    doc.text(label, (doc.page.width - doc.widthOfString(label)) / 2, doc.page.height - margin + 4, { lineBreak: false });
  }
}
