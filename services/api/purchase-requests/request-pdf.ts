import { formatDate, formatDateTime } from '@shared/time';
import type { ApiDeps } from '../platform/deps';
import { finishDocument, grid, M, newDocument, num, section, t, table } from '../platform/pdf-layout';
import type { Principal } from '../platform/principal';
import { loadRequestItem } from './load-request';

const KIND_TITLE = { 1: 'SOLICITUD DE COMPRA', 2: 'SOLICITUD DE SERVICIO', 3: 'SOLICITUD DE DESPACHO' } as const;
const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** GET /solicitudes_compras/PDF (and obtenerPDF): the printable request, A4 portrait, in Spanish
 * with its accents: the header (code, site, work order, requester, dates, request type, resource,
 * cost centre with the indirect centre and element, a service's third-party fields, state) and
 * the product table (N°, código, descripción, UDM, cantidad, estado, orden de compra). */
export async function requestPdf(deps: ApiDeps, principal: Principal, id: number): Promise<Response> {
  const r = await loadRequestItem(deps, principal, id);
  const { doc, done } = newDocument(`Solicitud ${r.codigo}`);
  doc.font('Helvetica-Bold').fontSize(15).fillColor('#0f172a').text(t(`${KIND_TITLE[r.tipo]} ${r.codigo}`), M, M);
  doc.font('Helvetica').fontSize(9).fillColor('#475569').text(t(`${dash(r.nombre_obra)} · Estado: ${r.estado_nombre}`));
  doc.fillColor('#0f172a');

  section(doc, 'Datos de la solicitud');
  const centro = r.id_centro_costo_tipo === 1 ? `Directo (equipo ${dash(r.codigo_equipo)}${r.cc_equipo ? `, CC ${r.cc_equipo}` : ''})` : r.id_centro_costo_tipo === 2 ? 'Indirecto' : '—';
  const named = (codigo: string | null, nombre: string | null) => [codigo, nombre].filter(Boolean).join(' - ') || '—';
  grid(doc, [
    ['Código', r.codigo],
    ['Obra', `${dash(r.codigo_obra)} - ${dash(r.nombre_obra)}`],
    ['Orden de trabajo', dash(r.codigo_orden_trabajo)],
    ['Solicitante', [r.nombre_supervisor, r.apellido_supervisor].filter(Boolean).join(' ') || '—'],
    ['Fecha de solicitud', formatDateTime(String(r.fecha_creado))],
    ['Fecha de necesidad', r.fecha_requerimiento ? formatDate(String(r.fecha_requerimiento)) : '—'],
    ['Fecha de requerimiento', r.fecha_recepcion_pedido ? formatDate(String(r.fecha_recepcion_pedido)) : '—'],
    ['Tipo de solicitud', dash(r.solicitudes_tipo)],
    ['Recurso', named(r.recurso_codigo, r.recurso_nombre)],
    ['Centro de costo', centro],
    ...(r.id_centro_costo_tipo === 2
      ? ([
          ['Centro de costo indirecto', named(r.centro_costo_indirecto_codigo, r.centro_costo_indirecto_nombre)],
          ['Elemento', named(r.elemento_codigo, r.elemento_nombre)],
        ] as [string, string][])
      : []),
    ...(r.tipo === 2
      ? ([
          ['Centro de costo de terceros', dash(r.movilizacion_tipo_nombre)],
          ['Clasificación', dash(r.clasificacion_nombre)],
          ['Recurso de terceros', named(r.id_solicitudes_movilizacion_terceros_ter_recurso, r.ter_recurso_nombre)],
        ] as [string, string][])
      : []),
    ['Grupo funcional', dash(r.nombre_grupo_funcional)],
    ['Atendido por almacén central', r.atendido_por_almacen_central === 1 ? `Sí${r.nombre_logistico ? ` (${r.nombre_logistico})` : ''}` : 'No'],
    ['Enviado a SICAM', r.enviado_sicam === 1 ? 'Sí' : 'No'],
    ['Orden de compra', dash(r.numero_orden)],
  ]);
  section(doc, 'Descripción del trabajo');
  doc.font('Helvetica').fontSize(8.5).text(t(dash(r.descripcion_trabajo)), M, doc.y, { width: 523 });
  if (r.motivo_observado || r.motivo_rechazo) {
    section(doc, r.motivo_rechazo ? 'Motivo del rechazo' : 'Observación');
    doc.font('Helvetica').fontSize(8.5).text(t(dash(r.motivo_rechazo ?? r.motivo_observado)), M, doc.y, { width: 523 });
  }
  section(doc, r.tipo === 2 ? 'Servicios solicitados' : 'Productos solicitados');
  table(
    doc,
    [
      { label: 'N°', width: 4, align: 'right' }, { label: 'Código', width: 13 }, { label: 'Descripción', width: 33 }, { label: 'UDM', width: 8 },
      { label: 'Cantidad', width: 9, align: 'right' }, { label: 'A comprar', width: 9, align: 'right' }, { label: 'Estado', width: 13 }, { label: 'Orden', width: 11 },
    ],
    r.productos_solicitados.map((p, i) => [
      String(i + 1), dash(p.codigo), dash(p.descripcion), dash(p.nombre_unidad), num(Number(p.cantidad_solicitada_por_almacen_obra)),
      r.atendido_por_almacen_central === 1 ? num(Number(p.cantidad_solicitada_por_almacen_central)) : '—', String(p.estado_nombre), dash(p.numero_orden),
    ]),
  );
  return finishDocument(doc, done, `Solicitud ${r.codigo}`, `Solicitud-${r.codigo}.pdf`);
}
