import type { TransactionSql } from 'postgres';
import type { RecordedEvent } from '../../../events/types';
import { enqueueRequestedMaterials, resendMaterials } from '../../app/jobs/sicam-materials';
import { resendAndWait } from '../../app/jobs/sicam-push';
import { jobQueue, type ApiDeps } from '../platform/deps';
import { noPayload } from '@shared/contracts/platform';
import { defineRoute, moduleAccess, type AnyRoute } from '../platform/route';
import { MSG_SICAM_FAILED } from '../purchase-requests/request-actions';
import { serviceRequestInputSchema } from '../work-orders/work-order-schemas';
import { assertWorkOrderVisible } from '../work-orders/work-order-routes';
import { SicamUnavailable } from '../../../events/errors';

/** The reply once SICAM took the material-creation request. */
export const MSG_MATERIALS_SENT = 'Se envió la solicitud de materiales a SICAM';

/** For the Pedido's save (`execute`'s `within`): queues the material push when the command's
 * events asked SICAM for materials (the Atendido of a Pedido with material-creation lines). */
export function queueRequestedMaterials(deps: ApiDeps) {
  return async (tx: TransactionSql, events: RecordedEvent[]) => {
    if (events.some((e) => e.type === 'MaterialCreationRequested')) await enqueueRequestedMaterials(jobQueue(deps), tx, events);
  };
}

/** enviarASicamSolicitudMateriales: queues the order's material push again with its request's
 * key and body (services/app/jobs/sicam-materials.ts), then waits a few seconds for the outcome,
 * as the purchase request's enviarASicam: sent → ok; failed or still pending → 'Hubo problemas al
 * enviar a SICAM' (the retries go on in the background). Refused (409) with the decider's reason
 * when there is nothing to resend or it was sent already. */
export async function resendMaterialRequest(deps: ApiDeps, idOrden: number, waitMs = 10_000) {
  const outcome = await resendAndWait(deps.sql, `work_order-${idOrden}`, { sent: 'MaterialCreationSentToSicam', failed: 'MaterialCreationSicamFailed' }, () => resendMaterials({ store: deps.store, boss: jobQueue(deps) }, idOrden), waitMs);
  if (outcome === 'sent') return { msg: MSG_MATERIALS_SENT };
  throw new SicamUnavailable(MSG_SICAM_FAILED, 409);
}

/** The resend of a work order's material-creation request (seed 002 §7 "Site warehouse" and seed
 * 001 §7): from the site warehouse's Pedido and from the work order, each with its module's edit
 * right; 404 for an order off the caller's sites. */
export function materialRequestRoutes(): AnyRoute[] {
  return (['/almacen_obra_ots', '/ordenes_trabajo'] as const).map((module) =>
    defineRoute({
      method: 'POST',
      path: `${module}/enviarASicamSolicitudMateriales`,
      access: moduleAccess(module, 'edit'),
      summary: 'Reenviar a SICAM la solicitud de creación de materiales de una orden cuyo envío falló (misma clave de idempotencia)',
      input: serviceRequestInputSchema,
      output: noPayload(),
      async handler(ctx) {
        await assertWorkOrderVisible(ctx, ctx.input.id_orden_trabajo);
        return resendMaterialRequest(ctx.deps, ctx.input.id_orden_trabajo);
      },
    }),
  );
}
