/** Reading `GET /history` (and the `changes` of a log row) defensively: the contract is
 * `{ items: [{ version, type, action, who, original_who, session, when, changes: [{ field, from,
 * to }] }] }`, but field names may differ slightly, so each one is looked for under its usual
 * spellings. */

export type HistoryChange = { field: string; from: unknown; to: unknown };

export type HistoryEvent = {
  /** Stable React key. */
  key: string;
  version: number | null;
  type: string;
  action: string;
  who: string;
  /** The real user behind a 'login as' ('' when none, or the same as `who`). */
  originalWho: string;
  session: string;
  when: string;
  changes: HistoryChange[];
};

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first of `keys` present in `obj` (even when its value is null). */
function pick(obj: Obj, keys: string[]): { found: boolean; value: unknown } {
  for (const key of keys) if (key in obj) return { found: true, value: obj[key] };
  return { found: false, value: undefined };
}

/** Text of a scalar, or of an object's name-like field (`{ id, name }` users); '' otherwise. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (isObj(value)) {
    for (const key of ['displayName', 'name', 'nombre', 'user_name', 'label', 'full_name', 'email', 'id']) {
      const t = textOf(value[key]);
      if (t) return t;
    }
  }
  return '';
}

const FIELD_KEYS = ['label', 'field', 'campo', 'name', 'key', 'attribute', 'path', 'column'];
const FROM_KEYS = ['from', 'old', 'before', 'anterior', 'previous', 'prev', 'old_value', 'oldValue', 'antes'];
const TO_KEYS = ['to', 'new', 'after', 'nuevo', 'next', 'new_value', 'newValue', 'value', 'despues', 'después'];

function changeOf(entry: unknown, fallbackField = ''): HistoryChange | null {
  if (Array.isArray(entry)) {
    // [field, from, to] with a field name, or [from, to] under a map key.
    if (fallbackField) return { field: fallbackField, from: entry[0], to: entry[1] };
    const field = textOf(entry[0]);
    return field ? { field, from: entry[1], to: entry[2] } : null;
  }
  if (isObj(entry)) {
    const from = pick(entry, FROM_KEYS);
    const to = pick(entry, TO_KEYS);
    const field = textOf(pick(entry, FIELD_KEYS).value) || fallbackField;
    if (from.found || to.found) return field ? { field, from: from.value, to: to.value } : null;
    // A map key holding a plain object value: the new value itself.
    return fallbackField ? { field: fallbackField, from: undefined, to: entry } : null;
  }
  return fallbackField ? { field: fallbackField, from: undefined, to: entry } : null;
}

/** The changed fields of an event. Accepts a list of `{ field, from, to }` (or its spellings:
 * campo/anterior/nuevo, old/new, before/after…), a list of `[field, from, to]`, a map
 * `{ field: { from, to } | [from, to] | value }`, or any of those as JSON text. Anything else
 * (plain text, null) → []. */
export function normalizeChanges(raw: unknown): HistoryChange[] {
  if (typeof raw === 'string') {
    const t = raw.trim();
    if (!t.startsWith('[') && !t.startsWith('{')) return [];
    try {
      return normalizeChanges(JSON.parse(t));
    } catch {
      return [];
    }
  }
  if (Array.isArray(raw)) return raw.map((entry) => changeOf(entry)).filter((c): c is HistoryChange => c !== null);
  if (isObj(raw)) {
    // A single change object, or a map of field → change.
    const single = changeOf(raw);
    if (single && textOf(pick(raw, FIELD_KEYS).value)) return [single];
    return Object.entries(raw)
      .map(([field, entry]) => changeOf(entry, field))
      .filter((c): c is HistoryChange => c !== null);
  }
  return [];
}

/** A changed value for display: empty (null, undefined, '') → '—'; booleans → 'Sí'/'No';
 * numbers and text as they are; lists and objects as compact JSON. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '—' : value;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

function versionOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

function eventOf(raw: unknown, index: number): HistoryEvent | null {
  if (!isObj(raw)) return null;
  const version = versionOf(pick(raw, ['version', 'stream_version', 'v', 'seq']).value);
  const who = textOf(pick(raw, ['who', 'user', 'user_name', 'usuario', 'actor', 'by']).value);
  const original = textOf(pick(raw, ['original_who', 'originalWho', 'original_user', 'original_user_name', 'originalUser', 'login_as', 'as']).value);
  const when = pick(raw, ['when', 'at', 'date', 'date_created', 'fecha', 'recorded_at', 'created_at', 'timestamp']).value;
  return {
    key: version !== null ? `v${version}` : `i${index}`,
    version,
    type: textOf(pick(raw, ['type', 'event_type', 'eventType', 'tipo', 'name']).value),
    action: textOf(pick(raw, ['action', 'accion', 'acción', 'description', 'descripcion', 'label', 'title']).value),
    who,
    originalWho: original && original !== who ? original : '',
    session: textOf(pick(raw, ['session', 'session_id', 'sessionId', 'id_session', 'sesion']).value),
    when: typeof when === 'string' || typeof when === 'number' ? String(when) : '',
    changes: normalizeChanges(pick(raw, ['changes', 'cambios', 'diff', 'fields', 'data']).value),
  };
}

/** The events of a `GET /history` reply (the envelope, or its list), newest first. The list is
 * read from `items` (else `events`, `history`, `data`); unreadable entries are skipped. When every
 * event has a version they are ordered by it, descending; otherwise the server's order is kept. */
export function normalizeHistory(payload: unknown): HistoryEvent[] {
  let list: unknown = payload;
  if (isObj(payload)) list = pick(payload, ['items', 'events', 'history', 'data']).value;
  if (!Array.isArray(list)) return [];
  const events = list.map(eventOf).filter((e): e is HistoryEvent => e !== null);
  if (events.length > 1 && events.every((e) => e.version !== null)) events.sort((a, b) => (b.version as number) - (a.version as number));
  // Keys must stay unique even if the server repeats a version.
  const seen = new Set<string>();
  return events.map((e, i) => {
    const key = seen.has(e.key) ? `${e.key}-${i}` : e.key;
    seen.add(key);
    return { ...e, key };
  });
}
