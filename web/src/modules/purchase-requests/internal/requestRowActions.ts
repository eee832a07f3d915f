import { RequestState } from '@shared/purchase-request-codes';
import type { RequestRow } from '../requestTypes';

/** The entries of a request's row menu, by their label. */
export type RequestRowAction = 'Editar' | 'Ver' | 'PDF' | 'Ver actividad' | 'Aprobar' | 'Rechazar' | 'Reenviar a SICAM' | 'Anular';

/** The row menu of /solicitudes_compras (seed 002 §4), in order. Rules:
 * - protected rows (rejected, finalizado) have none;
 * - 'Editar' while the server allows editing (`puede_editar`), else 'Ver';
 * - cancelado: 'Ver' plus the seed's one more action, 'Ver actividad' (SEED-002-ANALYSIS ambiguity 6);
 * - otherwise 'PDF' and 'Ver actividad', then what the state and the user's rights allow (the
 *   server's `puede_*` flags): Aprobar and Rechazar, 'Reenviar a SICAM', Anular.
 * 'Ver actividad' needs the right to see /solicitud_compra_logs (`canSeeLog`). */
export function requestRowActions(
  row: Pick<RequestRow, 'estado' | 'protected' | 'puede_editar' | 'puede_aprobar' | 'puede_reenviar' | 'puede_anular_solicitud'>,
  canSeeLog: boolean,
): RequestRowAction[] {
  if (row.protected === 1) return [];
  const open: RequestRowAction = row.puede_editar ? 'Editar' : 'Ver';
  const log: RequestRowAction[] = canSeeLog ? ['Ver actividad'] : [];
  if (row.estado === RequestState.cancelado) return [open, ...log];
  return [
    open,
    'PDF',
    ...log,
    ...(row.puede_aprobar ? (['Aprobar', 'Rechazar'] as const) : []),
    ...(row.puede_reenviar ? (['Reenviar a SICAM'] as const) : []),
    ...(row.puede_anular_solicitud ? (['Anular'] as const) : []),
  ];
}
