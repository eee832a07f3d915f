import type { FieldChange } from '@shared/diff';
import type { Actor, DocLine, Firmante, Firmas, Header, IssuedPart, Line, Lines, MaterialCreation, MaterialCreationLine, PartLine, RequestLink, SiteOrderLine, Tabla, WorkLine } from '@shared/work-order';
import type { Event } from '../types';

export * from '@shared/work-order';

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
  /** The site warehouse's Pedido saved (the lines' changes are WorkOrderLineChanged events of the
   * same command). `by`: absent in events stored before the Pedido existed. */
  | Event<'WorkOrderSiteOrderSaved', { id: number; by: number }>
  | Event<'WorkOrderAttendedBySiteWarehouse', { id: number; by?: number }>
  /** Lines asking for a new material, sent to SICAM by the worker (outbox job in the same transaction). */
  | Event<'MaterialCreationRequested', { id: number; lineas: MaterialCreationLine[]; by: number }>
  | Event<'MaterialCreationSentToSicam', { id: number; id_sicam: string }>
  | Event<'MaterialCreationSicamFailed', { id: number; reason: string; attempts: number }>
  /** SICAM created the material of a line: the catalogue's material (type_generation 2) is linked. */
  | Event<'RequestedMaterialCreated', { id: number; line_id: number; id_material: number; codigo_material: string; descripcion: string; id_material_tipo: number | null }>
  /** Products of the order's purchase request received at the site, per line (they can be issued). */
  | Event<'WorkOrderPartsReceived', { id: number; id_entrada: number; entradas: IssuedPart[] }>
  /** Parts issued to the technicians by the site warehouse with an exit voucher (VALE SALIDA). */
  | Event<'WorkOrderPartsIssued', { id: number; id_salida: number; vale_salida: string; salidas: IssuedPart[]; by: number }>
  /** The products of the purchase request generated from the Pedido, per line. */
  | Event<'WorkOrderPartsRequested', { id: number; id_solicitud_compra: number; productos: { line_id: number; id_producto: number }[] }>;

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
  /** `fromDraftParts`: the compra a work order's draft parts generate (crearPreSolicitud), allowed
   * as `canGeneratePurchaseRequest` says. */
  | { type: 'LinkRequest'; request: RequestLink; actor: Actor; viaServiceRequest: boolean; fromDraftParts?: boolean }
  | { type: 'ChangeRequestState'; estado: string }
  | { type: 'MarkAttendedBySiteWarehouse'; by?: number }
  | {
      type: 'SaveSiteOrder';
      lines: SiteOrderLine[];
      terminado: boolean;
      /** Allowed unit ids per material type (as SaveWorkOrder). */
      allowedUnits: Record<string, number[]>;
      /** Per stock product named by a line: what is still available to this order (the product's
       * quantity less what other orders took), read in the command's transaction. */
      stockAvailable: Record<string, number>;
      by: number;
    }
  | { type: 'RecordMaterialsSent'; idSicam: string }
  | { type: 'RecordMaterialsFailed'; reason: string; attempts: number }
  | { type: 'LinkCreatedMaterial'; lineId: number; idMaterial: number; codigo: string; descripcion: string; idMaterialTipo: number | null }
  | { type: 'RecordPartsRequested'; idSolicitud: number; productos: { line_id: number; id_producto: number }[] }
  /** `index`: the position of each line in the call's `salidas[]`, for field errors. */
  | { type: 'RecordPartsReceived'; idEntrada: number; entradas: IssuedPart[] }
  | { type: 'IssueParts'; idSalida: number; vale: string; salidas: (IssuedPart & { index: number })[]; by: number };

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
  /** The material-creation request, once the Pedido was attended with such lines. */
  materiales: MaterialCreation | null;
};
