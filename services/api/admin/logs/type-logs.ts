/** How the log and the record history say what an event did, in Spanish. A log line reads
 * `{user_name} {prefix} {name} {target_name} {target_item_name} {suffix}` with empty parts left
 * out, e.g. "Ana Quispe Rojas creó Marca Volvo" or "Ana Quispe Rojas modificó Marca Volvo
 * (nombre)". `label` names the type in the filter; `icon` and `color` are the line's badge. */
export type TypeLog = { label: string; prefix: string; name: string; suffix: string; icon: string; color: string };

/** Every event type the log knows, in the order of the type filter. */
export const typeLogs: Readonly<Record<string, TypeLog>> = {
  RecordCreated: { label: 'Creación', prefix: '', name: 'creó', suffix: '', icon: 'add_circle', color: 'success' },
  RecordUpdated: { label: 'Modificación', prefix: '', name: 'modificó', suffix: '', icon: 'edit', color: 'info' },
  RecordEnabled: { label: 'Activación', prefix: '', name: 'activó', suffix: '', icon: 'toggle_on', color: 'success' },
  RecordDisabled: { label: 'Desactivación', prefix: '', name: 'desactivó', suffix: '', icon: 'toggle_off', color: 'warning' },
  RecordRemoved: { label: 'Eliminación', prefix: '', name: 'eliminó', suffix: '', icon: 'delete', color: 'danger' },
  SessionOpened: { label: 'Inicio de sesión', prefix: '', name: 'inició sesión', suffix: '', icon: 'login', color: 'primary' },
  SessionClosed: { label: 'Cierre de sesión', prefix: '', name: 'cerró sesión', suffix: '', icon: 'logout', color: 'secondary' },
  PasswordChanged: { label: 'Cambio de contraseña', prefix: '', name: 'cambió la contraseña de', suffix: '', icon: 'key', color: 'warning' },
  NotificationCreated: { label: 'Notificación', prefix: '', name: 'notificó a', suffix: '', icon: 'notifications', color: 'info' },
  NotificationRead: { label: 'Lectura de notificación', prefix: '', name: 'leyó', suffix: '', icon: 'mark_email_read', color: 'secondary' },
  NotificationDeleted: { label: 'Eliminación de notificación', prefix: '', name: 'eliminó', suffix: '', icon: 'delete_sweep', color: 'secondary' },
  WorkOrderOpened: { label: 'Apertura de OT', prefix: '', name: 'abrió', suffix: '', icon: 'assignment_add', color: 'success' },
  WorkOrderDetailsChanged: { label: 'Modificación de OT', prefix: '', name: 'modificó', suffix: '', icon: 'edit', color: 'info' },
  WorkOrderSigned: { label: 'Firma de OT', prefix: '', name: 'registró una firma en', suffix: '', icon: 'draw', color: 'primary' },
  WorkOrderSignatureWithdrawn: { label: 'Retiro de firma de OT', prefix: '', name: 'retiró una firma de', suffix: '', icon: 'ink_eraser', color: 'warning' },
  WorkOrderLineAdded: { label: 'Fila agregada a OT', prefix: '', name: 'agregó una fila a', suffix: '', icon: 'playlist_add', color: 'info' },
  WorkOrderLineChanged: { label: 'Fila modificada de OT', prefix: '', name: 'modificó una fila de', suffix: '', icon: 'edit_note', color: 'info' },
  WorkOrderLineRemoved: { label: 'Fila eliminada de OT', prefix: '', name: 'eliminó una fila de', suffix: '', icon: 'playlist_remove', color: 'warning' },
  WorkOrderMechanicallyClosed: { label: 'Cierre mecánico', prefix: '', name: 'guardó (CIERRE MECANICO)', suffix: '', icon: 'build', color: 'primary' },
  WorkOrderClosed: { label: 'Cierre total', prefix: '', name: 'cerró (CIERRE TOTAL)', suffix: '', icon: 'task_alt', color: 'success' },
  WorkOrderCancelled: { label: 'Cancelación de OT', prefix: '', name: 'canceló', suffix: '', icon: 'cancel', color: 'danger' },
  WorkOrderReplicated: { label: 'Réplica de OT', prefix: '', name: 'replicó', suffix: '', icon: 'content_copy', color: 'info' },
  WorkOrderRequestLinked: { label: 'Solicitud desde OT', prefix: '', name: 'generó una solicitud desde', suffix: '', icon: 'request_quote', color: 'primary' },
  WorkOrderRequestStateChanged: { label: 'Estado de solicitud de OT', prefix: '', name: 'actualizó la solicitud de', suffix: '', icon: 'sync', color: 'secondary' },
  WorkOrderAttendedBySiteWarehouse: { label: 'Atención de almacén', prefix: '', name: 'atendió', suffix: '', icon: 'inventory', color: 'success' },
};

/** An event type the table does not know yet still reads as a sentence. */
export const unknownTypeLog: TypeLog = { label: 'Otro evento', prefix: '', name: 'registró', suffix: '', icon: 'info', color: 'secondary' };
