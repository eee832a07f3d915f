import type { Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import type { PurchaseRequestCommand, PurchaseRequestEvent, PurchaseRequestState } from './types';

export const MSG_REQUEST_EXISTS = 'La solicitud ya existe';

/** The purchase request's rules. Today: a work order that needs no warehouse products drafts a
 * service request (seed 001 §4), once per request id. */
export const purchaseRequestDecider: Decider<PurchaseRequestState, PurchaseRequestCommand, PurchaseRequestEvent> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'DraftServiceRequest':
        if (state.status !== 'absent') throw new CommandRejected(MSG_REQUEST_EXISTS, {}, 409);
        return [{
          type: 'PurchaseRequestDrafted',
          data: { id: command.id, tipo: 'servicio', id_orden_trabajo: command.idOrdenTrabajo, id_obra: command.idObra, by: command.by },
        }];
      default: {
        const never: never = command.type;
        throw new Error(`Unknown command ${JSON.stringify(never)}`);
      }
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'PurchaseRequestDrafted':
        return { status: 'borrador', id: event.data.id, tipo: event.data.tipo, idOrdenTrabajo: event.data.id_orden_trabajo, idObra: event.data.id_obra };
      default: {
        const never: never = event.type;
        return never;
      }
    }
  },
};

export const purchaseRequests = aggregate('purchase_request', purchaseRequestDecider);
