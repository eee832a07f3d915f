import type { Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import type { CentralEntryFileCommand, CentralEntryFileEvent, CentralEntryFileState } from './types';

export const MSG_FILE_EXISTS = 'El archivo ya fue importado';

/** An imported file of central entries: recorded once, with the entries its valid rows bring
 * (the rows were checked against the read models by services/api/central-warehouse). */
export const centralEntryFileDecider: Decider<CentralEntryFileState, CentralEntryFileCommand, CentralEntryFileEvent> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'ImportCentralEntries': {
        if (state.status !== 'absent') throw new CommandRejected(MSG_FILE_EXISTS, {}, 409);
        const { type: _type, ...data } = command;
        return [{ type: 'CentralEntriesImported', data }];
      }
      default: {
        const never: never = command.type;
        throw new Error(`Unknown command ${String(never)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CentralEntriesImported':
        return { status: 'present', id: event.data.id, entradas: event.data.entradas.length };
      default: {
        const never: never = event.type;
        return never ?? state;
      }
    }
  },
};

export const centralEntryFiles = aggregate('central_entry_file', centralEntryFileDecider);
