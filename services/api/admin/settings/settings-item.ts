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
