import { listSearch, optionalId, optionalKey } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';
import type { LogRow } from './internal/logSentence';

/** An activity-log row, with its log type's badge colour when the server sends it. */
export type LogListRow = LogRow & { tl_color?: string | null };

/** The activity log (seed 000 /logs): 15 rows per page unless the URL says otherwise, filtered by
 * log type, target (record type) and the target's id; read-only, no live refresh (every action
 * anywhere adds a row). */
export const logs = defineResource<LogListRow>()({
  path: '/logs',
  topics: [],
  search: listSearch({ type_log: optionalKey, target: optionalKey, id_target: optionalId }),
  pageSize: 15,
});
