import { displayValue } from './historyEvents';

/** A record's state as a readable field list: rows of field and value, and nested groups. */
export type StateSection = { title: string; rows: { field: string; value: string }[]; sections: StateSection[] };

/** Wrappers whose keys are the record's own fields, named as the history names its changes: a
 * master-data record's `fields`, a work order's `header`. Their fields are listed at the top. */
const UNWRAPPED = new Set(['fields', 'header']);

const isObj = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNested = (value: unknown) => isObj(value) || (Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null));

function build(title: string, obj: Record<string, unknown>, top: boolean): StateSection {
  const out: StateSection = { title, rows: [], sections: [] };
  for (const [field, value] of Object.entries(obj)) {
    if (top && UNWRAPPED.has(field) && isObj(value)) {
      const inner = build(title, value, false);
      out.rows.push(...inner.rows);
      out.sections.push(...inner.sections);
    } else if (isNested(value)) {
      const entries = Array.isArray(value) ? Object.fromEntries(value.map((v, i) => [String(i + 1), v])) : (value as Record<string, unknown>);
      if (Object.keys(entries).length === 0) out.rows.push({ field, value: '—' });
      else out.sections.push(build(title ? `${title} › ${field}` : field, entries, false));
    } else if (Array.isArray(value)) {
      out.rows.push({ field, value: value.length ? value.map(displayValue).join(', ') : '—' });
    } else {
      out.rows.push({ field, value: displayValue(value) });
    }
  }
  return out;
}

/** The state of GET /history/asOf as sections to read (never raw JSON): scalars as 'field: value'
 * rows ('—' when empty), lists of values joined, objects and lists of objects (a work order's
 * lines, a request's products) as nested groups titled by their path ('lines › diagnosticos › 12'). */
export function stateSections(state: Record<string, unknown>): StateSection {
  return build('', state, true);
}
