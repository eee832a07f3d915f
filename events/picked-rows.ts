import { MSG_VALIDATION } from '@shared/messages';
import { CommandRejected } from './errors';

export const MSG_PICK_ROWS = 'Seleccione al menos una fila';
export const MSG_ROW_NOT_FOUND = 'No se encontró el producto';

/** The rows a warehouse command was given (an issue's, a receipt's), before its streams load: at
 * least one (`{ [list]: MSG_PICK_ROWS }`), and each naming a record on the caller's sites
 * (`visible`, which the API reads once for all rows; else `{list}.{i}.id_producto_solicitado`).
 * `errors`: the command's other field errors, refused in the same 422. */
export function refusePickedRows(list: string, rows: readonly { visible: boolean }[], errors: Record<string, string> = {}): void {
  if (!rows.length) throw new CommandRejected(MSG_VALIDATION, { [list]: MSG_PICK_ROWS }, 422);
  const all = { ...errors };
  rows.forEach((r, i) => {
    if (!r.visible) all[`${list}.${i}.id_producto_solicitado`] = MSG_ROW_NOT_FOUND;
  });
  if (Object.keys(all).length) throw new CommandRejected(MSG_VALIDATION, all, 422);
}
