import { describe, expect, it } from 'vitest';
import { normalizeLinkHref } from './linkHref';

describe('normalizeLinkHref', () => {
  it.each<[string, string | null]>([
    // Absolute web and mail addresses are kept.
    ['https://faena.pe/terminos', 'https://faena.pe/terminos'],
    [' http://faena.pe ', 'http://faena.pe'],
    ['mailto:legal@faena.pe', 'mailto:legal@faena.pe'],
    // Bare hosts and e-mail addresses are completed.
    ['www.faena.pe', 'https://www.faena.pe'],
    ['faena.pe/legal?x=1', 'https://faena.pe/legal?x=1'],
    ['faena.pe:8080/x', 'https://faena.pe:8080/x'],
    ['legal@faena.pe', 'mailto:legal@faena.pe'],
    // Blank input is empty: remove the link.
    ['', ''],
    ['   ', ''],
    // Other schemes and what is not an address are refused.
    ...['javascript:alert(1)', 'data:text/html,x', 'ftp://faena.pe', '//faena.pe', '/legal', 'hola mundo', 'https://', 'mailto:nadie'].map((text): [string, null] => [text, null]),
  ])('%j → %j', (text, href) => {
    expect(normalizeLinkHref(text)).toBe(href);
  });
});
