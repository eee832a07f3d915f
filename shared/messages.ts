// The Spanish messages both sides show (seed 000's standard toasts and prompts). A server reply's
// own `msg` takes precedence on the web when present: `show(envelope.msg || MSG_SAVED, 'success')`.

/** The one wording of a refused form, whichever layer refused it (route, decider or screen). */
export const MSG_VALIDATION = 'Revise los campos marcados';
export const MSG_FORBIDDEN = 'No tiene permiso para realizar esta acción';
export const MSG_REQUIRED = 'Este campo es obligatorio';

/** 'No se encontró la orden de trabajo': the entity with its article. */
export function notFound(entity: string): string {
  return `No se encontró ${entity}`;
}
/** A record of any kind (catalogues, administration rows). */
export const MSG_NOT_FOUND = notFound('el registro');
export const MSG_WORK_ORDER_NOT_FOUND = notFound('la orden de trabajo');

/** The site issues (seed 002 §7): the list waits for a filter, and an issue needs its voucher. */
export const MSG_FILTER_FIRST = 'FILTRE PARA BUSCAR';
export const MSG_VALE_REQUIRED = 'El campo VALE SALIDA es requerido';

export const MSG_SAVED = 'Guardado correctamente';
export const MSG_ACTION_DONE = 'Acción realizada correctamente';
export const MSG_DELETED = 'Eliminado correctamente';
export const MSG_ACTIVATED = 'Activado correctamente';
export const MSG_DEACTIVATED = 'Desactivado correctamente';
export const MSG_RESTORED = 'Restaurado correctamente';
export const MSG_UPDATED = 'Actualizado correctamente';
export const MSG_FILE_DOWNLOADED = 'Archivo descargado con éxito.';
/** A file sent to a new tab (seed 000 §8, Downloads). */
export const MSG_FILE_OPENED = 'Archivo abierto en una nueva pestaña.';

/** The questions asked before the row actions of the record screens (seed 000, seed 001 §4). */
export const CONFIRM_MESSAGES = {
  enable: 'Seguro que quieres activarlo?',
  disable: 'Seguro que quieres desactivarlo?',
  remove: 'Se eliminará permanentemente el registro. ¿Estás seguro?',
} as const;

/** Seed 001 §4: asked before an order without warehouse products generates a service request. */
export const CONFIRM_SERVICE_REQUEST = 'Esta acción generará una Solicitud de Servicio ¿Deseas continuar?';
/** Seed 002 §8: asked before an order's spare parts generate a purchase request. */
export const CONFIRM_PURCHASE_REQUEST = 'Esta acción generará una Solicitud de Compra ¿Deseas continuar?';
