import { MONTH_RE } from '../../shared/currency';
import { isFileReply, type AnyRoute } from './platform/route';

type Node = {
  type: string;
  kind?: string;
  entries?: Record<string, Node>;
  pipe?: Node[];
  options?: (Node | string | number | boolean)[];
  wrapped?: Node;
  item?: Node;
  default?: unknown;
  requirement?: unknown;
  literal?: unknown;
};

/** A short human description of a valibot schema: type, bounds, options. */
function describe(node: Node): string {
  if (node.type === 'optional' && node.wrapped) return describe(node.wrapped);
  if (node.pipe) {
    const [base, ...actions] = node.pipe;
    const parts = [describe(base)];
    for (const a of actions) {
      if (a.type === 'min_value') parts.push(`≥ ${String(a.requirement)}`);
      else if (a.type === 'max_value') parts.push(`≤ ${String(a.requirement)}`);
      else if (a.type === 'max_length') parts.push(`max ${String(a.requirement)}`);
      else if (a.type === 'min_length' || a.type === 'non_empty') parts.push('not empty');
      else if (a.type === 'email') parts.push('e-mail');
      else if (a.type === 'integer') parts.push('integer');
      else if (a.type === 'uuid') parts.push('uuid');
      else if (a.type === 'regex' && base.type === 'string' && String(a.requirement).includes('\\d{4}-')) parts.push(String(a.requirement) === String(MONTH_RE) ? 'yyyy-MM' : 'yyyy-MM-dd');
      else if (a.type === 'picklist') parts.push(`one of ${(a.options ?? []).join(', ')}`);
    }
    return [...new Set(parts)].join(' ');
  }
  if (node.type === 'picklist') return `one of ${(node.options as unknown[]).map(String).join(', ')}`;
  if (node.type === 'union') {
    const opts = (node.options as Node[]).map(describe);
    if (opts.some((o) => o.startsWith('number')) && opts.some((o) => o.startsWith('string'))) return 'number';
    return [...new Set(opts)].join(' | ');
  }
  if (node.type === 'array' && node.item) return `list of ${describe(node.item)}`;
  if (node.type === 'record') return 'object';
  if (node.type === 'object') return 'object';
  return node.type;
}

function fieldsOf(node: Node | undefined): Record<string, Node> {
  if (!node) return {};
  if (node.type === 'object' && node.entries) return node.entries;
  if (node.pipe) return fieldsOf(node.pipe[0]);
  if (node.type === 'intersect' && node.options) return Object.assign({}, ...(node.options as Node[]).map(fieldsOf));
  return {};
}

/** The shape of a reply schema, TypeScript-like and short: `{ items: { id: number, … }[], total: number }`. */
export function shape(node: Node, depth = 0): string {
  if (node.type === 'optional' && node.wrapped) return shape(node.wrapped, depth);
  if (node.type === 'nullable' && node.wrapped) return `${shape(node.wrapped, depth)} | null`;
  if (node.pipe) {
    const [base, ...actions] = node.pipe;
    const described = actions.find((a) => a.type === 'description') as { description?: string } | undefined;
    return described?.description ? `${shape(base, depth)} (${described.description})` : shape(base, depth);
  }
  if (node.type === 'picklist') return (node.options as unknown[]).map((o) => JSON.stringify(o)).join(' | ');
  if (node.type === 'union') return (node.options as Node[]).map((o) => shape(o, depth)).join(' or ');
  if (node.type === 'array' && node.item) {
    const item = shape(node.item, depth);
    return / \| | or /.test(item) && !item.startsWith('{') ? `(${item})[]` : `${item}[]`;
  }
  if (node.type === 'lazy') return '…';
  if ((node.type === 'object' || node.type === 'loose_object') && node.entries) {
    const keys = Object.entries(node.entries);
    if (keys.length === 0) return '{}';
    if (depth >= 2) return `{ ${keys.map(([k]) => k).join(', ')} }`;
    return `{ ${keys.map(([k, v]) => `${k}${v.type === 'optional' ? '?' : ''}: ${shape(v, depth + 1)}`).join(', ')}${node.type === 'loose_object' ? ', …' : ''} }`;
  }
  if (node.type === 'record') return 'object';
  return node.type;
}

function replyOf(route: AnyRoute): string {
  if (isFileReply(route.output)) return `file (${route.output.media.join(', ')})`;
  const text = shape(route.output);
  return text === '{}' ? '—' : text;
}

function access(route: AnyRoute): string {
  if (route.access.kind === 'public') return 'public';
  if (route.access.kind === 'signed_in') return 'signed in';
  return `\`${route.access.module}\` ${route.access.right}`;
}

/** docs/API.md, generated from the route table and its schemas (npm run docs:api), so it cannot
 * drift: a test compares the committed file with this output. */
export function renderApiDocs(routes: AnyRoute[]): string {
  const lines = [
    '# Faena API',
    '',
    'Generated from the route table (`services/api/routes.ts`) by `npm run docs:api`; do not edit by hand.',
    '',
    'All calls live under `/api`. Every reply is the envelope `{ ok, msg, errors }` plus the payload listed',
    'below, with an honest HTTP status: 400 malformed body, 401 not signed in (`msg: "session_expired"` when',
    'the token no longer opens a session), 403 missing right, 404 not found, 409 changed by someone else,',
    '413 too large, 415 wrong content type or file type, 422 validation (`errors`: field → Spanish message),',
    "429 too many attempts, 500 'Se produjo un error' with `request_id`. Send the session token as",
    '`Authorization: Bearer <token>`. GET calls take their input in the query string; POST calls take JSON,',
    'multipart (files) or urlencoded forms. Access: `public`, `signed in`, or a menu module and the right it',
    'needs (`see` or `edit`).',
    '',
    'Retries: every POST accepts an `Idempotency-Key` header (1-200 printable ASCII characters, else 400; GET',
    'calls ignore it), kept per signed-in user (or anonymous caller), path and key for 24 hours. The same key',
    'with the same method, path and body bytes runs once: a repeat gets the first reply (same status and',
    'bytes) with `Idempotent-Replayed: true`, after waiting up to 10 s if the first is still running (then',
    "409 'La solicitud anterior con esta clave sigue en curso'); the same key with other data is a 422 'La",
    "clave de idempotencia ya se usó con otros datos'. 5xx and 408/425/429 replies, file downloads and replies",
    'that carry a session token are not kept: a repeat runs again.',
    '',
    `${routes.length} calls.`,
    '',
    '| call | access | what it does | input | reply |',
    '|---|---|---|---|---|',
  ];
  for (const r of routes) {
    const fields = Object.entries(fieldsOf(r.input as unknown as Node | undefined))
      .map(([name, node]) => `\`${name}\`${node.type === 'optional' ? '?' : ''}: ${describe(node)}`)
      .join('<br>');
    lines.push(`| \`${r.method} ${r.path}\` | ${access(r)} | ${r.summary.replace(/\|/g, '\\|')} | ${fields.replace(/\|/g, '\\|') || '—'} | ${replyOf(r).replace(/\|/g, '\\|')} |`);
  }
  return `${lines.join('\n')}\n`;
}
