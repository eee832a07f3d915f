import * as v from 'valibot';
import { listSearchSchema } from '../../ui/list/useListSearch';

/** Rows per page of /logs unless the URL says otherwise (seed 000: 15 per page). */
export const LOGS_PAGE_SIZE = 15;

/** A lookup value: the router parses `?type_log=3` as the number 3, so numbers become text. */
const lookupValue = v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.minLength(1), v.maxLength(100))), undefined);

/** A record id: a whole number ≥ 1 (text from a typed URL too). */
const recordId = v.fallback(
  v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+$/))]), v.transform(Number), v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER))),
  undefined,
);

/** /logs URL state: the list protocol plus the log type, the target (stream type) and the target's
 * id. Invalid values are dropped instead of failing the route. */
export const logsSearchSchema = v.looseObject({
  ...listSearchSchema.entries,
  type_log: lookupValue,
  target: lookupValue,
  id_target: recordId,
});

export type LogsSearch = v.InferOutput<typeof logsSearchSchema>;
