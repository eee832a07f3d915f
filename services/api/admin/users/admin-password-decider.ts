import type { Decider } from '../../../../events/decider';
import { recordDecider, type RecordCommand, type RecordEvent, type RecordState } from '../../../../events/record/record';

/** The record decider, plus `PasswordChanged { by: 'admin' }` after the record's own events: a
 * save that sets a password always appends (so its `within` writes the hash even when no other
 * field changed), and the log says a password was set without ever holding it. */
export const adminPasswordDecider: Decider<RecordState, RecordCommand, RecordEvent> = {
  ...recordDecider,
  decide(command, state) {
    return [...recordDecider.decide(command, state), { type: 'PasswordChanged', data: { id: command.id, by: 'admin' } }];
  },
};
