// The shapes of the site warehouse's calls (seed 002 §2, §4, §7 "Site warehouse") as the screens
// read them. The server's reply types will replace these once its contracts land on this branch.

/** The material-creation request's state towards SICAM: not sent yet, sent, or refused. */
export type MaterialsState = 'pendiente' | 'enviado' | 'fallido' | null;

/** A row of GET /almacen_obra_ots: a work order as the site warehouse sees it. */
export type SiteOrderRow = {
  id: number;
  codigo: string;
  codigo_obra: string | null;
  equipo_codigo: string | null;
  equipo_descripcion: string | null;
  fecha_apertura_ot: string | null;
  estado: number;
  estado_nombre: string;
  atendido_por_almacen_obra: number;
  id_solicitud_compra: number | null;
  codigo_solicitud_compra: string | null;
  tiene_productos_en_solicitud_material: number;
  creacion_materiales_atendidos: number;
  materiales_estado: MaterialsState;
  supervisor: string | null;
  version: number;
};

/** A spare-part line of the Pedido as the form reads it. */
export type SiteOrderProduct = {
  id: number;
  elemento: string | null;
  codigo_material: string | null;
  id_material: number | null;
  id_material_tipo: number | null;
  descripcion: string | null;
  id_unidad: number | null;
  unidad: string | null;
  solicitud_material: number;
  cantidad_solicitada_por_tecnico: number;
  cantidad_en_almacen_obra: number | null;
  usar_stock_solicitud: number;
  id_producto_solicitado_stock_solicitud: number | null;
  cantidad_stock_solicitud: number | null;
  stock_solicitud: string | null;
  cantidad_solicitada_por_almacen_obra: number | null;
  estado: number;
  estado_nombre: string;
  vale_salida: string | null;
};

/** The work order of GET /almacen_obra_ots/form. */
export type SiteOrderItem = {
  id: number;
  codigo: string;
  estado: number;
  estado_nombre: string;
  id_obra: number;
  codigo_obra: string | null;
  obra: string | null;
  equipo_codigo: string | null;
  equipo_descripcion: string | null;
  fecha_apertura_ot: string | null;
  fecha_cierre_ot: string | null;
  supervisor: string | null;
  mecanico: string | null;
  atendido_por_almacen_obra: number;
  tiene_productos_en_solicitud_material: number;
  tiene_productos_en_borrador: number;
  creacion_materiales_atendidos: number;
  solicitud_materiales_enviado_sicam: number;
  materiales_estado: MaterialsState;
  materiales_motivo: string | null;
  id_solicitud_compra: number | null;
  codigo_solicitud_compra: string | null;
  version: number;
  productos_solicitados: SiteOrderProduct[];
};

export type UnitOption = { id: number; nombre: string };

/** GET /almacen_obra_ots/form's reply: the order, its units, and what the user may do with it. */
export type SiteOrderFormReply = {
  item: SiteOrderItem;
  unidades: UnitOption[];
  conversion_unidades: { id_material_tipo: number; id_unidad: number }[];
  editable: boolean;
  puede_atender: boolean;
  puede_reenviar_sicam: boolean;
  puede_generar_solicitud: boolean;
  /** Why the Pedido is read-only (attended, closed, cancelled), or null. */
  motivo_bloqueo: string | null;
  /** The order's 'REPUESTOS …' labels. */
  labels: string[];
};

/** An option of GET /fil_datas/stockProductosDeSolicitudesCompras: another request's product of
 * the same material and site with stock to lend. */
export type StockOption = {
  value: number;
  label: string;
  id_solicitud_compra: number;
  codigo_solicitud_compra: string;
  cantidad_disponible: number;
};
