import type { WorkOrderValues } from './workOrderValues';

/** The body of POST /ordenes_trabajo/create (services/api/work-orders/work-order-schemas.ts
 * saveInputSchema). Rules: JSON when no new file is attached, multipart otherwise — then the four
 * lists travel as JSON strings and each new document's file in the field named by its row's
 * `archivo` ('documento_{n}'); lines are sent in the order shown, so the server's line errors
 * ('diagnosticos.0.…') point at the rows on screen; saved document rows are not sent (kept as
 * they are), so 'documentos.N' errors count the new rows only. */
export function saveRequest(values: WorkOrderValues, meta: { id: number; version: number; terminado: 0 | 1; rechazado_id: number | null }): FormData | Record<string, unknown> {
  const num = (s: string, fallback: number) => (s.trim() === '' ? fallback : Number(s));
  const work = (rows: WorkOrderValues['diagnosticos']) =>
    rows.map((l) => ({
      id: l.id,
      id_grupo_funcional: l.id_grupo_funcional,
      id_grupo_funcional_elemento: l.id_grupo_funcional_elemento,
      descripcion: l.descripcion,
      horas: num(l.horas, 0),
      minutos: num(l.minutos, 0),
      observacion: l.observacion,
    }));
  const parts = values.sin_productos
    ? []
    : values.productos_solicitados.map((l) => ({
        id: l.id,
        id_grupo_funcional: l.id_grupo_funcional,
        id_grupo_funcional_elemento: l.id_grupo_funcional_elemento,
        descripcion: l.descripcion,
        id_unidad: l.id_unidad,
        id_material: l.solicitud_material === 1 ? null : l.id_material,
        codigo_material: l.solicitud_material === 1 ? '' : l.codigo_material,
        id_material_tipo: l.id_material_tipo,
        solicitud_material: l.solicitud_material,
        cantidad_solicitada_por_tecnico: num(l.cantidad, 0),
      }));
  const files: [string, File][] = [];
  // Only new document rows travel, each naming its file's field. A saved document is kept as it
  // is (the server leaves lines it is not sent untouched; it is changed by removing it and adding
  // it again) — the server's schema refuses a row without 'documento_{n}' (docs/modules/work-orders-web.md).
  const documentos = values.documentos
    .filter((d) => d.id === 0)
    .map((d) => {
      if (!d.file) return { id: 0, observaciones: d.observaciones };
      const archivo = `documento_${files.length}`;
      files.push([archivo, d.file]);
      return { id: 0, observaciones: d.observaciones, archivo };
    });
  const body: Record<string, unknown> = {
    id: meta.id,
    version: meta.version,
    rechazado_id: meta.rechazado_id,
    terminado: meta.terminado,
    id_obra: values.id_obra,
    id_equipo: values.id_equipo,
    placa_equipo: values.placa_equipo,
    serie_equipo: values.serie_equipo,
    fecha_parada: values.fecha_parada,
    fecha_puesta_marcha: values.fecha_puesta_marcha,
    fecha_apertura_ot: values.fecha_apertura_ot,
    fecha_cierre_ot: values.fecha_cierre_ot,
    horometro_parada: values.horometro_parada,
    horometro_puesta_marcha: values.horometro_puesta_marcha,
    horometro_apertura_ot: values.horometro_apertura_ot,
    horometro_cierre_ot: values.horometro_cierre_ot,
    kilometraje: values.kilometraje,
    tercero_ruc: values.tercero_ruc.trim(),
    tercero_razon_social: values.tercero_razon_social,
    id_operador: values.id_operador,
    id_mecanico: values.id_mecanico,
    id_supervisor: values.id_supervisor,
    firma_operador: values.firma_operador ? 1 : 0,
    firma_mecanico: values.firma_mecanico ? 1 : 0,
    firma_supervisor: values.firma_supervisor ? 1 : 0,
    sin_productos: values.sin_productos ? 1 : 0,
    id_tipo_mantenimiento: values.id_tipo_mantenimiento,
    diagnosticos: work(values.diagnosticos),
    intervenciones: work(values.intervenciones),
    productos_solicitados: parts,
    documentos,
  };
  if (files.length === 0) return body;
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) form.append(key, '');
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  for (const [field, file] of files) form.append(field, file, file.name);
  return form;
}
