import { ago } from './ago';
import { logRowKeys } from './log-row-keys';
import { logTargets } from './log-targets';

/** Longest text of a changed value shown in the log (the legal text can be 200 KB); the record
 * history has the whole value. */
export const LOG_VALUE_MAX = 500;

const clipText = (text: string) => (text.length > LOG_VALUE_MAX ? `${text.slice(0, LOG_VALUE_MAX)}…` : text);

function clip(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return clipText(value);
  if (depth > 2 || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clip(v, depth + 1)]));
}

function withQuery(module: string, name: string): string {
  return `${module}?query=${encodeURIComponent(name)}`;
}

/** One log row (the SQL display columns of log-sql) in the display form the screen shows: the
 * user and record links, 'ago', long changed values clipped, and the seeds' log-entry keys
 * (`tl_name`, `tl_icon`, `tl_color`, `id_parent`, `data`, `data_json`: log-row-keys.ts). The
 * helper columns used for the links and the raw event data are left out. */
export function logItem(row: Record<string, unknown>, now: Date): Record<string, unknown> {
  const { acting_name, original_name, target_found, event_data, ...item } = row;
  const target = logTargets[String(item.target)];
  const person = (original_name ?? acting_name) as string | null;
  let targetLink: string | null = null;
  if (target?.module && target.link === 'page') targetLink = target.module;
  if (target?.module && target.link === 'query' && target_found) targetLink = withQuery(target.module, String(item.target_item_name));
  const date = item.date_created instanceof Date ? item.date_created : new Date(String(item.date_created));
  return {
    ...item,
    user_link: person ? withQuery('/users', person) : null,
    target_item_link: targetLink,
    // Whether GET /history serves the record's stream (the row menu offers it only then).
    has_history: Boolean(target?.history),
    ago: ago(date, now),
    ...logRowKeys(String(item.target), String(item.event_type), event_data, clipText),
    changes: clip(item.changes),
  };
}
