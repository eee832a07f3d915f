import type { FieldChange } from '@shared/diff';
import type { TransactionSql } from 'postgres';
import type { Fields } from '../../events/record/record';
import type { InlineProjection } from '../types';
import { adminStreams } from './admin-streams';
import { SETTING_DEFAULTS } from './setting-defaults';

async function put(tx: TransactionSql, key: string, value: unknown, at: Date) {
  // As JSON text cast to jsonb: a null setting is the jsonb null (the column is NOT NULL).
  await tx`INSERT INTO app_settings (key, value, updated_at) VALUES (${key}, ${JSON.stringify(value ?? null)}::text::jsonb, ${at})
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`;
}

/** The company settings' read model: app_settings (one row per key, migration 0006), written in
 * the append's transaction from the `setting-1` record stream. Only the known keys are written. */
export const settingsProjection: InlineProjection = {
  name: 'admin_settings',
  handles: (e) =>
    e.streamType === adminStreams.setting.type && (e.type === 'RecordCreated' || e.type === 'RecordUpdated'),
  async apply(tx, events) {
    for (const e of events) {
      if (Number(e.data.id) !== adminStreams.setting.id) continue;
      const values: Record<string, unknown> = {};
      if (e.type === 'RecordCreated') Object.assign(values, e.data.fields as Fields);
      else for (const [key, change] of Object.entries(e.data.changes as Record<string, FieldChange>)) values[key] = change.to;
      for (const [key, value] of Object.entries(values)) {
        if (Object.hasOwn(SETTING_DEFAULTS, key)) await put(tx, key, value, e.occurredAt);
      }
    }
  },
  /** Back to the migration's defaults (not an empty table: the app reads them before any save). */
  async reset(tx) {
    for (const [key, value] of Object.entries(SETTING_DEFAULTS)) await put(tx, key, value, new Date());
  },
};
