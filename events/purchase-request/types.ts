import type { Event } from '../types';
import type { ProductStateCode, RequestKind, RequestStateCode } from '@shared/purchase-request-codes';
import type { RequestForm } from './request-form';

/** A requested product as the request's rules see it: its id and state (quantities and the rest
 * live in the read model), and once its purchase order is approved, SICAM's price and currency. */
export type RequestProduct = {
  id: number;
  estado: ProductStateCode;
  precio?: number | null;
  moneda?: string | null;
  /** What the product brings to the site, and how much of it other orders took as stock
   * (stock requests, issue 16); absent in states folded before they were kept. */
  cantidad?: number;
  reservado?: number;
  /** Sent to the site by the central warehouse (transfers with a waybill) and received there. */
  enviado?: number;
  recibido?: number;
  /** What the central warehouse left to buy (its Pedido), and what central entries brought in
   * for the product so far (issue 17); absent until recorded. */
  porComprar?: number;
  entrada?: number;
};

/** A product line of a request as the form saves it: the material (or a free description), its
 * unit and the quantity asked for. */
export type NewRequestProduct = {
  id: number;
  id_material: number | null;
  cantidad: number;
  codigo?: string | null;
  descripcion?: string | null;
  id_unidad?: number | null;
  /** From a site warehouse's Pedido (crearPreSolicitud): the OT line it carries, the technician's
   * quantity and what the site covered (site stock, another request's stock); `cantidad` is then
   * what is left to request. Absent on requests written in the form. */
  id_linea_ot?: number | null;
  solicitud_material?: 0 | 1;
  cantidad_solicitada_por_tecnico?: number;
  cantidad_en_almacen_obra?: number;
  usar_stock_solicitud?: 0 | 1;
  id_producto_solicitado_stock_solicitud?: number | null;
  cantidad_stock_solicitud?: number;
};

/** A document attached to a request (seed 002 §3 `documentos`): the stored file's name (`pic`,
 * checked by content when uploaded), its original name and the requester's observations. */
export type RequestDocument = { id: number; pic: string; observaciones: string; nombre?: string };

/** What the central warehouse records per product (seed 002 §1.1 D): its stock, the rest to buy,
 * `en_almacen_central` (1 by itself when nothing is left to buy) and a note. */
export type CentralProductLine = {
  id: number;
  cantidad_en_almacen_central: number;
  cantidad_solicitada_por_almacen_central: number;
  en_almacen_central: 0 | 1;
  observacion_almacen_central: string;
};

/** A line of the central Pedido's form: the central stock of a product and a note. */
export type CentralOrderLine = { id: number; cantidad_en_almacen_central: number; observacion_almacen_central?: string | null };

/** A live product of the request as the central Pedido reads it: what the site asked for, and the
 * central stock and the rest to buy the Pedido recorded so far. */
export type CentralOrderProduct = {
  id: number;
  cantidad_solicitada_por_almacen_obra: number;
  cantidad_en_almacen_central: number;
  cantidad_solicitada_por_almacen_central: number;
};

/** A purchase, service or dispatch request (seed 002 §2): `purchase_request-{id}`. Events that
 * move the request also carry the state its live products move to (`estado_productos`; products
 * already cancelled (2) or in an annulled order (13) keep theirs) and the work order it was raised
 * from, which follows its state (projections/reactors/work-order-follows-request.ts). */
