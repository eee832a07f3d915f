import type { TransferRequestEvent } from '../../events/transfer-request/types';
import { transferRequestCatalogue } from '../../events/transfer-request/catalogue';
import { streamProjection } from '../stream-projection';

/** Inline (read-your-writes): the groups each transfer request asked for (rm_traslados_solicitados),
 * from the `transfer_request-{id}` streams. */
export const transferRequestsProjection = streamProjection<TransferRequestEvent>({
  name: 'transfer_requests',
  streamType: 'transfer_request',
  catalogue: transferRequestCatalogue,
  async apply(tx, e) {
    if (e.type !== 'TransferRequested') return;
    const rows = e.data.traslados.map((t) => ({
      id_solicitud_traslado: e.data.id, codigo_recurso: t.codigo_recurso, numero_orden_compra: t.numero_orden_compra, id_user: e.data.by, fecha_creado: e.occurredAt,
    }));
    if (rows.length) await tx`INSERT INTO rm_traslados_solicitados ${tx(rows)}`;
  },
  async reset(tx) {
    await tx`TRUNCATE rm_traslados_solicitados`;
  },
});
