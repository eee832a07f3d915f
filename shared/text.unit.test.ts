import { describe, expect, it } from 'vitest';
import { contentDisposition, normalizeText } from './text';

describe('normalizeText', () => {
  it('ignores case and accents: tildes, the ñ and the diaeresis', () => {
    expect(normalizeText('Camión')).toBe('camion');
    expect(normalizeText('CAÑÓN')).toBe('canon');
    expect(normalizeText('Pingüino Ágil')).toBe('pinguino agil');
    expect(normalizeText('camion')).toBe(normalizeText('CAMIÓN'));
  });

  it('collapses runs of spaces, tabs and line breaks, and trims the ends', () => {
    expect(normalizeText('  Cañón   336 ')).toBe('canon 336');
    expect(normalizeText('Grúa\t\tTadano\n2024')).toBe('grua tadano 2024');
    expect(normalizeText('   ')).toBe('');
  });

  it('so a typed search finds the label whatever accents and spacing either has', () => {
    const label = 'Excavadora  sobre orugas – Año 2024';
    expect(normalizeText(label).includes(normalizeText('sobre ORUGAS'))).toBe(true);
    expect(normalizeText(label).includes(normalizeText('ano 2024'))).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII name without accents and the exact UTF-8 name', () => {
    expect(contentDisposition('Manual de operación 320.pdf')).toBe(
      `attachment; filename="Manual de operacion 320.pdf"; filename*=UTF-8''Manual%20de%20operaci%C3%B3n%20320.pdf`,
    );
  });

  it('replaces quotes, backslashes and non-ASCII characters in the ASCII name, and escapes RFC 5987 specials', () => {
    expect(contentDisposition('a"b\\c€(1)*.csv')).toBe(`attachment; filename="a_b_c_(1)*.csv"; filename*=UTF-8''a%22b%5Cc%E2%82%AC%281%29%2A.csv`);
  });

  it('names an empty file with the fallback', () => {
    expect(contentDisposition('', 'documento')).toBe(`attachment; filename="documento"; filename*=UTF-8''documento`);
  });
});
