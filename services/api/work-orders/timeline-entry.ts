import { formatDate, formatWallClock } from '@shared/time';
import type { FieldChange } from '@shared/diff';
import type { Tabla, WorkOrderEvent } from '../../../events/work-order/types';

/** Spanish labels of the order's fields, for the timeline's before → after lines. */
export const FIELD_LABELS: Record<string, string> = {
  id_obra: 'Obra', id_equipo: 'Equipo', placa_equipo: 'Placa', serie_equipo: 'Serie', fecha_parada: 'Fecha de parada',
  fecha_puesta_marcha: 'Fecha de puesta en marcha', fecha_apertura_ot: 'Fecha de apertura', fecha_cierre_ot: 'Fecha de cierre',
  horometro_parada: 'Horómetro de parada', horometro_puesta_marcha: 'Horómetro de puesta en marcha', horometro_apertura_ot: 'Horómetro de apertura',
  horometro_cierre_ot: 'Horómetro de cierre', kilometraje: 'Kilometraje', tercero_ruc: 'RUC del tercero', tercero_razon_social: 'Razón social del tercero',
  id_operador: 'Operador', id_mecanico: 'Mecánico', id_supervisor: 'Supervisor', sin_productos: 'No requiere productos de almacén',
  id_tipo_mantenimiento: 'Tipo de mantenimiento',
  id_grupo_funcional: 'Grupo funcional', id_grupo_funcional_elemento: 'Elemento', descripcion: 'Descripción', horas: 'Horas', minutos: 'Minutos',
  observacion: 'Observación', id_unidad: 'Unidad', id_material: 'Material', codigo_material: 'Código de material', id_material_tipo: 'Tipo de material',
  solicitud_material: 'Solicitud de material nuevo', cantidad_solicitada_por_tecnico: 'Cantidad solicitada', pic: 'Archivo', nombre: 'Nombre del archivo', observaciones: 'Observaciones',
};

const TABLA_NAMES: Record<Tabla, { one: string; article: 'un' | 'una' }> = {
  diagnosticos: { one: 'diagnóstico', article: 'un' },
  intervenciones: { one: 'intervención', article: 'una' },
  productos_solicitados: { one: 'repuesto', article: 'un' },
  documentos: { one: 'documento', article: 'un' },
};

const FIRMANTES = { operador: 'el operador', mecanico: 'el mecánico', supervisor: 'el supervisor' } as const;

export type Change = { campo: string; antes: string; despues: string };

/** Resolves ids to names (sites, equipment, users, elements, units, materials) for display. */
export type NameOf = (field: string, value: unknown) => string;

function show(field: string, value: unknown, nameOf: NameOf): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'sin_productos' || field === 'solicitud_material') return value === 1 ? 'Sí' : 'No';
  if (field === 'id_tipo_mantenimiento') return ({ 1: 'MP', 2: 'MC', 3: 'MCD' } as Record<string, string>)[String(value)] ?? String(value);
  // The order's dates travel as Lima wall-clock text ('2026-11-21 09:00'), shown as the product
  // shows them (shared/time.ts); a value that is not a date is shown as it came.
  if (field.startsWith('fecha_') && typeof value === 'string') return formatWallClock(value) || formatDate(value) || value;
  return nameOf(field, value);
}

function changeList(changes: Record<string, FieldChange>, nameOf: NameOf): Change[] {
  return Object.entries(changes).map(([f, c]) => ({ campo: FIELD_LABELS[f] ?? f, antes: show(f, c.from, nameOf), despues: show(f, c.to, nameOf) }));
}

