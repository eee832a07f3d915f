import type { SettingsTab } from './settingsSearch';

/** The text fields of the settings, by tab (the pictures are files, kept apart). */
export const SETTINGS_FIELDS = {
  general: ['coin', 'interval', 'registro_horometro'],
  empresa: ['brand', 'ruc', 'name', 'website', 'email', 'phone', 'country_code', 'address'],
} as const satisfies Record<SettingsTab, readonly string[]>;

export type SettingsField = (typeof SETTINGS_FIELDS)[SettingsTab][number];

/** The pictures: form field, accepted types and size limit in KB (the server's upload policy). */
export const SETTINGS_PICTURES = {
  pic_logo: { label: 'Logo', accept: 'image/png,image/jpeg,image/webp', maxKb: 512 },
  pic_favicon: { label: 'Favicon', accept: 'image/png', maxKb: 128 },
} as const;

export type SettingsPicture = keyof typeof SETTINGS_PICTURES;

/** The form's values: every text field as the input shows it. */
export type SettingsValues = Record<SettingsField, string>;

/** What to do with a picture on save: keep the current one, send a new file, or remove it. */
export type PictureChoice = { file: File | null; remove: boolean };

const ALL_FIELDS: SettingsField[] = [...SETTINGS_FIELDS.general, ...SETTINGS_FIELDS.empresa];

/** The form values of a settings item: null and missing → '', numbers as text. */
export function toSettingsValues(item: unknown): SettingsValues {
  const source = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
  const out = {} as SettingsValues;
  for (const field of ALL_FIELDS) {
    const value = source[field];
    out[field] = typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
  }
  return out;
}

/** The multipart body of `POST /settings/save`: every text field (trimmed); a picture as its new
 * file, or '' to remove it; a picture left alone is not sent (the server keeps it). */
export function settingsFormData(values: SettingsValues, pictures: Record<SettingsPicture, PictureChoice>): FormData {
  const body = new FormData();
  for (const field of ALL_FIELDS) body.append(field, (values[field] ?? '').trim());
  for (const key of Object.keys(SETTINGS_PICTURES) as SettingsPicture[]) {
    const choice = pictures[key];
    if (choice.file) body.append(key, choice.file, choice.file.name);
    else if (choice.remove) body.append(key, '');
  }
  return body;
}

/** The tab a field (or picture) lives on; unknown fields → null. */
export function tabOfField(field: string): SettingsTab | null {
  if ((SETTINGS_FIELDS.general as readonly string[]).includes(field)) return 'general';
  if ((SETTINGS_FIELDS.empresa as readonly string[]).includes(field) || field in SETTINGS_PICTURES) return 'empresa';
  return null;
}

/** The tabs holding at least one of the errors, in tab order. */
export function tabsWithErrors(errors: Record<string, string>): SettingsTab[] {
  const tabs = new Set(Object.entries(errors).filter(([, message]) => Boolean(message)).map(([field]) => tabOfField(field)));
  return (['general', 'empresa'] as const).filter((t) => tabs.has(t));
}

/** After a refused save: stay on the current tab when it shows an error, else go to the first tab
 * that does (the user must see why); with no field errors, stay. */
export function tabForErrors(errors: Record<string, string>, current: SettingsTab): SettingsTab {
  const tabs = tabsWithErrors(errors);
  return tabs.length === 0 || tabs.includes(current) ? current : tabs[0];
}

/** The address of an uploaded file for `useAuthedBlobUrl` (which adds `/api`): the server sends
 * `/uploads/{name}`; a bare name, `uploads/{name}` or `/api/uploads/{name}` are read too. Blank or
 * not text → null; an absolute URL (another host) → null. */
export function uploadPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let path = value.trim();
  if (path === '' || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) return null;
  if (path.startsWith('/api/')) path = path.slice(4);
  if (path.startsWith('/uploads/')) return path;
  if (path.startsWith('uploads/')) return `/${path}`;
  return `/uploads/${encodeURIComponent(path.replace(/^\/+/, ''))}`;
}

/** The server's offset from this device, `diferencia` in seconds (server ahead: positive), in
 * words: 'Sin diferencia' within a second, else '+2 min 5 s' / '-40 s' / '+1 h 3 min'. */
export function formatClockDifference(seconds: unknown): string {
  const n = typeof seconds === 'number' ? seconds : typeof seconds === 'string' && seconds.trim() !== '' ? Number(seconds) : NaN;
  if (!Number.isFinite(n)) return '—';
  const total = Math.round(Math.abs(n));
  if (total === 0) return 'Sin diferencia';
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts = [h ? `${h} h` : '', m ? `${m} min` : '', s && !h ? `${s} s` : ''].filter(Boolean);
  return `${n > 0 ? '+' : '-'}${parts.join(' ')}`;
}
