import { MSG_WORK_ORDER_NOT_FOUND } from '@shared/messages';
import { contentDisposition } from '@shared/text';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatDuration } from '../../../../events/work-order/derive';
import type { ApiDeps } from '../../platform/deps';
import { toWinAnsi } from '../../platform/export/pdf';
import { parseUploadName } from '../../platform/upload/parseUploadName';
import { loadLines } from '../load-work-order';
import { ApiError } from '../../platform/api-error';
import { formatWallClock } from '@shared/time';

type Doc = PDFKit.PDFDocument;
const M = 36;
const W = 595.28 - 2 * M;
const ESTADOS: Record<number, string> = { 1: 'ABIERTA', 2: 'CANCELADA', 3: 'CERRADA' };
const t = (s: unknown) => toWinAnsi(s === null || s === undefined ? '' : String(s));

/** A 'YYYY-MM-DD HH:mm' wall clock as every screen shows it: dd/MM/yyyy hh:mm AM/PM (the one
 * 12-hour formatter of shared/time.ts, seed 000 §7). */
function fecha(value: string | null): string {
  return formatWallClock(value) || '—';
}

function num(value: number | null): string {
  return value === null || value === undefined ? '—' : new Intl.NumberFormat('es-PE', { maximumFractionDigits: 2 }).format(value);
}

function ensureSpace(doc: Doc, needed: number) {
  if (doc.y + needed > doc.page.height - M - 20) doc.addPage();
}

function section(doc: Doc, title: string) {
  ensureSpace(doc, 40);
  doc.moveDown(0.6);
  const y = doc.y;
  doc.rect(M, y, W, 16).fill('#0f766e');
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(9).text(t(title), M + 6, y + 4, { width: W - 12 });
  doc.fillColor('#0f172a').font('Helvetica').fontSize(8);
  doc.y = y + 20;
}

