/** The spec's standard toast messages. A server reply's own `msg` takes precedence when present:
 * `show(envelope.msg || MSG_SAVED, 'success')`. */
export const MSG_ACTION_DONE = 'Acción realizada correctamente';
export const MSG_DELETED = 'Eliminado correctamente';
export const MSG_ACTIVATED = 'Activado correctamente';
export const MSG_DEACTIVATED = 'Desactivado correctamente';
export const MSG_SAVED = 'Guardado correctamente';
export const MSG_REGISTERED = 'Registrado correctamente';
export const MSG_RESTORED = 'Restaurado correctamente';
export const MSG_UPDATED = 'Actualizado correctamente';
export const MSG_FILE_DOWNLOADED = 'Archivo descargado con éxito.';
export const MSG_FILE_OPENED = 'Archivo abierto en una nueva pestaña.';
