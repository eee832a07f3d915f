// A work order's rules and shapes (seed 001 §4, seed 002): its states, tables, header and lines, as
// the write model, the API and the web all read them.

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
  /** Issue 19: the maintenance class the KPI and profitability reports split by (seed 002's
   * `id_gf` 1-3): 1 MP, 2 MC, 3 MCD (TIPO_MANTENIMIENTO). Orders stored before it read as MC
   * (events/upcast.ts). */
  id_tipo_mantenimiento: TipoMantenimiento;
};

/** Issue 19 (SEED-002-ANALYSIS ambiguity 13): the maintenance types, fixed ids the reports hang
 * on; their labels live in the admin catalogue /tipos_mantenimiento. MC and MCD are corrective. */
export const TIPO_MANTENIMIENTO = { MP: 1, MC: 2, MCD: 3 } as const;
export type TipoMantenimiento = (typeof TIPO_MANTENIMIENTO)[keyof typeof TIPO_MANTENIMIENTO];
export const TIPOS_MANTENIMIENTO: readonly TipoMantenimiento[] = [1, 2, 3];

export const HEADER_FIELDS: (keyof Header)[] = [
  'id_obra', 'id_equipo', 'placa_equipo', 'serie_equipo', 'fecha_parada', 'fecha_puesta_marcha', 'fecha_apertura_ot', 'fecha_cierre_ot',
  'horometro_parada', 'horometro_puesta_marcha', 'horometro_apertura_ot', 'horometro_cierre_ot', 'kilometraje', 'tercero_ruc',
  'tercero_razon_social', 'id_operador', 'id_mecanico', 'id_supervisor', 'sin_productos', 'id_tipo_mantenimiento',
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

/** Requested spare part row (seed 001 §3). `estado` is one of seed 002's 14 product codes
 * (events/purchase-request/codes.ts: 1 borrador … 9 en almacén obra, 11 salida de almacén); rows
 * stored before schema version 2 used 1 pendiente / 2 atendido and are upcast (events/upcast.ts).
 * The site warehouse's Pedido (seed 002 §4) fills the last five fields; the quantity still to
 * request (`cantidad_solicitada_por_almacen_obra`) is derived from them (`toRequest`), never stored. */
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
  /** Taken from the site's own stock (at most the requested quantity). */
  cantidad_en_almacen_obra: number;
  /** Stock of another request's product (`id_producto_solicitado_stock_solicitud`) is used. */
  usar_stock_solicitud: 0 | 1;
  id_producto_solicitado_stock_solicitud: number | null;
  /** min(available, requested − site stock), fixed when the Pedido is saved. */
  cantidad_stock_solicitud: number;
  /** The product of the purchase request generated from the Pedido that carries this line. */
  id_producto_solicitado: number | null;
  /** Received at the site for this line (site receipts; absent: 0) and issued to the technicians
   * with exit vouchers (absent: 0). */
  cantidad_recibida?: number;
  cantidad_salida?: number;
};

/** One line of a site issue (seed 002 §7 `salidas[]`): the part line and the quantity issued. */
export type IssuedPart = { line_id: number; cantidad: number };

/** The fields of a part line the site warehouse's Pedido saves (seed 002 §7 "Site warehouse"). */
export const SITE_ORDER_FIELDS = [
  'solicitud_material', 'id_unidad', 'id_material', 'codigo_material', 'id_material_tipo', 'descripcion', 'cantidad_en_almacen_obra',
  'usar_stock_solicitud', 'id_producto_solicitado_stock_solicitud', 'cantidad_stock_solicitud',
] as const;
export type SiteOrderLine = Pick<PartLine, 'id' | (typeof SITE_ORDER_FIELDS)[number]>;

/** A material-creation line as SICAM receives it. */
export type MaterialCreationLine = { line_id: number; descripcion: string; id_unidad: number | null; id_material_tipo: number | null };

/** The material-creation request of an order (seed 002 §4): lines with `solicitud_material=1`
 * sent to SICAM when the site warehouse attends; `estado` of the send. */
export type MaterialCreation = {
  estado: 'pendiente' | 'enviado' | 'fallido';
  id_sicam: string | null;
  motivo: string | null;
  lineas: MaterialCreationLine[];
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
