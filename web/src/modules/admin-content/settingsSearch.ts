import * as v from 'valibot';

/** The tabs of /settings, in order; the first is the default. */
export const SETTINGS_TABS = ['general', 'empresa'] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** /settings URL state: `t` picks the tab (`?t=general`, `?t=empresa`); anything else is dropped
 * (the first tab shows). */
export const settingsSearchSchema = v.object({
  t: v.fallback(v.optional(v.picklist(SETTINGS_TABS)), undefined),
});

export type SettingsSearch = v.InferOutput<typeof settingsSearchSchema>;

/** The tab index for `t` (0 when absent). */
export function settingsTabIndex(t: SettingsTab | undefined): number {
  const i = t ? SETTINGS_TABS.indexOf(t) : 0;
  return i < 0 ? 0 : i;
}
