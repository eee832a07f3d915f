import { describe, expect, it } from 'vitest';
import { sameOptionValue, toOption } from './selectOption';
import { normalizeText } from '@shared/text';

describe('toOption', () => {
  it('reads value|id and label|name|nombre', () => {
    expect(toOption({ value: 1, label: 'Komatsu' })).toMatchObject({ value: 1, label: 'Komatsu' });
    expect(toOption({ id: 'a', name: 'Alfa' })).toMatchObject({ value: 'a', label: 'Alfa' });
    expect(toOption({ id: 7, nombre: 'Volvo', extra: true })).toEqual({ value: 7, label: 'Volvo', raw: { id: 7, nombre: 'Volvo', extra: true } });
  });
  it('falls back to the value as label and refuses items without a value', () => {
    expect(toOption({ id: 3 })).toMatchObject({ value: 3, label: '3' });
    expect(toOption({ label: 'x' })).toBeNull();
    expect(toOption(null)).toBeNull();
    expect(toOption('x')).toBeNull();
  });
});

describe('sameOptionValue and normalizeText', () => {
  it('matches 3 and "3" but never null', () => {
    expect(sameOptionValue(3, '3')).toBe(true);
    expect(sameOptionValue(null, null)).toBe(false);
  });
  it('ignores case, accents and extra spaces', () => {
    expect(normalizeText('  Cañón   336 ')).toBe('canon 336');
  });
});
