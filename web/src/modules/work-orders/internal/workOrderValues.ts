import { PRODUCT_STATE_NAMES, type ProductStateCode } from '@shared/purchase-request-codes';
import type { Header, PartLine } from '@shared/work-order';
import type { DocumentItem, PartLineItem, WorkLineItem, WorkOrderItem } from '../workOrderTypes';

// The editable state of the work-order form. Numbers typed by the user stay text until they are
// sent (the server parses them); every line carries a client `key` so rows keep their identity
// while others are added or removed.

export type WorkLineValues = {
  key: string;
  id: number;
  id_grupo_funcional: number | null;
  id_grupo_funcional_elemento: number | null;
  descripcion: string;
  horas: string;
  minutos: string;
  observacion: string;
};

/** A spare-part line as the form edits it: the stored line's fields (events/work-order/types.ts),
 * the quantity as typed text. */
export type PartLineValues = Pick<
  PartLine,
  'id' | 'id_grupo_funcional' | 'id_grupo_funcional_elemento' | 'descripcion' | 'id_unidad' | 'id_material' | 'codigo_material' | 'id_material_tipo' | 'solicitud_material'
> & {
  key: string;
  cantidad: string;
  /** Read-only: the warehouse's state of a saved line (1 pendiente, 2 atendido). */
  estado: number;
  estado_nombre: string;
};

export type DocumentValues = {
  key: string;
  id: number;
  observaciones: string;
  /** A new file to upload (new rows only). */
  file: File | null;
  /** The stored file of a saved row, its address and the name it had when sent. */
  pic: string;
  url: string;
  nombre: string;
};

/** The header as the form edits it: the stored header's fields (shared/work-order.ts `Header`),
 * the readings and mileage as typed text, the flags as checkboxes. */
type TypedAsText = 'horometro_parada' | 'horometro_puesta_marcha' | 'horometro_apertura_ot' | 'horometro_cierre_ot' | 'kilometraje';

export type WorkOrderValues = Omit<Header, TypedAsText | 'sin_productos' | 'id_tipo_mantenimiento'> &
  Record<TypedAsText, string> & {
    firma_operador: boolean;
    firma_mecanico: boolean;
    firma_supervisor: boolean;
    sin_productos: boolean;
    id_tipo_mantenimiento: number;
    diagnosticos: WorkLineValues[];
    intervenciones: WorkLineValues[];
    productos_solicitados: PartLineValues[];
    documentos: DocumentValues[];
  };

export type LineTable = 'diagnosticos' | 'intervenciones' | 'productos_solicitados' | 'documentos';

let counter = 0;
/** A client key for a row (saved rows keep theirs: 'id-12'). */
export function newRowKey(): string {
  counter += 1;
  return `new-${counter}`;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** What an intervention and a spare-part line share: the key, the group and element, the text. */
function lineBase(l: WorkLineItem | PartLineItem) {
  return {
    key: `id-${l.id}`,
    id: l.id,
    id_grupo_funcional: l.id_grupo_funcional ?? null,
    id_grupo_funcional_elemento: l.id_grupo_funcional_elemento ?? null,
    descripcion: l.descripcion ?? '',
  };
}

function workLine(l: WorkLineItem): WorkLineValues {
  return {
    ...lineBase(l),
    horas: text(l.horas ?? 0),
    minutos: text(l.minutos ?? 0),
    observacion: l.observacion ?? '',
  };
}

function partLine(l: PartLineItem): PartLineValues {
  return {
    ...lineBase(l),
    id_unidad: l.id_unidad ?? null,
    id_material: l.id_material ?? null,
    codigo_material: l.codigo_material ?? '',
    id_material_tipo: l.id_material_tipo ?? null,
    solicitud_material: l.solicitud_material === 1 ? 1 : 0,
    cantidad: text(l.cantidad_solicitada_por_tecnico),
    estado: Number(l.estado ?? 1),
    estado_nombre: l.estado_nombre ?? PRODUCT_STATE_NAMES[Number(l.estado ?? 1) as ProductStateCode] ?? '',
  };
}

function document(d: DocumentItem): DocumentValues {
  return { key: `id-${d.id}`, id: d.id, observaciones: d.observaciones ?? '', file: null, pic: d.pic ?? '', url: d.url ?? '', nombre: d.nombre || d.pic || '' };
}

/** The form's values from GET /ordenes_trabajo/form's item. Replica lines come with id 0: they
 * get fresh keys so they are new lines of the new order. */
export function toFormValues(item: WorkOrderItem): WorkOrderValues {
  const rekey = <T extends { id: number; key: string }>(row: T): T => (row.id > 0 ? row : { ...row, key: newRowKey() });
  return {
    id_obra: item.id_obra ?? null,
    id_equipo: item.id_equipo ?? null,
    placa_equipo: item.placa_equipo ?? '',
    serie_equipo: item.serie_equipo ?? '',
    fecha_parada: item.fecha_parada ?? null,
    fecha_puesta_marcha: item.fecha_puesta_marcha ?? null,
    fecha_apertura_ot: item.fecha_apertura_ot ?? null,
    fecha_cierre_ot: item.fecha_cierre_ot ?? null,
    horometro_parada: text(item.horometro_parada),
    horometro_puesta_marcha: text(item.horometro_puesta_marcha),
    horometro_apertura_ot: text(item.horometro_apertura_ot),
    horometro_cierre_ot: text(item.horometro_cierre_ot),
    kilometraje: text(item.kilometraje),
    tercero_ruc: item.tercero_ruc ?? '',
    tercero_razon_social: item.tercero_razon_social ?? '',
    id_operador: item.id_operador ?? null,
    id_mecanico: item.id_mecanico ?? null,
    id_supervisor: item.id_supervisor ?? null,
    firma_operador: item.firma_operador === 1,
    firma_mecanico: item.firma_mecanico === 1,
    firma_supervisor: item.firma_supervisor === 1,
    sin_productos: item.sin_productos === 1,
    id_tipo_mantenimiento: item.id_tipo_mantenimiento ?? 2,
    diagnosticos: (item.diagnosticos ?? []).map(workLine).map(rekey),
    intervenciones: (item.intervenciones ?? []).map(workLine).map(rekey),
    productos_solicitados: (item.productos_solicitados ?? []).map(partLine).map(rekey),
    documentos: (item.documentos ?? []).map(document).map(rekey),
  };
}

/** A blank row of a table ('Agregar'). Seed 001 §5: horas and minutos default to 0. */
export function blankWorkLine(): WorkLineValues {
  return { key: newRowKey(), id: 0, id_grupo_funcional: null, id_grupo_funcional_elemento: null, descripcion: '', horas: '0', minutos: '0', observacion: '' };
}

export function blankPartLine(): PartLineValues {
  return {
    key: newRowKey(),
    id: 0,
    id_grupo_funcional: null,
    id_grupo_funcional_elemento: null,
    descripcion: '',
    id_unidad: null,
    id_material: null,
    codigo_material: '',
    id_material_tipo: null,
    solicitud_material: 0,
    cantidad: '1',
    estado: 1,
    estado_nombre: '',
  };
}

export function blankDocument(): DocumentValues {
  return { key: newRowKey(), id: 0, observaciones: '', file: null, pic: '', url: '', nombre: '' };
}
