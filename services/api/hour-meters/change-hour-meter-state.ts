import { horometroAggregate, horometroSlotAggregate, slotKey, slotOf } from '../../../events/hour-meter/decider';
import { execute } from '../../../events/execute';
import type { EventMetadata } from '../../../events/types';
import { DISABLED, ENABLED, REMOVED } from '../platform/define-crud';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { assertLogVisible, loadHorometroRow } from './load-hour-meter';
import { registrationRights } from './registration-window';

const COMMANDS = {
  remove: { type: 'RemoveHorometro', msg: REMOVED },
  enable: { type: 'EnableHorometro', msg: ENABLED },
  disable: { type: 'DisableHorometro', msg: DISABLED },
} as const;

/** Remove, enable or disable a log (seed 001 §7, generic CRUD): the same rights as a save (profile
 * flag, the log's site; the decider: the registration window of its shift for all but admin and
 * root). A removed log releases its slot (machine, date and shift) in the same command; a disabled
 * one keeps it. */
export async function changeHorometroState(
  deps: ApiDeps,
  options: { id: number; action: 'remove' | 'enable' | 'disable'; principal: Principal; metadata: Partial<EventMetadata> },
): Promise<{ msg: string }> {
  const rights = await registrationRights(deps, options.principal);
  const row = await assertLogVisible(deps, options.principal, await loadHorometroRow(deps.sql, options.id));
  const { type, msg } = COMMANDS[options.action];
  await execute(
    deps.store,
    async (c) => {
      const log = await c.load(horometroAggregate, row.id);
      const slot = slotOf(log.state);
      log.decide({ type, id: row.id, window: { rights, now: deps.now() } });
      if (type === 'RemoveHorometro' && slot) {
        (await c.load(horometroSlotAggregate, slotKey(slot))).decide({ type: 'ReleaseSlot', slot, id_horometro: row.id });
      }
    },
    { metadata: options.metadata },
  );
  return { msg };
}
