import { listSearch, optionalCode } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';

/** The server's reply type (services/api/sessions/session-contracts.ts). */
import type { SessionRow } from '@shared/contracts/sessions';

export type { SessionRow };

/** Every session with its device (seed 000 §2 /sessions), open (`activas=1`) or closed (0). */
export const sessions = defineResource<SessionRow>()({
  path: '/sessions',
  topics: [],
  search: listSearch({ activas: optionalCode([0, 1]) }),
});