/** One step of the 'Linea de Tiempo Detallada': what happened, in Spanish, with the changed values. */
export function describeWorkOrderEvent(e: WorkOrderEvent, nameOf: NameOf): { titulo: string; cambios: Change[] } {
  switch (e.type) {
    case 'WorkOrderOpened':
      return { titulo: `Abrió la orden de trabajo ${e.data.codigo}${e.data.rechazado_id ? ' (réplica)' : ''}`, cambios: [] };
    case 'WorkOrderDetailsChanged':
      return { titulo: 'Modificó los datos de la orden', cambios: changeList(e.data.changes, nameOf) };
    case 'WorkOrderSigned':
      return { titulo: `Firmó ${FIRMANTES[e.data.firmante]} (${nameOf('id_user', e.data.id_user)})`, cambios: [] };
    case 'WorkOrderSignatureWithdrawn':
      return { titulo: `Retiró la firma de ${FIRMANTES[e.data.firmante]}`, cambios: [] };
    case 'WorkOrderLineAdded': {
      const t = TABLA_NAMES[e.data.tabla];
      const line = e.data.line as unknown as Record<string, unknown>;
      const what = String(line.descripcion ?? line.observaciones ?? '').trim();
      return { titulo: `Agregó ${t.article} ${t.one}${what ? `: ${what}` : ''}`, cambios: [] };
    }
    case 'WorkOrderLineChanged': {
      const t = TABLA_NAMES[e.data.tabla];
      return { titulo: `Modificó ${t.article} ${t.one}`, cambios: changeList(e.data.changes, nameOf) };
    }
    case 'WorkOrderLineRemoved': {
      const t = TABLA_NAMES[e.data.tabla];
      const line = e.data.line as unknown as Record<string, unknown>;
      const what = String(line.descripcion ?? line.observaciones ?? '').trim();
      const why = e.data.reason === 'sin_productos' ? ' (no requiere productos de almacén)' : '';
      return { titulo: `Eliminó ${t.article} ${t.one}${what ? `: ${what}` : ''}${why}`, cambios: [] };
    }
    case 'WorkOrderSaved':
      return { titulo: 'Guardó la orden (CIERRE MECÁNICO)', cambios: [] };
    case 'WorkOrderClosed':
      return { titulo: 'Cerró la orden (CIERRE TOTAL)', cambios: [] };
    case 'WorkOrderCancelled':
      return { titulo: 'Canceló la orden de trabajo', cambios: [] };
    case 'WorkOrderReplicated':
      return { titulo: `Replicó la orden en la orden ${nameOf('id_orden_trabajo', e.data.id_replica)}`, cambios: [] };
    case 'WorkOrderRequestLinked':
      return { titulo: `Generó la solicitud de ${e.data.request.tipo} N° ${e.data.request.id}`, cambios: [] };
    case 'WorkOrderRequestStateChanged':
      return { titulo: `La solicitud pasó a ${e.data.estado}`, cambios: [] };
    case 'WorkOrderAttendedBySiteWarehouse':
      return { titulo: 'El almacén de obra atendió la orden', cambios: [] };
    case 'WorkOrderSiteOrderSaved':
      return { titulo: 'El almacén de obra guardó el pedido', cambios: [] };
    case 'MaterialCreationRequested':
      return { titulo: `Pidió crear ${e.data.lineas.length === 1 ? 'un material' : `${e.data.lineas.length} materiales`} en SICAM: ${e.data.lineas.map((l) => l.descripcion).join(', ')}`, cambios: [] };
    case 'MaterialCreationSentToSicam':
      return { titulo: `La solicitud de creación de materiales llegó a SICAM (N° ${e.data.id_sicam})`, cambios: [] };
    case 'MaterialCreationSicamFailed':
      return { titulo: `Falló el envío a SICAM de la solicitud de materiales: ${e.data.reason}`, cambios: [] };
    case 'RequestedMaterialCreated':
      return { titulo: `SICAM creó el material ${e.data.codigo_material} (${e.data.descripcion})`, cambios: [] };
    case 'WorkOrderPartsReceived':
      return { titulo: `El almacén de obra recibió repuestos de la solicitud (${e.data.entradas.length === 1 ? 'una fila' : `${e.data.entradas.length} filas`})`, cambios: [] };
    case 'WorkOrderPartsIssued':
      return { titulo: `Salida de almacén con vale ${e.data.vale_salida}: ${e.data.salidas.map((s) => s.cantidad).reduce((a, b) => a + b, 0)} unidades en ${e.data.salidas.length === 1 ? 'una fila' : `${e.data.salidas.length} filas`}`, cambios: [] };
    case 'WorkOrderPartsRequested':
      return { titulo: `Los repuestos por solicitar pasaron a la solicitud de compra N° ${e.data.id_solicitud_compra}`, cambios: [] };
    default: {
      const never: never = e;
      return { titulo: (never as { type: string }).type, cambios: [] };
    }
  }
}
