import type { FieldChange } from '@shared/diff';
import type { Event } from '../types';

/** Seed 001 §4: work order estado 1 abierto, 2 cancelado, 3 cerrado. */
export const ESTADO_OT = { abierto: 1, cancelado: 2, cerrado: 3 } as const;
export type EstadoOt = (typeof ESTADO_OT)[keyof typeof ESTADO_OT];

/** The four line tables of the form (seed 001 §2), named as the create call sends them. */
export const TABLAS = ['diagnosticos', 'intervenciones', 'productos_solicitados', 'documentos'] as const;
export type Tabla = (typeof TABLAS)[number];

/** Date-times travel as local Peru wall-clock 'YYYY-MM-DD HH:mm' (the form's inputs). */
export type Header = {
  id_obra: number | null;
  id_equipo: number | null;
  placa_equipo: string;
  serie_equipo: string;
  fecha_parada: string | null;
  fecha_puesta_marcha: string | null;
  fecha_apertura_ot: string | null;
  fecha_cierre_ot: string | null;
  horometro_parada: number | null;
  horometro_puesta_marcha: number | null;
  horometro_apertura_ot: number | null;
  horometro_cierre_ot: number | null;
  kilometraje: number | null;
  tercero_ruc: string;
  tercero_razon_social: string;
  id_operador: number | null;
  id_mecanico: number | null;
  id_supervisor: number | null;
  sin_productos: 0 | 1;
};

export const HEADER_FIELDS: (keyof Header)[] = [
  'id_obra', 'id_equipo', 'placa_equipo', 'serie_equipo', 'fecha_parada', 'fecha_puesta_marcha', 'fecha_apertura_ot', 'fecha_cierre_ot',
  'horometro_parada', 'horometro_puesta_marcha', 'horometro_apertura_ot', 'horometro_cierre_ot', 'kilometraje', 'tercero_ruc',
  'tercero_razon_social', 'id_operador', 'id_mecanico', 'id_supervisor', 'sin_productos',
];

/** The three people who sign the order (seed 001 §2: each with a signed checkbox). */
export const FIRMAS = { operador: 'id_operador', mecanico: 'id_mecanico', supervisor: 'id_supervisor' } as const;
export type Firmante = keyof typeof FIRMAS;
export type Firmas = Record<Firmante, 0 | 1>;

/** Diagnosis and intervention rows (seed 001 §3). */
export type WorkLine = {
  id: number;
  id_grupo_funcional: number | null;
  id_grupo_funcional_elemento: number | null;
  descripcion: string;
  horas: number;
  minutos: number;
  observacion: string;
};

/** Requested spare part row (seed 001 §3); `estado` 1 pendiente, 2 atendido (released by the
 * site warehouse with an exit voucher, later documents). */
export type PartLine = {
  id: number;
  id_grupo_funcional: number | null;
  id_grupo_funcional_elemento: number | null;
  descripcion: string;
  id_unidad: number | null;
  id_material: number | null;
  codigo_material: string;
  id_material_tipo: number | null;
  solicitud_material: 0 | 1;
  cantidad_solicitada_por_tecnico: number;
  estado: number;
  vale_salida: string;
};

/** Additional document row: `pic` is the stored upload's name; `nombre` the file's name as the user
 * sent it (display and download only; absent on rows saved before it was kept). */
export type DocLine = { id: number; pic: string; observaciones: string; nombre?: string };

export type Line = WorkLine | PartLine | DocLine;
export type LineOf<T extends Tabla> = T extends 'productos_solicitados' ? PartLine : T extends 'documentos' ? DocLine : WorkLine;
export type Lines = { [T in Tabla]: Record<string, LineOf<T>> };

/** Who acts: the role decides cancelling (admin or root) and the flag service-request creation. */
export type Actor = { id: number; roleId: number; canCreateRequest: boolean };

/** Estado of the linked purchase request as the OT sees it (seed 002: borrador is the draft). */
export type RequestLink = { id: number; tipo: 'compra' | 'servicio'; estado: string };

export type WorkOrderEvent =
  | Event<'WorkOrderOpened', { id: number; codigo: string; header: Header; rechazado_id: number | null; by: number }>
  | Event<'WorkOrderDetailsChanged', { id: number; changes: Partial<Record<keyof Header, FieldChange>> }>
  | Event<'WorkOrderSigned', { id: number; firmante: Firmante; id_user: number }>
  | Event<'WorkOrderSignatureWithdrawn', { id: number; firmante: Firmante; id_user: number | null }>
  | Event<'WorkOrderLineAdded', { id: number; tabla: Tabla; line: Line }>
  | Event<'WorkOrderLineChanged', { id: number; tabla: Tabla; line_id: number; changes: Record<string, FieldChange> }>
  | Event<'WorkOrderLineRemoved', { id: number; tabla: Tabla; line_id: number; line: Line; reason: 'eliminado' | 'sin_productos' }>
  /** CIERRE MECANICO: the order saved without finishing it. */
  | Event<'WorkOrderSaved', { id: number }>
  /** CIERRE TOTAL (terminado = 1). */
  | Event<'WorkOrderClosed', { id: number }>
  | Event<'WorkOrderCancelled', { id: number }>
  | Event<'WorkOrderReplicated', { id: number; id_replica: number }>
  | Event<'WorkOrderRequestLinked', { id: number; request: RequestLink }>
  | Event<'WorkOrderRequestStateChanged', { id: number; estado: string }>
  | Event<'WorkOrderAttendedBySiteWarehouse', { id: number }>;

/** What a save sends for each table: id 0 for a new line. */
export type LinesInput = {
  diagnosticos: WorkLine[];
  intervenciones: WorkLine[];
  productos_solicitados: PartLine[];
  documentos: DocLine[];
};

export type WorkOrderCommand =
  | {
      type: 'SaveWorkOrder';
      id: number;
      /** Assigned by the handler on the first save (unique per site). */
      codigo: string;
      header: Header;
      firmas: Firmas;
      lines: LinesInput;
      /** CIERRE TOTAL when true, CIERRE MECANICO otherwise. */
      terminado: boolean;
      rechazado_id: number | null;
      /** Ids for the new lines, consumed in order (the decider stays pure). */
      newLineIds: number[];
      /** Allowed unit ids per material type (from the unit conversions); a type missing here
       * accepts every unit (seed 001 §8: the full unit list when the conversion list is not an array). */
      allowedUnits: Record<string, number[]>;
      actor: Actor;
    }
  | { type: 'RemoveLine'; tabla: Tabla; lineId: number; actor: Actor }
  | { type: 'CancelWorkOrder'; actor: Actor }
  | { type: 'MarkReplicated'; id_replica: number; actor: Actor }
  | { type: 'LinkRequest'; request: RequestLink; actor: Actor; viaServiceRequest: boolean }
  | { type: 'ChangeRequestState'; estado: string }
  | { type: 'MarkAttendedBySiteWarehouse' };

export type WorkOrderState = {
  status: 'absent' | 'abierto' | 'cancelado' | 'cerrado';
  id: number;
  codigo: string;
  header: Header;
  firmas: Firmas;
  lines: Lines;
  rechazado_id: number | null;
  id_replica: number | null;
  request: RequestLink | null;
  atendido_por_almacen_obra: 0 | 1;
};
