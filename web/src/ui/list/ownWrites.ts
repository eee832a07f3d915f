/** How long after this browser's own write a live push on a list is taken as its echo. */
const OWN_ECHO_MS = 3000;

let lastOwnWrite = 0;

/** Called by the shared write paths (FormDialog's submit, useRecordActions) as a write starts. */
export function markOwnWrite(): void {
  lastOwnWrite = Date.now();
}

/** True while a live push most likely reports this browser's own write: the list then refreshes
 * at once instead of offering 'Actualizar' for a change the user just made. */
export function isOwnEcho(now = Date.now()): boolean {
  return now - lastOwnWrite < OWN_ECHO_MS;
}
