import { isSecretField } from '../history/secret-fields';
import { logTargets } from './log-targets';
import { typeLogs, unknownTypeLog } from './type-logs';

/** The keys seeds 000 and 002 give a log entry besides its display form ('Log entry: tl_icon,
 * tl_color, tl_name, target, id_target, id_parent, data_json, data, date_created'), for the
 * activity log and the record history alike:
 * - `tl_name`, `tl_icon`, `tl_color`: the event type's label and badge from the catalogue
 *   (events/catalogues.ts);
 * - `data`: the event's data, secrets left out and, with `clip`, long texts cut;
 * - `data_json`: the same data as JSON text;
 * - `id_parent`: the record this one belongs to, read from the event data by the target's
 *   `parent` field (a model's brand, a request's work order); null when the type has none or the
 *   event does not carry it (an update that left it alone). */
export type LogRowKeys = {
  tl_name: string;
  tl_icon: string;
  tl_color: string;
  id_parent: number | null;
  data: Record<string, unknown>;
  data_json: string;
};

/** The data without its secret keys, at any depth (it is JSON: no cycles), long texts clipped. */
function visible(value: unknown, clip: ((text: string) => string) | null): unknown {
  if (typeof value === 'string') return clip ? clip(value) : value;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => visible(v, clip));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !isSecretField(k))
      .map(([k, v]) => [k, visible(v, clip)]),
  );
}

function parentOf(data: Record<string, unknown>, field: string | undefined): number | null {
  if (!field) return null;
  const nested = (key: string) => (data[key] && typeof data[key] === 'object' ? (data[key] as Record<string, unknown>) : {});
  const change = nested('changes')[field];
  const candidates = [data[field], nested('fields')[field], nested('header')[field], change && typeof change === 'object' ? (change as { to?: unknown }).to : undefined];
  for (const c of candidates) {
    if (typeof c === 'number' && Number.isInteger(c) && c > 0) return c;
    if (typeof c === 'string' && /^[1-9]\d{0,15}$/.test(c)) return Number(c);
  }
  return null;
}

export function logRowKeys(streamType: string, eventType: string, data: unknown, clip: ((text: string) => string) | null): LogRowKeys {
  const type = typeLogs[eventType] ?? unknownTypeLog;
  const raw = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const shown = visible(raw, clip) as Record<string, unknown>;
  return {
    tl_name: type.label,
    tl_icon: type.icon,
    tl_color: type.color,
    id_parent: parentOf(raw, logTargets[streamType]?.parent),
    data: shown,
    data_json: JSON.stringify(shown),
  };
}
