import type { WorkOrderItem } from '../workOrderTypes';

// A stored work order as GET /ordenes_trabajo/form gives it, for the form's tests (the web's and
// the contract test of the body it saves, tests/contract/work-order-save-body.unit.test.ts).

export const PERMS = { locked: false, parts_locked: false, equipment_locked: false, can_close_total: true, can_cancel: false, can_replicate: false, can_create_service_request: false, can_generate_purchase_request: false };

/** A stored part line as the form sends it back (the list's state and its name are not sent). */
export const PART_LINE = {
  id: 22,
  id_grupo_funcional: 2,
  id_grupo_funcional_elemento: 9,
  descripcion: 'Filtro',
  id_unidad: 1,
  id_material: 5,
  codigo_material: '1R0750',
  id_material_tipo: 3,
  solicitud_material: 0 as const,
  cantidad_solicitada_por_tecnico: 2,
};

export function item(over: Partial<WorkOrderItem> = {}): WorkOrderItem {
  return {
    id: 7,
    codigo: 'OB-LIM-01-OT-000007',
    estado: 1,
    version: 12,
    id_obra: 1,
    id_equipo: 3,
    placa_equipo: 'ABC-123',
    serie_equipo: 'S-1',
    fecha_parada: '2026-11-20 08:00',
    fecha_puesta_marcha: '2026-11-20 17:45',
    fecha_apertura_ot: '2026-11-20 08:30',
    fecha_cierre_ot: null,
    horometro_parada: 1200.5,
    horometro_puesta_marcha: 1208,
    horometro_apertura_ot: null,
    horometro_cierre_ot: null,
    kilometraje: null,
    tercero_ruc: '',
    tercero_razon_social: '',
    id_operador: 4,
    id_mecanico: 5,
    id_supervisor: 6,
    firma_operador: 0,
    firma_mecanico: 1,
    firma_supervisor: 0,
    sin_productos: 0,
    id_tipo_mantenimiento: 2,
    atendido_por_almacen_obra: 0,
    id_solicitud_compra: 0,
    rechazado_id: null,
    tiempo_parada: { horas: 9, minutos: 45 },
    tiempo_ejecucion: { horas: 0, minutos: 0 },
    horometro_tiempo_parada: 7.5,
    horometro_tiempo_ejecucion: 0,
    diagnosticos: [{ id: 21, id_grupo_funcional: 2, id_grupo_funcional_elemento: 9, descripcion: 'Fuga', horas: 1, minutos: 30, observacion: '', elemento: '99.01 - Bomba' }],
    intervenciones: [],
    productos_solicitados: [
      {
        ...PART_LINE,
        estado: 2,
        estado_nombre: 'Atendido',
      },
    ],
    documentos: [{ id: 23, pic: 'abc.pdf', observaciones: 'Informe', url: '/uploads/abc.pdf' }],
    labels: [],
    permissions: PERMS,
    ...over,
  };
}
