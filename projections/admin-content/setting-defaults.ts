/** The company settings and their values before the first save: the same keys and values that
 * migrations/0006_search_and_settings.sql inserts into app_settings. The settings projection
 * restores these on reset, then replays the `setting-1` stream. */
export const SETTING_DEFAULTS: Readonly<Record<string, string | number | null>> = Object.freeze({
  coin: 'S/',
  interval: 30,
  registro_horometro: 24,
  brand: 'Faena',
  ruc: '',
  name: '',
  website: '',
  email: '',
  phone: '',
  country_code: 'PE',
  address: '',
  pic_logo: null,
  pic_favicon: null,
});