/** Label/value pairs in a grid of `cols` columns. */
function grid(doc: Doc, pairs: [string, string][], cols = 3) {
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
function table(doc: Doc, headers: { label: string; width: number; align?: 'left' | 'right' | 'center' }[], rows: string[][], empty = 'Sin items...') {
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

async function signatureImage(deps: ApiDeps, name: string | null): Promise<Buffer | null> {
  if (!name || parseUploadName(name) === null) return null;
  try {
    return await readFile(join(deps.config.uploadsDir, name));
  } catch {
    return null;
  }
}

/** GET /ordenes_trabajo/pdf: the printable order, A4 portrait, in Spanish with its accents (the
 * standard fonts' WinAnsi covers them): site, equipment, dates, times, the four tables and the
 * three signatures, each with the signer's signature image when signed. */
export async function workOrderPdf(deps: ApiDeps, id: number): Promise<Response> {
  const [o] = await deps.sql`
    SELECT o.*, to_char(o.fecha_parada, 'YYYY-MM-DD HH24:MI') AS f_parada, to_char(o.fecha_puesta_marcha, 'YYYY-MM-DD HH24:MI') AS f_marcha,
           to_char(o.fecha_apertura_ot, 'YYYY-MM-DD HH24:MI') AS f_apertura, to_char(o.fecha_cierre_ot, 'YYYY-MM-DD HH24:MI') AS f_cierre,
           o.horometro_parada::float8 AS h_parada, o.horometro_puesta_marcha::float8 AS h_marcha, o.horometro_apertura_ot::float8 AS h_apertura,
           o.horometro_cierre_ot::float8 AS h_cierre, o.horometro_tiempo_parada::float8 AS h_t_parada, o.horometro_tiempo_ejecucion::float8 AS h_t_ejecucion,
           o.kilometraje::float8 AS km, e.placa AS e_placa, e.serie AS e_serie, ma.nombre AS marca, mo.nombre AS modelo,
           uo.pic_firma AS firma_img_operador, um.pic_firma AS firma_img_mecanico, us.pic_firma AS firma_img_supervisor
      FROM rm_ordenes_trabajo o
      LEFT JOIN rm_equipos e ON e.id = o.id_equipo
      LEFT JOIN rm_marcas ma ON ma.id = e.id_marca
      LEFT JOIN rm_modelos mo ON mo.id = e.id_modelo
      LEFT JOIN rm_users uo ON uo.id = o.id_operador
      LEFT JOIN rm_users um ON um.id = o.id_mecanico
      LEFT JOIN rm_users us ON us.id = o.id_supervisor
     WHERE o.id = ${id}`;
  if (!o) throw new ApiError(404, MSG_WORK_ORDER_NOT_FOUND);
  const lines = await loadLines(deps, id);
  const signatures = {
    operador: o.firma_operador === 1 ? await signatureImage(deps, o.firma_img_operador) : null,
    mecanico: o.firma_mecanico === 1 ? await signatureImage(deps, o.firma_img_mecanico) : null,
    supervisor: o.firma_supervisor === 1 ? await signatureImage(deps, o.firma_img_supervisor) : null,
  };

  const doc: Doc = new PDFDocument({ size: 'A4', margin: M, bufferPages: true, info: { Title: `Orden de trabajo ${o.codigo}`, Creator: 'Faena' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(15).fillColor('#0f172a').text(t(`ORDEN DE TRABAJO ${o.codigo}`), M, M);
  doc.font('Helvetica').fontSize(9).fillColor('#475569').text(t(`${o.obra} · Estado: ${ESTADOS[o.estado] ?? o.estado}`));
  doc.fillColor('#0f172a');

  section(doc, 'Datos de la orden');
  grid(doc, [
    ['Obra', `${o.ob_codigo} - ${o.obra}`],
    ['Equipo', `${o.equipo_codigo} - ${o.equipo_descripcion}`],
    ['Marca / modelo', `${o.marca ?? '—'} ${o.modelo ?? ''}`.trim()],
    ['Placa', o.placa_equipo || '—'],
    ['Serie', o.serie_equipo || '—'],
    ['Kilometraje', num(o.km)],
    ['Fecha de parada', fecha(o.f_parada)],
    ['Fecha de puesta en marcha', fecha(o.f_marcha)],
    ['Tiempo de parada', formatDuration({ horas: Math.floor(o.tiempo_parada / 60), minutos: o.tiempo_parada % 60 })],
    ['Apertura de la OT', fecha(o.f_apertura)],
    ['Cierre de la OT', fecha(o.f_cierre)],
    ['Tiempo de ejecución', formatDuration({ horas: Math.floor(o.tiempo_ejecucion / 60), minutos: o.tiempo_ejecucion % 60 })],
    ['Horómetro de parada', num(o.h_parada)],
    ['Horómetro de puesta en marcha', num(o.h_marcha)],
    ['Horas de parada (horómetro)', num(o.h_t_parada)],
    ['Horómetro de apertura', num(o.h_apertura)],
    ['Horómetro de cierre', num(o.h_cierre)],
    ['Horas de ejecución (horómetro)', num(o.h_t_ejecucion)],
    ['RUC del tercero', o.tercero_ruc || '—'],
    ['Razón social', o.tercero_razon_social || '—'],
    ['No requiere productos de almacén', o.sin_productos === 1 ? 'Sí' : 'No'],
  ]);

  const work = (rows: Record<string, unknown>[]) =>
    rows.map((l, i) => [String(i + 1), String(l.elemento ?? ''), String(l.descripcion ?? ''), String(l.horas ?? 0), String(l.minutos ?? 0), String(l.observacion ?? '')]);
  const workHeaders = [
    { label: 'N°', width: 4, align: 'right' as const }, { label: 'Elemento', width: 22 }, { label: 'Descripción', width: 34 },
    { label: 'Horas', width: 7, align: 'right' as const }, { label: 'Min.', width: 6, align: 'right' as const }, { label: 'Observación', width: 27 },
  ];
  section(doc, 'Diagnósticos');
  table(doc, workHeaders, work(lines.diagnosticos));
  section(doc, 'Intervenciones');
  table(doc, workHeaders, work(lines.intervenciones));
  section(doc, 'Descripción de repuestos');
  table(
    doc,
    [
      { label: 'N°', width: 4, align: 'right' }, { label: 'Elemento', width: 20 }, { label: 'Código', width: 14 }, { label: 'Descripción', width: 30 },
      { label: 'Unidad', width: 8 }, { label: 'Cantidad', width: 9, align: 'right' }, { label: 'Estado', width: 10 },
    ],
    o.sin_productos === 1
      ? []
      : lines.productos_solicitados.map((l, i) => [
          String(i + 1), String(l.elemento ?? ''), String(l.codigo_material || (l.solicitud_material === 1 ? 'NUEVO' : '')),
          String(l.material || l.descripcion || ''), String(l.unidad ?? ''), num(Number(l.cantidad_solicitada_por_tecnico)), String(l.estado_nombre ?? ''),
        ]),
    o.sin_productos === 1 ? 'No requiere productos de almacén' : 'Sin items...',
  );
  section(doc, 'Documentos adicionales');
  table(doc, [{ label: 'N°', width: 5, align: 'right' }, { label: 'Observaciones', width: 70 }, { label: 'Archivo', width: 25 }],
    lines.documentos.map((d, i) => [String(i + 1), String(d.observaciones ?? ''), String(d.nombre || d.pic || '')]), 'No hay documentos registrados');

  // Signatures: three boxes side by side, each with the image when signed.
  ensureSpace(doc, 120);
  doc.moveDown(2);
  const y = doc.y;
  const boxW = (W - 24) / 3;
  const signers: [keyof typeof signatures, string, string, number][] = [
    ['operador', 'Operador', o.operador, o.firma_operador],
    ['mecanico', 'Mecánico', o.mecanico, o.firma_mecanico],
    ['supervisor', 'Supervisor', o.supervisor, o.firma_supervisor],
  ];
  signers.forEach(([key, role, name, signed], i) => {
    const x = M + i * (boxW + 12);
    const image = signatures[key];
    if (image) {
      try {
        doc.image(image, x + (boxW - 120) / 2, y, { fit: [120, 60], align: 'center', valign: 'bottom' });
      } catch {
        // An unreadable image prints as an unsigned box rather than failing the whole PDF.
      }
    } else if (signed === 1) {
      doc.font('Helvetica-Oblique').fontSize(8).fillColor('#0f766e').text('Firmado', x, y + 40, { width: boxW, align: 'center' });
    }
    doc.moveTo(x, y + 66).lineTo(x + boxW, y + 66).lineWidth(0.6).strokeColor('#0f172a').stroke();
    doc.font('Helvetica-Bold').fontSize(8).fillColor('#0f172a').text(t(name || '—'), x, y + 70, { width: boxW, align: 'center' });
    doc.font('Helvetica').fontSize(7).fillColor('#475569').text(t(`${role}${signed === 1 ? '' : ' (sin firma)'}`), x, y + 81, { width: boxW, align: 'center' });
  });

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.font('Helvetica').fontSize(7).fillColor('#64748b').text(t(`OT ${o.codigo} · Página ${i + 1} de ${range.count}`), M, doc.page.height - M + 6, { width: W, align: 'right', lineBreak: false });
  }
  doc.end();
  const pdf = await done;
  return new Response(new Uint8Array(pdf), {
    headers: { 'content-type': 'application/pdf', 'content-length': String(pdf.length), 'content-disposition': contentDisposition(`OT-${o.codigo}.pdf`) },
  });
}
