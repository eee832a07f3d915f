import type { Decider } from '../../../events/decider';
import { CommandRejected } from '../../../events/errors';
import { aggregate } from '../../../events/execute';
import type { Event } from '../../../events/types';
import { decideOn, defineReactor } from '../define';

// A reactor over test-only events, for the runner's tests: every `ProbeRequested { run, n }` asks
// for one `ProbeAcknowledged` on its own stream `probe_target-{run}_{n}`; a negative n is refused.
// The decider never refuses a second acknowledgement, so a command applied twice shows as two events.

type ProbeCommand = { type: 'Acknowledge'; n: number };
type ProbeEvent = Event<'ProbeAcknowledged', { n: number }>;

export const MSG_PROBE_REFUSED = 'Número negativo';

const probeDecider: Decider<{ acknowledged: number }, ProbeCommand, ProbeEvent> = {
  initialState: () => ({ acknowledged: 0 }),
  decide(command) {
    if (command.n < 0) throw new CommandRejected(MSG_PROBE_REFUSED, { n: MSG_PROBE_REFUSED }, 422);
    return [{ type: 'ProbeAcknowledged', data: { n: command.n } }];
  },
  evolve: (state) => ({ acknowledged: state.acknowledged + 1 }),
};

const probeTarget = aggregate('probe_target', probeDecider);

export function probeReactor(batchSize?: number) {
  return defineReactor({
    name: 'probe',
    canHandle: ['ProbeRequested'],
    batchSize,
    react(event) {
      const { run, n } = event.data as { run: string; n: number };
      return decideOn(probeTarget, `${run}_${n}`, { type: 'Acknowledge', n });
    },
  });
}
