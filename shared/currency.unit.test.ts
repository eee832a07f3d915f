import { describe, expect, it } from 'vitest';
import { currencyCode, isSoles, missingRateNote, monthLabel, pendingKey, splitPendingKey } from './currency';

describe('amounts in another currency (issue 19)', () => {
  it('soles need no rate, whatever way the Excel writes them', () => {
    for (const m of ['', 'PEN', 'pen', 'S/', 'S/.', 'Soles', ' nuevos soles ']) expect(isSoles(m)).toBe(true);
    for (const m of ['USD', 'US$', 'EUR']) expect(isSoles(m)).toBe(false);
  });

  it('the usual names of a currency find the rate of its ISO code', () => {
    expect(['usd ', 'US$', 'Dólares', 'dolares  americanos', '$'].map(currencyCode)).toEqual(['USD', 'USD', 'USD', 'USD', 'USD']);
    expect(['eur', 'Euros', '€'].map(currencyCode)).toEqual(['EUR', 'EUR', 'EUR']);
    expect(currencyCode('CLP')).toBe('CLP');
  });

  it('keys and notes', () => {
    expect(pendingKey('usd', '2026-03')).toBe('USD:2026-03');
    expect(splitPendingKey('USD:2026-03')).toEqual({ moneda: 'USD', mes: '2026-03' });
    expect(monthLabel('2026-03')).toBe('03/2026');
    expect(missingRateNote('USD', '2026-03', 3)).toBe('Hay 3 ingresos en USD sin tipo de cambio de 03/2026: sus costos no se incluyen');
    expect(missingRateNote('EUR', '2025-12', 1)).toBe('Hay 1 ingreso en EUR sin tipo de cambio de 12/2025: su costo no se incluye');
  });
});
