import { MSG_WORK_ORDER_NOT_FOUND } from '@shared/messages';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatDuration } from '@shared/work-order-derive';
import type { ApiDeps } from '../../platform/deps';
import { ensureSpace, finishDocument, grid, M, newDocument, num, section, t, table, W } from '../../platform/pdf-layout';
import { parseUploadName } from '../../platform/upload/parseUploadName';
import { loadLines } from '../load-work-order';
import { ApiError } from '../../platform/api-error';
import { formatWallClock } from '@shared/time';

const ESTADOS: Record<number, string> = { 1: 'ABIERTA', 2: 'CANCELADA', 3: 'CERRADA' };

/** A 'YYYY-MM-DD HH:mm' wall clock as every screen shows it: dd/MM/yyyy hh:mm AM/PM (the one
 * 12-hour formatter of shared/time.ts, seed 000 §7). */
function fecha(value: string | null): string {
  return formatWallClock(value) || '—';
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

  const { doc, done } = newDocument(`Orden de trabajo ${o.codigo}`);

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

  return finishDocument(doc, done, `OT ${o.codigo}`, `OT-${o.codigo}.pdf`);
}
