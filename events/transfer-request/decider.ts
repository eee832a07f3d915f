import { MSG_VALIDATION } from '@shared/messages';
import { unreachable, type Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import type { TransferRequestCommand, TransferRequestEvent, TransferRequestState } from './types';

export const MSG_TRANSFER_REQUEST_EXISTS = 'La solicitud de traslado ya existe';
export const MSG_NO_TRANSFERS = 'Seleccione al menos un ingreso para trasladar';
export const MSG_NO_ENTRIES = 'No hay ingresos procesados de esa orden de compra con ese código';

/** A transfer request: recorded once, with at least one group of entries, each of which has
 * processed entries (the API reads that per group); a group asked twice is recorded once. */
export const transferRequestDecider: Decider<TransferRequestState, TransferRequestCommand, TransferRequestEvent> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'RequestTransfer': {
        if (state.status !== 'absent') throw new CommandRejected(MSG_TRANSFER_REQUEST_EXISTS, {}, 409);
        if (!command.traslados.length) throw new CommandRejected(MSG_VALIDATION, { traslados: MSG_NO_TRANSFERS }, 422);
        const errors: Record<string, string> = {};
        const traslados = new Map<string, { codigo_recurso: string; numero_orden_compra: string }>();
        for (const [i, t] of command.traslados.entries()) {
          if (!t.procesado) errors[`traslados.${i}.numero_orden_compra`] = MSG_NO_ENTRIES;
          else {
            const key = `${t.numero_orden_compra}|${t.codigo_recurso}`;
            if (!traslados.has(key)) traslados.set(key, { codigo_recurso: t.codigo_recurso, numero_orden_compra: t.numero_orden_compra });
          }
        }
        if (Object.keys(errors).length) throw new CommandRejected(MSG_VALIDATION, errors, 422);
        return [{ type: 'TransferRequested', data: { id: command.id, traslados: [...traslados.values()], by: command.by } }];
      }
      default:
        return unreachable(command.type, 'command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'TransferRequested':
        return { status: 'present', id: event.data.id, traslados: event.data.traslados.length };
      default:
        return unreachable(event.type, 'event');
    }
  },
};

export const transferRequests = aggregate('transfer_request', transferRequestDecider);
