import type { Duration } from '@shared/work-order-derive';
import type { DocLine, PartLine, Tabla, WorkLine } from '@shared/work-order';
import type { WorkOrderFormPayload, WorkOrderPermissions } from '@shared/contracts/work-orders';

// The shapes of the work-order calls as the screens read them (services/api/work-orders/*: the
// list columns of work-order-routes.ts, load-work-order.ts, timeline.ts, board.ts).

export type { Tabla };

/** Seed 001 §4: estado 1 abierto, 2 cancelado, 3 cerrado. */
export type EstadoOt = 1 | 2 | 3;

// The list row, the form's permissions, the timeline and the board: the server's reply types
// (services/api/work-orders/work-order-contracts.ts).
export type {
  BoardOrder,
  BoardReply,
  BoardSite,
  TimelineReply,
  TimelineStep,
  TimelineSummary,
  WorkOrderPermissions,
  WorkOrderRow,
} from '@shared/contracts/work-orders';

/** The lines as the form call sends them: the decider's line types (events/work-order/types.ts)
 * with the names the call resolves for display. */
export type WorkLineItem = WorkLine & { elemento?: string; grupo_funcional?: string };

/** The Pedido's fields (the site warehouse's), absent from the OT form's own lines. */
type PedidoField = 'cantidad_en_almacen_obra' | 'usar_stock_solicitud' | 'id_producto_solicitado_stock_solicitud' | 'cantidad_stock_solicitud' | 'id_producto_solicitado';

export type PartLineItem = Omit<PartLine, 'vale_salida' | PedidoField> & Partial<Pick<PartLine, PedidoField>> & {
  vale_salida?: string;
  elemento?: string;
  material?: string;
  unidad?: string;
  estado_nombre?: string;
};

export type DocumentItem = DocLine & { url?: string };

/** The `item` of GET /ordenes_trabajo/form. */
export type WorkOrderItem = {
  id: number;
  codigo: string;
  estado: EstadoOt;
  version: number;
  id_obra: number | null;
  obra?: string;
  id_equipo: number | null;
  /** Issue 20: a new OT opened from this preventive-maintenance plan of the machine, and its name. */
  id_pm_plan?: number | null;
  pm_plan?: string;
  equipo_codigo?: string | null;
  equipo_descripcion?: string | null;
  placa_equipo: string | null;
  serie_equipo: string | null;
  fecha_parada: string | null;
  fecha_puesta_marcha: string | null;
  fecha_apertura_ot: string | null;
  fecha_cierre_ot: string | null;
  horometro_parada: number | null;
  horometro_puesta_marcha: number | null;
  horometro_apertura_ot: number | null;
  horometro_cierre_ot: number | null;
  kilometraje: number | null;
  tercero_ruc: string | null;
  tercero_razon_social: string | null;
  id_operador: number | null;
  id_mecanico: number | null;
  id_supervisor: number | null;
  firma_operador: number;
  firma_mecanico: number;
  firma_supervisor: number;
  sin_productos: number;
  /** Issue 19: 1 MP, 2 MC, 3 MCD (absent on replies before it: MC). */
  id_tipo_mantenimiento?: number;
  atendido_por_almacen_obra: number;
  id_solicitud_compra: number | null;
  /** The linked request's kind and state, as the order records them ('compra', 'borrador'). */
  solicitud_tipo?: string | null;
  solicitud_estado?: string | null;
  rechazado_id: number | null;
  id_replica?: number | null;
  tiempo_parada: Duration;
  tiempo_ejecucion: Duration;
  diagnosticos: WorkLineItem[];
  intervenciones: WorkLineItem[];
  productos_solicitados: PartLineItem[];
  documentos: DocumentItem[];
  labels: string[];
  permissions: WorkOrderPermissions;
};

/** GET /ordenes_trabajo/form: the server's reply with the item as the screens read it.
 * `conversion_unidades` is read defensively (seed 001 §8: when it is not an array the full unit
 * list applies). */
export type WorkOrderFormReply = Omit<WorkOrderFormPayload, 'item'> & { item: WorkOrderItem };

export type UnitOption = { value: number; label: string; decimales?: number };

/** GET /ordenes_trabajo/form. `conversion_unidades` is read defensively (seed 001 §8: when it is
 * not an array the full unit list applies). */

