import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import { recordDecider, type RecordCommand, type RecordEvent, type RecordState } from '../record/record';
import type { Decider } from '../decider';
import { restoreTarget, type LegalHistoryEvent } from './restore-target';
import { sanitizeLegal } from './sanitize-legal';

export const NOTHING_TO_RESTORE = 'No hay una versión anterior para restaurar';

type LegalState = { record: RecordState; history: LegalHistoryEvent[] };
type LegalCommand = RecordCommand | { type: 'RestoreLegal'; id: number };

/** The legal text (`legal-1`): a record like any other, plus the restore, which needs the text of
 * every version (restore-target.ts): a RecordUpdated back to the version before the current
 * text's own save, carrying `restored_version` so a second restore walks further back. */
const legalDecider: Decider<LegalState, LegalCommand, RecordEvent> = {
  initialState: () => ({ record: recordDecider.initialState(), history: [] }),
  decide(command, state) {
    if (command.type !== 'RestoreLegal') return recordDecider.decide(command, state.record);
    const target = restoreTarget(state.history);
    if (!target) throw new CommandRejected(NOTHING_TO_RESTORE);
    const to = sanitizeLegal(target.legal);
    return [{ type: 'RecordUpdated', data: { id: command.id, changes: { legal: { from: target.current, to } }, restored_version: target.version } }];
  },
  evolve: (state, event) => ({
    record: recordDecider.evolve(state.record, event),
    history: [...state.history, { version: state.history.length + 1, type: event.type, data: event.data }],
  }),
};

export const legalText = aggregate('legal', legalDecider);