export type PurchaseRequestEvent =
  /** `fields`: what the work order and its site know (issue 28; absent in older events). */
  | Event<'PurchaseRequestDrafted', { id: number; tipo: 'servicio'; id_orden_trabajo: number; id_obra: number | null; codigo?: string; fields?: Record<string, unknown>; by: number }>
  | Event<'PurchaseRequestCreated', {
      id: number;
      codigo: string;
      tipo: RequestKind;
      id_obra: number;
      id_orden_trabajo: number | null;
      creado_desde_ot: boolean;
      /** The form's fields (projections/purchase-requests REQUEST_FIELD_COLUMNS); `id_frente_obra`
       * (issue 29) is absent in older events, read as none. */
      fields: Record<string, unknown>;
      productos: NewRequestProduct[];
      /** Absent in older events. */
      documentos?: RequestDocument[];
      by: number;
    }>
  | Event<'PurchaseRequestEdited', {
      id: number;
      fields: Record<string, unknown>;
      productos_agregados: NewRequestProduct[];
      productos_quitados: number[];
      /** Lines kept whose material, unit or quantity changed (absent in older events). */
      productos_editados?: NewRequestProduct[];
      /** Documents attached and removed by this save (absent when none). */
      documentos_agregados?: RequestDocument[];
      documentos_quitados?: number[];
      by: number;
    }>
  | Event<'PurchaseRequestCentralQuantitiesSaved', { id: number; productos: CentralProductLine[]; by: number }>
  | Event<'PurchaseRequestSent', { id: number; id_orden_trabajo: number | null; estado: RequestStateCode; estado_productos: ProductStateCode; by: number }>
  /** `en_almacen_central`: the products the central warehouse served entirely from its stock
   * (nothing left to buy) while others go on to approval: they move to 8 en almacén central, not to
   * `estado_productos` (issue 28; absent in older events, where every live product moved). */
  | Event<'PurchaseRequestAttendedByCentral', { id: number; id_orden_trabajo: number | null; estado: RequestStateCode; estado_productos: ProductStateCode; en_almacen_central?: number[]; by: number }>
  | Event<'PurchaseRequestObserved', { id: number; id_orden_trabajo: number | null; motivo_observado: string; estado: RequestStateCode; estado_productos: ProductStateCode; by: number }>
  /** Approval and rejection decide on what waits for approval: `productos` names the products that
   * move (those in 4; issue 28); absent in older events, where every live product moved. */
  | Event<'PurchaseRequestApproved', { id: number; id_orden_trabajo: number | null; estado: RequestStateCode; estado_productos: ProductStateCode; productos?: number[]; by: number }>
  | Event<'PurchaseRequestRejected', { id: number; id_orden_trabajo: number | null; motivo_rechazo: string; estado: RequestStateCode; estado_productos: ProductStateCode; productos?: number[]; by: number }>
  | Event<'PurchaseRequestAnnulled', { id: number; id_orden_trabajo: number | null; estado: RequestStateCode; estado_productos: ProductStateCode; by: number }>
  | Event<'RequestedProductAnnulled', { id: number; id_producto: number; estado: ProductStateCode; by: number }>
  /** The site received products the central warehouse sent it (seed 002 §7 `/almacen_obra_entradas`);
   * `completos`: products now entirely received (→ 10 recibido en almacén obra). */
  | Event<'RequestedProductsReceivedAtSite', { id: number; id_entrada: number; entradas: { id_producto: number; cantidad: number }[]; completos: number[]; by: number }>
  /** The site issued the work-order lines these products carry (`completos`: entirely issued → 11). */
  /** The central warehouse sent products to the site with a waybill (seed 002 §7
   * `/almacen_central_traslado_materiales`): per product what left and the group it left from
   * (`numero_orden` of the purchase order's entries, '' for central stock); `completos`: products
   * now entirely sent (→ 9 en almacén obra; absent when none). */
  | Event<'RequestedProductsSentToSite', { id: number; id_traslado: number; numero_guia: string; salidas: SentProduct[]; completos?: number[]; by: number }>
  | Event<'RequestedProductsIssued', { id: number; id_salida: number; productos: { id_producto: number; cantidad: number }[]; completos: number[]; by: number }>
  /** Every product issued, cancelled or annulled in its order: the request is 7 finalizado. */
  | Event<'PurchaseRequestFinalized', { id: number; id_orden_trabajo: number | null; estado: RequestStateCode }>
  /** A site warehouse's Pedido took part of this (stock) request's product for a work order's line. */
  | Event<'RequestedProductStockReserved', { id: number; id_producto: number; cantidad: number; id_orden_trabajo: number; line_id: number; by: number }>
  | Event<'PurchaseRequestSentToSicam', { id: number; id_sicam: string }>
  | Event<'PurchaseRequestSicamFailed', { id: number; reason: string; attempts: number }>
  /** A product annulled in the order (RequestedProductAnnulled of a request in SICAM) was annulled
   * in SICAM too (services/worker/sicam-annul.ts), or SICAM could not be told (its reason). */
  | Event<'RequestedProductAnnulledInSicam', { id: number; id_producto: number; id_sicam: string }>
  | Event<'RequestedProductSicamAnnulFailed', { id: number; id_producto: number; reason: string; attempts: number }>
  // The purchase order's progress in SICAM, from the status pull (services/worker/sicam.ts). Each
  // names the products it moves (`productos`) and the state they move to (`estado_productos`):
  // the products in the order (5, 12 or 7) that SICAM did not annul on its own side.
  | Event<'PurchaseOrderSentForApproval', { id: number; id_sicam: string; numero_orden: string | null; estado_productos: ProductStateCode; productos: number[] }>
  | Event<'PurchaseOrderApproved', { id: number; id_sicam: string; numero_orden: string | null; estado_productos: ProductStateCode; productos: OrderProductPrice[] }>
  | Event<'PurchaseOrderAnnulled', { id: number; id_sicam: string; numero_orden: string | null; estado_productos: ProductStateCode; productos: number[] }>
  /** Central entries (an imported Excel file, `central_entry_file-{id_archivo}`) brought in
   * products of the order: per product what came in now (`cantidad`), its running total
   * (`cantidad_entrada`) and its state, 8 en almacén central once the quantity to buy arrived,
   * otherwise still 7 en OC. */
  | Event<'RequestedProductsEnteredCentral', { id: number; id_archivo: number; numero_orden: string; productos: CentralProductEntry[]; by: number }>;

/** What a central transfer sent of a requested product, and the group it left from. */
export type SentProduct = { id_producto: number; cantidad: number; numero_orden: string; codigo: string };

/** What one central entry brought to a requested product. */
export type CentralProductEntry = { id_producto: number; cantidad: number; cantidad_entrada: number; estado: ProductStateCode };

