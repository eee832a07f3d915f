import { MSG_REQUIRED as REQUIRED } from '@shared/messages';
import type { WorkOrderValues } from './workOrderValues';


/** The checks the browser can make before sending, in the server's words (events/work-order/
 * decider.ts), keyed as the server keys them ('diagnosticos.0.id_grupo_funcional_elemento').
 * Seed 001 §5: site, equipment, opening date, operator, mechanic and supervisor are required;
 * the element is required on every diagnosis, intervention and part line; a part names its
 * material unless it asks for a new one, which then needs a description; a new document row needs
 * its file. The server checks all of it again. */
export function validateWorkOrder(values: WorkOrderValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of ['id_obra', 'id_equipo', 'fecha_apertura_ot', 'id_operador', 'id_mecanico', 'id_supervisor'] as const) {
    if (values[f] === null || values[f] === '') errors[f] = REQUIRED;
  }
  for (const tabla of ['diagnosticos', 'intervenciones'] as const) {
    values[tabla].forEach((l, i) => {
      if (!l.id_grupo_funcional_elemento) errors[`${tabla}.${i}.id_grupo_funcional_elemento`] = 'Seleccione el elemento';
      const minutos = Number(l.minutos || 0);
      if (!Number.isInteger(minutos) || minutos < 0 || minutos > 59) errors[`${tabla}.${i}.minutos`] = 'Entre 0 y 59';
      const horas = Number(l.horas || 0);
      if (!Number.isInteger(horas) || horas < 0 || horas > 9999) errors[`${tabla}.${i}.horas`] = 'Entre 0 y 9999';
    });
  }
  if (!values.sin_productos) {
    values.productos_solicitados.forEach((p, i) => {
      const key = (f: string) => `productos_solicitados.${i}.${f}`;
      if (!p.id_grupo_funcional_elemento) errors[key('id_grupo_funcional_elemento')] = 'Seleccione el elemento';
      if (p.solicitud_material === 1) {
        if (!p.descripcion.trim()) errors[key('descripcion')] = 'Describa el material que se solicita crear';
      } else if (!p.id_material) errors[key('id_material')] = REQUIRED;
      if (!p.id_unidad) errors[key('id_unidad')] = REQUIRED;
      const cantidad = Number(p.cantidad);
      if (!(p.cantidad.trim() !== '' && Number.isFinite(cantidad) && cantidad > 0)) errors[key('cantidad_solicitada_por_tecnico')] = 'La cantidad debe ser mayor que 0';
    });
  }
  // Only new document rows are sent: their errors count those rows (useWorkOrderForm errorIndex).
  values.documentos
    .filter((d) => d.id === 0)
    .forEach((d, i) => {
      if (!d.file) errors[`documentos.${i}.pic`] = 'Adjunte el archivo';
    });
  if (values.tercero_ruc.trim() !== '' && !/^\d{11}$/.test(values.tercero_ruc.trim())) errors.tercero_ruc = 'El RUC tiene 11 dígitos';
  return errors;
}
