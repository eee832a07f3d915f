import type { Sql } from 'postgres';
import { SETTING_DEFAULTS } from '../../../../projections/admin-content/setting-defaults';

/** The stored settings (app_settings, the read model of `setting-1`), every known key present:
 * a key missing from the table reads as its default. Picture fields hold the stored file name. */
export async function readSettings(sql: Sql): Promise<Record<string, unknown>> {
  const keys = Object.keys(SETTING_DEFAULTS);
  const rows = await sql<{ key: string; value: unknown }[]>`SELECT key, value FROM app_settings WHERE key IN ${sql(keys)}`;
  const out: Record<string, unknown> = { ...SETTING_DEFAULTS };
  for (const row of rows) out[row.key] = row.value;
  return out;
}
