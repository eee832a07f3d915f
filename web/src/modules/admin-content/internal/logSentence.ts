/** A row of `GET /logs` in its display form (contract: admin-content). Every field is read
 * defensively: the server may leave any of them out. `target` / `id_target` are not in the display
 * form of the contract; when the server sends them the row offers the record's history. */
export type LogRow = {
  id?: number | string;
  type_user?: string | number | null;
  user_name?: string | null;
  user_link?: string | null;
  /** Whether the record's history can be opened (GET /history serves its stream type). */
  has_history?: boolean;
  type_log_prefix?: string | null;
  type_log_name?: string | null;
  type_log_suffix?: string | null;
  target_name?: string | null;
  target_item_name?: string | null;
  target_item_link?: string | null;
  date_created?: string | null;
  ago?: string | null;
  changes?: unknown;
  target?: string | null;
  stream_type?: string | null;
  id_target?: number | string | null;
};

export type SentencePart = {
  text: string;
  /** A safe address (see `safeHref`), or null for plain text. */
  href: string | null;
  role: 'user' | 'prefix' | 'action' | 'target' | 'item' | 'suffix';
};

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const ALLOWED_SCHEMES = ['http:', 'https:', 'mailto:'];

/** A link from the server made safe for `href`. Rules: blank → null; `http(s):` and `mailto:` pass;
 * any other scheme (`javascript:`, `data:`…) → null; protocol-relative `//host` → null; `#/path`
 * (old hash routes) → `/path`; `/path` passes; a bare `path` becomes `/path`. */
export function safeHref(link: unknown): string | null {
  if (typeof link !== 'string') return null;
  const value = link.trim();
  if (value === '') return null;
  if (SCHEME.test(value)) return ALLOWED_SCHEMES.includes(value.slice(0, value.indexOf(':') + 1).toLowerCase()) ? value : null;
  const path = value.startsWith('#/') ? value.slice(1) : value;
  if (path.startsWith('//') || path.startsWith('\\') || path.startsWith('/\\')) return null;
  if (path.startsWith('#')) return null;
  return path.startsWith('/') ? path : `/${path}`;
}

/** Whether a safe href stays inside the app (navigated by the router, same tab). */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/');
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** The row as a sentence: "{user_name} {type_log_prefix} {type_log_name} {target_name}
 * {target_item_name} {type_log_suffix}". Empty parts are left out; the user and the record carry
 * their links when the server gives them (made safe). */
export function logSentence(row: LogRow): SentencePart[] {
  const parts: SentencePart[] = [
    { text: text(row.user_name), href: safeHref(row.user_link), role: 'user' },
    { text: text(row.type_log_prefix), href: null, role: 'prefix' },
    { text: text(row.type_log_name), href: null, role: 'action' },
    { text: text(row.target_name), href: null, role: 'target' },
    { text: text(row.target_item_name), href: safeHref(row.target_item_link), role: 'item' },
    { text: text(row.type_log_suffix), href: null, role: 'suffix' },
  ];
  return parts.filter((p) => p.text !== '');
}

/** The sentence as plain text (accessible names, titles). */
export function logSentenceText(row: LogRow): string {
  return logSentence(row)
    .map((p) => p.text)
    .join(' ');
}

/** The record a log row is about, for its history: `target` (or `stream_type`) and `id_target`
 * when the server sends them; null otherwise. */
export function logRecord(row: LogRow): { streamType: string; id: number | string } | null {
  const streamType = text(row.target) || text(row.stream_type);
  const id = typeof row.id_target === 'number' ? row.id_target : text(row.id_target);
  if (!streamType || id === '' || id === 0 || row.has_history === false) return null;
  return { streamType, id };
}
