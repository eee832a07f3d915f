import type { Sql } from 'postgres';
import { SETTING_DEFAULTS } from '../../../../projections/admin-content/setting-defaults';
import type { UploadPolicy } from '../../platform/upload/types';

/** The stored settings (app_settings, the read model of `setting-1`), every known key present:
 * a key missing from the table reads as its default. Picture fields hold the stored file name. */
export async function readSettings(sql: Sql): Promise<Record<string, unknown>> {
  const keys = Object.keys(SETTING_DEFAULTS);
  const rows = await sql<{ key: string; value: unknown }[]>`SELECT key, value FROM app_settings WHERE key IN ${sql(keys)}`;
  const out: Record<string, unknown> = { ...SETTING_DEFAULTS };
  for (const row of rows) out[row.key] = row.value;
  return out;
}

/** The settings as replies carry them: picture fields as the address that serves the file
 * (`/uploads/{name}`, signed-in users only) or null. */
export function settingsItem(stored: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const key of keys) {
    const value = stored[key] ?? null;
    item[key] = key.startsWith('pic_') ? (typeof value === 'string' && value ? `/uploads/${value}` : null) : value;
  }
  return item;
}

/** The settings' pictures, checked by their bytes (platform upload): the logo a png, jpg or webp
 * of at most 512 KB; the favicon a png of at most 128 KB. */
export const settingsUploads: UploadPolicy[] = [
  { field: 'pic_logo', maxKb: 512, accept: ['png', 'jpg', 'webp'] },
  { field: 'pic_favicon', maxKb: 128, accept: ['png'] },
];
