import { defineCatalogue } from '../catalogue';
import type { WorkOrderEvent } from './types';

/** Work orders (`work_order-{id}`): live topics are the record's own (`work_order`, `work_order:7`). */
export const workOrderCatalogue = defineCatalogue<WorkOrderEvent>()({
  WorkOrderOpened: { label: 'Apertura de OT', name: 'abrió', icon: 'assignment_add', color: 'success', milestone: 1 },
  WorkOrderDetailsChanged: { label: 'Modificación de OT', name: 'modificó', icon: 'edit', color: 'info' },
  WorkOrderSigned: { label: 'Firma de OT', name: 'registró una firma en', icon: 'draw', color: 'primary' },
  WorkOrderSignatureWithdrawn: { label: 'Retiro de firma de OT', name: 'retiró una firma de', icon: 'ink_eraser', color: 'warning' },
  WorkOrderLineAdded: { label: 'Fila agregada a OT', name: 'agregó una fila a', icon: 'playlist_add', color: 'info' },
  WorkOrderLineChanged: { label: 'Fila modificada de OT', name: 'modificó una fila de', icon: 'edit_note', color: 'info' },
  WorkOrderLineRemoved: { label: 'Fila eliminada de OT', name: 'eliminó una fila de', icon: 'playlist_remove', color: 'warning' },
  WorkOrderSaved: { label: 'Cierre mecánico', name: 'guardó (CIERRE MECÁNICO)', icon: 'build', color: 'primary' },
  WorkOrderClosed: { label: 'Cierre total', name: 'cerró (CIERRE TOTAL)', icon: 'task_alt', color: 'success', milestone: 18 },
  WorkOrderCancelled: { label: 'Cancelación de OT', name: 'canceló', icon: 'cancel', color: 'danger' },
  WorkOrderReplicated: { label: 'Réplica de OT', name: 'replicó', icon: 'content_copy', color: 'info' },
  WorkOrderRequestLinked: { label: 'Solicitud desde OT', name: 'generó una solicitud desde', icon: 'request_quote', color: 'primary', milestone: { compra: 5, servicio: 6 } },
  WorkOrderRequestStateChanged: { label: 'Estado de solicitud de OT', name: 'actualizó la solicitud de', icon: 'sync', color: 'secondary' },
  WorkOrderAttendedBySiteWarehouse: { label: 'Atención de almacén', name: 'atendió', icon: 'inventory', color: 'success', milestone: 2 },
  WorkOrderSiteOrderSaved: { label: 'Pedido del almacén de obra', name: 'guardó el pedido del almacén de obra de', icon: 'warehouse', color: 'info' },
  MaterialCreationRequested: { label: 'Solicitud de creación de materiales', name: 'pidió crear materiales para', icon: 'add_box', color: 'primary' },
  MaterialCreationSentToSicam: { label: 'Materiales enviados a SICAM', name: 'registró el envío a SICAM de los materiales de', icon: 'cloud_done', color: 'success', milestone: 3 },
  MaterialCreationSicamFailed: { label: 'Falla de envío de materiales a SICAM', name: 'registró una falla de envío a SICAM de los materiales de', icon: 'cloud_off', color: 'danger' },
  RequestedMaterialCreated: { label: 'Material creado en SICAM', name: 'registró un material creado en SICAM para', icon: 'new_releases', color: 'success', milestone: 4 },
  WorkOrderPartsReceived: { label: 'Repuestos recibidos en obra', name: 'registró repuestos recibidos en obra para', icon: 'move_to_inbox', color: 'info', milestone: 16 },
  WorkOrderPartsIssued: { label: 'Salida de almacén', name: 'registró una salida de almacén para', icon: 'outbox', color: 'success', milestone: 17 },
  WorkOrderPartsRequested: { label: 'Repuestos solicitados', name: 'pasó a una solicitud de compra los repuestos de', icon: 'request_quote', color: 'primary' },
});
