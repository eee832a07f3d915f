import type { FieldChange } from '@shared/diff';
import { isSecretField } from './secret-fields';

/** One changed field of a record event: before → after (a created record's fields come from null). */
export type HistoryChange = { field: string; from: unknown; to: unknown };

const visible = (field: string) => !isSecretField(field);

/** The fields an event changed, by field name (jsonb keeps no key order), secrets left out. */
export function historyChanges(type: string, data: Record<string, unknown>): HistoryChange[] {
  return changesOf(type, data).sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
}

function changesOf(type: string, data: Record<string, unknown>): HistoryChange[] {
  switch (type) {
    case 'RecordCreated':
      return Object.entries((data.fields as Record<string, unknown>) ?? {})
        .filter(([field]) => visible(field))
        .map(([field, to]) => ({ field, from: null, to: to ?? null }));
    case 'RecordUpdated':
      return Object.entries((data.changes as Record<string, FieldChange>) ?? {})
        .filter(([field]) => visible(field))
        .map(([field, change]) => ({ field, from: change?.from ?? null, to: change?.to ?? null }));
    case 'RecordEnabled':
      return [{ field: 'estado', from: 0, to: 1 }];
    case 'RecordDisabled':
      return [{ field: 'estado', from: 1, to: 0 }];
    case 'RecordRemoved':
    case 'PasswordChanged':
      return [];
    default:
      return Object.entries(data)
        .filter(([field]) => field !== 'id' && visible(field))
        .map(([field, to]) => ({ field, from: null, to: to ?? null }));
  }
}
