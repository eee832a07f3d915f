import { MSG_VALIDATION } from '@shared/messages';
import type { Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import type { TransferRequestCommand, TransferRequestEvent, TransferRequestState } from './types';

export const MSG_TRANSFER_REQUEST_EXISTS = 'La solicitud de traslado ya existe';
export const MSG_NO_TRANSFERS = 'Seleccione al menos un ingreso para trasladar';

/** A transfer request: recorded once, with at least one group of entries (checked against the
 * read models by services/api/central-warehouse/transfer-requests.ts). */
export const transferRequestDecider: Decider<TransferRequestState, TransferRequestCommand, TransferRequestEvent> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'RequestTransfer': {
        if (state.status !== 'absent') throw new CommandRejected(MSG_TRANSFER_REQUEST_EXISTS, {}, 409);
        if (!command.traslados.length) throw new CommandRejected(MSG_VALIDATION, { traslados: MSG_NO_TRANSFERS }, 422);
        return [{ type: 'TransferRequested', data: { id: command.id, traslados: command.traslados, by: command.by } }];
      }
      default: {
        const never: never = command.type;
        throw new Error(`Unknown command ${String(never)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'TransferRequested':
        return { status: 'present', id: event.data.id, traslados: event.data.traslados.length };
      default: {
        const never: never = event.type;
        return never ?? state;
      }
    }
  },
};

export const transferRequests = aggregate('transfer_request', transferRequestDecider);
