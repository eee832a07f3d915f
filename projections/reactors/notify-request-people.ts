import { RequestState } from '@shared/purchase-request-codes';
import type { CommandContext } from '../../events/execute';
import { defineReactor, type ReactorCommand } from './define';
import { notifyUsers } from './notify';

const WATCHED = [
  'PurchaseRequestSent',
  'PurchaseRequestAttendedByCentral',
  'PurchaseRequestApproved',
  'PurchaseRequestRejected',
  'PurchaseRequestObserved',
  'PurchaseRequestSicamFailed',
  'RequestedProductSicamAnnulFailed',
] as const;

type Recipients = 'approvers' | 'requester';

/** What a request's event tells whom (issue 15, "Live and notifications"): approvers when a
 * request waits for them; the requester on approval, rejection (with the reason), observation
 * (with the reason) and a failed SICAM push (with SICAM's reason). */
export function requestNotice(event: { type: string; data: Record<string, unknown> }, codigo: string): { to: Recipients; text: string } | null {
  const d = event.data;
  switch (event.type) {
    case 'PurchaseRequestSent':
    case 'PurchaseRequestAttendedByCentral':
      return Number(d.estado) === RequestState.pendienteAprobacion ? { to: 'approvers', text: `La solicitud ${codigo} espera su aprobación` } : null;
    case 'PurchaseRequestApproved':
      return { to: 'requester', text: `Se aprobó la solicitud ${codigo}` };
    case 'PurchaseRequestRejected':
      return { to: 'requester', text: `Se rechazó la solicitud ${codigo}: ${String(d.motivo_rechazo ?? '')}` };
    case 'PurchaseRequestObserved':
      return { to: 'requester', text: `El almacén central observó la solicitud ${codigo}: ${String(d.motivo_observado ?? '')}` };
    case 'PurchaseRequestSicamFailed':
      return { to: 'requester', text: `Hubo problemas al enviar a SICAM la solicitud ${codigo}: ${String(d.reason ?? '')}` };
    case 'RequestedProductSicamAnnulFailed':
      return { to: 'requester', text: `Hubo problemas al informar a SICAM la anulación de un producto de la solicitud ${codigo}: ${String(d.reason ?? '')}` };
    default:
      return null;
  }
}

/** The people concerned get a notification (a `notification-{id}` stream each; the live
 * projection pushes it to their sockets). Who they are is read inside the reaction's command,
 * which runs once per event: approvers are the active users with can_approve_requests who work
 * on the request's site; the requester is who created it. */
export const notifyRequestPeople = defineReactor({
  name: 'notify_request_people',
  canHandle: [...WATCHED],
  react(event) {
    const idSolicitud = Number(event.data.id);
    const command: ReactorCommand = {
      async run(c: CommandContext) {
        const [r] = await c.tx<{ codigo: string; id_obra: number | null; id_supervisor: number | null }[]>`
          SELECT codigo, id_obra::int, id_supervisor::int FROM rm_solicitudes_compras WHERE id = ${idSolicitud}`;
        if (!r) return;
        const notice = requestNotice(event, r.codigo || `#${idSolicitud}`);
        if (!notice) return;
        const users = notice.to === 'requester'
          ? (r.id_supervisor ? [r.id_supervisor] : [])
          : (await c.tx<{ id: number }[]>`
              SELECT u.id::int FROM rm_users u
               WHERE u.estado = 1 AND u.can_approve_requests = 1
                 AND (u.all_works = 1 OR u.id_obra = ${r.id_obra}
                      OR EXISTS (SELECT 1 FROM rm_user_obras a WHERE a.id_user = u.id AND a.id_obra = ${r.id_obra} AND a.estado = 1))
               ORDER BY u.id`).map((u) => u.id);
        await notifyUsers(c, users, notice.text);
      },
    };
    return requestNotice(event, '') ? command : null;
  },
});
