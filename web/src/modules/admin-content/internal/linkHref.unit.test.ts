import { describe, expect, it } from 'vitest';
import { normalizeLinkHref } from './linkHref';

describe('normalizeLinkHref', () => {
  it('keeps absolute web and mail addresses', () => {
    expect(normalizeLinkHref('https://faena.pe/terminos')).toBe('https://faena.pe/terminos');
    expect(normalizeLinkHref(' http://faena.pe ')).toBe('http://faena.pe');
    expect(normalizeLinkHref('mailto:legal@faena.pe')).toBe('mailto:legal@faena.pe');
  });

  it('completes bare hosts and e-mail addresses', () => {
    expect(normalizeLinkHref('www.faena.pe')).toBe('https://www.faena.pe');
    expect(normalizeLinkHref('faena.pe/legal?x=1')).toBe('https://faena.pe/legal?x=1');
    expect(normalizeLinkHref('faena.pe:8080/x')).toBe('https://faena.pe:8080/x');
    expect(normalizeLinkHref('legal@faena.pe')).toBe('mailto:legal@faena.pe');
  });

  it('is empty (remove the link) for blank input', () => {
    expect(normalizeLinkHref('')).toBe('');
    expect(normalizeLinkHref('   ')).toBe('');
  });

  it('refuses other schemes and what is not an address', () => {
    expect(normalizeLinkHref('javascript:alert(1)')).toBeNull();
    expect(normalizeLinkHref('data:text/html,x')).toBeNull();
    expect(normalizeLinkHref('ftp://faena.pe')).toBeNull();
    expect(normalizeLinkHref('//faena.pe')).toBeNull();
    expect(normalizeLinkHref('/legal')).toBeNull();
    expect(normalizeLinkHref('hola mundo')).toBeNull();
    expect(normalizeLinkHref('https://')).toBeNull();
    expect(normalizeLinkHref('mailto:nadie')).toBeNull();
  });
});
