import { logTargets } from './log-targets';
import { sqlText } from './sql-text';
import { typeLogs, unknownTypeLog, type TypeLog } from './type-logs';

function caseOf(column: string, pairs: [string, string][], otherwise: string): string {
  if (pairs.length === 0) return otherwise;
  return `CASE ${column} ${pairs.map(([when, then]) => `WHEN ${sqlText(when)} THEN ${then}`).join(' ')} ELSE ${otherwise} END`;
}

function typeLogCase(part: keyof TypeLog): string {
  return caseOf('l.event_type', Object.entries(typeLogs).map(([type, t]) => [type, sqlText(t[part])]), sqlText(unknownTypeLog[part]));
}

const acting = "concat_ws(' ', u.name, NULLIF(u.surname, ''))";
const original = "concat_ws(' ', uo.name, NULLIF(uo.surname, ''))";
/** The record's current name from its read model, by stream type; NULL when there is none. */
const itemName = caseOf(
  'l.stream_type',
  Object.entries(logTargets).flatMap(([type, t]): [string, string][] => (t.itemSql ? [[type, t.itemSql]] : [])),
  'NULL',
);

/** The log's display columns as SQL over `rm_activity_log l` joined to the acting user `u` and
 * the original user `uo`: the same expressions serve the list, its search and its export. */
export const logSql = {
  from: 'rm_activity_log l LEFT JOIN rm_users u ON u.id = l.id_user LEFT JOIN rm_users uo ON uo.id = l.id_user_original',
  typeUser: "CASE WHEN l.id_user IS NULL AND l.id_user_original IS NULL THEN 'Sistema' ELSE 'Usuario' END",
  actingName: `CASE WHEN l.id_user IS NULL THEN NULL ELSE COALESCE(NULLIF(${acting}, ''), '#' || l.id_user) END`,
  originalName: `CASE WHEN l.id_user_original IS NULL THEN NULL ELSE COALESCE(NULLIF(${original}, ''), '#' || l.id_user_original) END`,
  /** 'Ana Quispe Rojas (como Jorge Huamán Torres)' behind a 'login as'; 'Sistema' without a user. */
  userName: `CASE
    WHEN l.id_user_original IS NOT NULL THEN COALESCE(NULLIF(${original}, ''), '#' || l.id_user_original)
      || ' (como ' || COALESCE(NULLIF(${acting}, ''), '#' || l.id_user::text, 'Sistema') || ')'
    WHEN l.id_user IS NOT NULL THEN COALESCE(NULLIF(${acting}, ''), '#' || l.id_user)
    ELSE 'Sistema' END`,
  typeLogPrefix: typeLogCase('prefix'),
  typeLogName: typeLogCase('name'),
  /** An update names the fields it changed: '(nombre, estado)'. */
  typeLogSuffix: `CASE WHEN l.event_type = 'RecordUpdated' AND l.changes <> '{}'::jsonb
    THEN '(' || (SELECT string_agg(k, ', ' ORDER BY k) FROM jsonb_object_keys(l.changes) k) || ')'
    ELSE ${typeLogCase('suffix')} END`,
  typeLogLabel: typeLogCase('label'),
  targetName: caseOf('l.stream_type', Object.entries(logTargets).map(([type, t]) => [type, sqlText(t.name)]), 'l.stream_type'),
  /** The record's current name from its read model, else '#id' (a session: its id's first 8 characters). */
  targetItemName: `COALESCE(${itemName}, '#' || COALESCE(l.target_id::text, left(substr(l.stream_id, length(l.stream_type) + 2), 8)))`,
  /** Whether the name came from a read model (a link to the record makes sense). */
  targetItemFound: `(${itemName}) IS NOT NULL`,
  /** The event's data, read from the event log by the row's position (the log row's `data`). */
  eventData: '(SELECT ev.data FROM es_events ev WHERE ev.global_position = l.global_position)',
};
