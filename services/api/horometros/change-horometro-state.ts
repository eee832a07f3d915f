import { removeRecord, setRecordEnabled } from '../../../events/record/commands';
import type { EventMetadata } from '../../../events/types';
import { ApiError } from '../platform/api-error';
import { DISABLED, ENABLED, REMOVED } from '../platform/define-crud';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { assertLogVisible, loadHorometroRow } from './load-horometro';
import { registrationRights, windowRefusal } from './registration-window';

/** Remove, enable or disable a log (seed 001 §7, generic CRUD): the same rights as a save (profile
 * flag, the log's site, the registration window of its shift for all but admin and root). */
export async function changeHorometroState(
  deps: ApiDeps,
  options: { id: number; action: 'remove' | 'enable' | 'disable'; principal: Principal; metadata: Partial<EventMetadata> },
): Promise<{ msg: string }> {
  const rights = await registrationRights(deps, options.principal);
  const row = await assertLogVisible(deps, options.principal, await loadHorometroRow(deps.sql, options.id));
  const late = windowRefusal(rights, row.fecha, row.id_tipo_turno, deps.now());
  if (late) throw new ApiError(403, late);
  const command = { metadata: options.metadata };
  switch (options.action) {
    case 'remove':
      await removeRecord(deps.store, 'horometro', row.id, command);
      return { msg: REMOVED };
    case 'enable':
      await setRecordEnabled(deps.store, 'horometro', row.id, true, command);
      return { msg: ENABLED };
    case 'disable':
      await setRecordEnabled(deps.store, 'horometro', row.id, false, command);
      return { msg: DISABLED };
    default: {
      const never: never = options.action;
      throw new Error(`Unknown action ${String(never)}`);
    }
  }
}