/** A product of an approved purchase order with the price and currency SICAM gave it. */
export type OrderProductPrice = { id_producto: number; precio: number | null; moneda: string | null };

/** The order's state in SICAM once it has one. */
export type SicamOrderState = 'enviada_aprobacion' | 'aprobada' | 'anulada';

/** What the status pull saw of a request in SICAM (`requestStatus` of services/shared/sicam-client.ts),
 * reduced to what the request's rules decide on. */
export type SicamStatusSeen = {
  estado: 'recibida' | SicamOrderState;
  numero_orden: string | null;
  productos: { id_producto_solicitado: number; precio: number | null; moneda: string | null; anulado: boolean }[];
};

export type PurchaseRequestCommand =
  | { type: 'DraftServiceRequest'; id: number; idOrdenTrabajo: number; idObra: number | null; codigo?: string; fields?: Record<string, unknown>; by: number }
  | {
      type: 'CreateRequest';
      id: number;
      codigo: string;
      tipo: RequestKind;
      idObra: number;
      idOrdenTrabajo: number | null;
      creadoDesdeOt?: boolean;
      fields: Record<string, unknown>;
      productos: NewRequestProduct[];
      documentos?: RequestDocument[];
      by: number;
    }
  | {
      type: 'EditRequest';
      id: number;
      fields: Record<string, unknown>;
      /** The saved products the form sends back (each must be the request's). */
      productosConservados?: number[];
      productosAgregados?: NewRequestProduct[];
      productosQuitados?: number[];
      productosEditados?: NewRequestProduct[];
      documentosAgregados?: RequestDocument[];
      documentosQuitados?: number[];
      by: number;
    }
  | { type: 'SaveCentralQuantities'; id: number; productos: CentralProductLine[]; by: number }
  /** The central Pedido as its form saves it: the lines sent and, from the read model, the
   * request's live products with what the site asked for and what the Pedido recorded so far;
   * `terminado`: "Atendido" in the same decision. */
  | { type: 'SaveCentralOrder'; id: number; lineas: CentralOrderLine[]; productos: CentralOrderProduct[]; terminado: boolean; by: number }
  /** A request form's save, checked before the request is created or edited (`refuseRequestForm`). */
  | { type: 'CheckRequestForm'; form: RequestForm }
  /** "Actualizar Estados": asks SICAM for the order; decides nothing itself (RecordSicamStatus does). */
  | { type: 'RefreshStates'; id: number }
  | { type: 'SendRequest'; id: number; by: number }
  | { type: 'AttendByCentral'; id: number; leftToBuy: boolean; by: number }
  | { type: 'ObserveRequest'; id: number; motivo: string; by: number }
  | { type: 'ApproveRequest'; id: number; canApprove: boolean; by: number }
  | { type: 'RejectRequest'; id: number; motivo: string; canApprove: boolean; by: number }
  | { type: 'AnnulRequest'; id: number; by: number }
  | { type: 'AnnulProduct'; id: number; idProducto: number; by: number }
  | { type: 'ReceiveAtSite'; id: number; idEntrada: number; entradas: { id_producto: number; cantidad: number; index: number }[]; by: number }
  | { type: 'SendToSite'; id: number; idTraslado: number; numeroGuia: string; salidas: (SentProduct & { index: number })[]; by: number }
  | { type: 'RecordProductsIssued'; id: number; idSalida: number; productos: { id_producto: number; cantidad: number }[]; completos: number[]; by: number }
  | { type: 'FinalizeRequest'; id: number }
  | { type: 'ReserveStock'; id: number; idProducto: number; cantidad: number; idOrdenTrabajo: number; lineId: number; by: number }
  | { type: 'RecordSicamSent'; id: number; idSicam: string }
  | { type: 'RecordSicamFailed'; id: number; reason: string; attempts: number }
  | { type: 'RecordProductAnnulledInSicam'; id: number; idProducto: number }
  | { type: 'RecordProductSicamAnnulFailed'; id: number; idProducto: number; reason: string; attempts: number }
  | { type: 'RecordSicamStatus'; id: number; status: SicamStatusSeen }
  | { type: 'EnterInCentral'; id: number; idArchivo: number; numeroOrden: string; entradas: { idProducto: number; cantidad: number }[]; by: number };

export type PurchaseRequestState =
  | { status: 'absent' }
  | {
      status: 'present';
      id: number;
      tipo: RequestKind;
      estado: RequestStateCode;
      idOrdenTrabajo: number | null;
      idObra: number | null;
      creadoDesdeOt: boolean;
      atendido: boolean;
      enviadoSicam: boolean;
      /** SICAM's id once the push succeeded. */
      idSicam: string | null;
      /** The purchase order's state and number as the status pull last recorded them. */
      orden: { estado: SicamOrderState; numero: string | null } | null;
      productos: RequestProduct[];
      /** The ids of the documents attached. */
      documentos: number[];
      /** The request type (`id_solicitudes_tipo`) saved, null while none was chosen: once chosen
       * and saved it no longer changes (seed 002 L117, issue 28). */
      idSolicitudesTipo?: number | null;
    };
