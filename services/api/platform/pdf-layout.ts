import { contentDisposition } from '@shared/text';
import PDFDocument from 'pdfkit';
import { toWinAnsi } from './export/pdf';

// The layout pieces of the product's printable documents (the work order, the purchase request):
// A4 portrait, Helvetica (WinAnsi covers Spanish), teal section bars, label/value grids and tables
// whose rows grow with their text and repeat their header on a new page.

export type Doc = PDFKit.PDFDocument;
export const M = 36;
export const W = 595.28 - 2 * M;
export const t = (s: unknown) => toWinAnsi(s === null || s === undefined ? '' : String(s));

export function num(value: number | null): string {
  return value === null || value === undefined ? '—' : new Intl.NumberFormat('es-PE', { maximumFractionDigits: 2 }).format(value);
}

export function ensureSpace(doc: Doc, needed: number) {
  if (doc.y + needed > doc.page.height - M - 20) doc.addPage();
}

export function section(doc: Doc, title: string) {
  ensureSpace(doc, 40);
  doc.moveDown(0.6);
  const y = doc.y;
  doc.rect(M, y, W, 16).fill('#0f766e');
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(9).text(t(title), M + 6, y + 4, { width: W - 12 });
  doc.fillColor('#0f172a').font('Helvetica').fontSize(8);
  doc.y = y + 20;
}

/** Label/value pairs in a grid of `cols` columns. */
export function grid(doc: Doc, pairs: [string, string][], cols = 3) {
  const colW = W / cols;
  for (let i = 0; i < pairs.length; i += cols) {
    const row = pairs.slice(i, i + cols);
    const heights = row.map(([, value]) => doc.font('Helvetica').fontSize(8).heightOfString(t(value), { width: colW - 8 }));
    const h = Math.max(...heights) + 12;
    ensureSpace(doc, h);
    const y = doc.y;
    row.forEach(([label, value], j) => {
      const x = M + j * colW;
      doc.font('Helvetica-Bold').fontSize(6.5).fillColor('#64748b').text(t(label.toUpperCase()), x, y, { width: colW - 8 });
      doc.font('Helvetica').fontSize(8).fillColor('#0f172a').text(t(value), x, y + 8, { width: colW - 8 });
    });
    doc.y = y + h;
  }
}

/** A table whose rows grow with their text; the header repeats on a new page. */
export function table(doc: Doc, headers: { label: string; width: number; align?: 'left' | 'right' | 'center' }[], rows: string[][], empty = 'Sin items...') {
  const total = headers.reduce((a, h) => a + h.width, 0);
  const widths = headers.map((h) => (h.width / total) * W);
  const drawHeader = () => {
    const y = doc.y;
    doc.rect(M, y, W, 14).fill('#e2e8f0');
    let x = M;
    headers.forEach((h, i) => {
      doc.fillColor('#0f172a').font('Helvetica-Bold').fontSize(7).text(t(h.label), x + 3, y + 4, { width: widths[i] - 6, align: h.align ?? 'left' });
      x += widths[i];
    });
    doc.y = y + 14;
  };
  ensureSpace(doc, 30);
  drawHeader();
  if (!rows.length) {
    doc.font('Helvetica-Oblique').fontSize(8).fillColor('#64748b').text(t(empty), M + 3, doc.y + 4);
    doc.fillColor('#0f172a');
    doc.y += 4;
    return;
  }
  for (const row of rows) {
    doc.font('Helvetica').fontSize(7.5);
    const h = Math.max(...row.map((cell, i) => doc.heightOfString(t(cell), { width: widths[i] - 6 }))) + 6;
    if (doc.y + h > doc.page.height - M - 20) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    let x = M;
    row.forEach((cell, i) => {
      doc.fillColor('#0f172a').text(t(cell), x + 3, y + 3, { width: widths[i] - 6, align: headers[i].align ?? 'left' });
      x += widths[i];
    });
    doc.moveTo(M, y + h).lineTo(M + W, y + h).lineWidth(0.4).strokeColor('#cbd5e1').stroke();
    doc.y = y + h;
  }
}

/** A new A4 document and the promise of its bytes. */
export function newDocument(title: string): { doc: Doc; done: Promise<Buffer> } {
  const doc: Doc = new PDFDocument({ size: 'A4', margin: M, bufferPages: true, info: { Title: title, Creator: 'Faena' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** '{prefix} · Página i de n' at the foot of every page, then the file as the reply. */
export async function finishDocument(doc: Doc, done: Promise<Buffer>, footer: string, fileName: string): Promise<Response> {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.font('Helvetica').fontSize(7).fillColor('#64748b').text(t(`${footer} · Página ${i + 1} de ${range.count}`), M, doc.page.height - M + 6, { width: W, align: 'right', lineBreak: false });
  }
  doc.end();
  const pdf = await done;
  return new Response(new Uint8Array(pdf), {
    headers: { 'content-type': 'application/pdf', 'content-length': String(pdf.length), 'content-disposition': contentDisposition(fileName) },
  });
}
