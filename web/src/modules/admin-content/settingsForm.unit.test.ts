import { describe, expect, it } from 'vitest';
import { formatClockDifference, settingsFormData, tabForErrors, tabOfField, tabsWithErrors, toSettingsValues, uploadPath } from './settingsForm';

const keep = { file: null, remove: false };

describe('toSettingsValues', () => {
  it('turns the item into text fields, empties for null and missing', () => {
    const values = toSettingsValues({ coin: 'S/', interval: 30, registro_horometro: 24, brand: 'Faena', ruc: null, pic_logo: '/uploads/x.png' });
    expect(values).toEqual({
      coin: 'S/',
      interval: '30',
      registro_horometro: '24',
      brand: 'Faena',
      ruc: '',
      name: '',
      website: '',
      email: '',
      phone: '',
      country_code: '',
      address: '',
    });
    expect(toSettingsValues(null).coin).toBe('');
    expect(toSettingsValues({ interval: Number.NaN }).interval).toBe('');
  });
});

describe('settingsFormData', () => {
  const values = { ...toSettingsValues({}), coin: ' US$ ', interval: '60', brand: 'Faena' };

  it('sends every text field trimmed and leaves untouched pictures out', () => {
    const body = settingsFormData(values, { pic_logo: keep, pic_favicon: keep });
    expect(body.get('coin')).toBe('US$');
    expect(body.get('interval')).toBe('60');
    expect(body.get('ruc')).toBe('');
    expect(body.has('pic_logo')).toBe(false);
    expect(body.has('pic_favicon')).toBe(false);
    expect([...body.keys()]).toHaveLength(11);
  });

  it('sends a new file, or an empty value to remove a picture', () => {
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    const body = settingsFormData(values, { pic_logo: { file, remove: false }, pic_favicon: { file: null, remove: true } });
    const sent = body.get('pic_logo');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('logo.png');
    expect(body.get('pic_favicon')).toBe('');
  });
});

describe('tabs and errors', () => {
  it.each([
    ['coin', 'general'],
    ['registro_horometro', 'general'],
    ['ruc', 'empresa'],
    ['pic_favicon', 'empresa'],
    ['otro', null],
  ])('places %s on its tab (%s)', (field, tab) => {
    expect(tabOfField(field)).toBe(tab);
  });

  it('lists the tabs with errors in order, ignoring empty messages and unknown fields', () => {
    expect(tabsWithErrors({ email: 'Ingrese un correo válido', interval: 'Mínimo 5 segundos' })).toEqual(['general', 'empresa']);
    expect(tabsWithErrors({ email: '', x: 'y' })).toEqual([]);
  });

  it('stays on a tab that shows an error, else goes to the first that does', () => {
    expect(tabForErrors({ ruc: 'El RUC debe tener 11 dígitos' }, 'general')).toBe('empresa');
    expect(tabForErrors({ ruc: 'x', coin: 'y' }, 'empresa')).toBe('empresa');
    expect(tabForErrors({ ruc: 'x', coin: 'y' }, 'general')).toBe('general');
    expect(tabForErrors({}, 'empresa')).toBe('empresa');
  });
});

describe('uploadPath', () => {
  it.each([
    // The server address and other spellings.
    ['/uploads/ab12.png', '/uploads/ab12.png'],
    ['/api/uploads/ab12.png', '/uploads/ab12.png'],
    ['uploads/ab12.png', '/uploads/ab12.png'],
    ['ab 12.png', '/uploads/ab%2012.png'],
    // Nothing, non-text and other hosts.
    ...[null, '', ' ', 3, 'https://cdn.example/x.png', '//cdn.example/x.png'].map((value) => [value, null]),
  ])('%j → %j', (value, path) => {
    expect(uploadPath(value)).toBe(path);
  });
});

describe('formatClockDifference', () => {
  it('says how far the server clock is, with its sign', () => {
    expect(formatClockDifference(0)).toBe('Sin diferencia');
    expect(formatClockDifference(0.4)).toBe('Sin diferencia');
    expect(formatClockDifference(40)).toBe('+40 s');
    expect(formatClockDifference(-125)).toBe('-2 min 5 s');
    expect(formatClockDifference(3780)).toBe('+1 h 3 min');
    expect(formatClockDifference('-3600')).toBe('-1 h');
  });

  it('shows a dash when unknown', () => {
    expect(formatClockDifference(null)).toBe('—');
    expect(formatClockDifference('x')).toBe('—');
  });
});
