import { describe, expect, it } from 'vitest';
import { isInternalHref, logRecord, logSentence, logSentenceText, safeHref } from './logSentence';

describe('safeHref', () => {
  it('keeps app paths and absolute web and mail links', () => {
    expect(safeHref('/users?query=Ana%20Quispe')).toBe('/users?query=Ana%20Quispe');
    expect(safeHref('https://faena.pe/x')).toBe('https://faena.pe/x');
    expect(safeHref('HTTP://faena.pe')).toBe('HTTP://faena.pe');
    expect(safeHref('mailto:ana@faena.pe')).toBe('mailto:ana@faena.pe');
  });

  it('makes bare and hash paths app paths', () => {
    expect(safeHref('marcas?query=Volvo')).toBe('/marcas?query=Volvo');
    expect(safeHref('#/apps/marcas')).toBe('/apps/marcas');
    expect(safeHref('  /legal ')).toBe('/legal');
  });

  it('refuses active and foreign-host addresses and non-text', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref(' JavaScript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<b>x</b>')).toBeNull();
    expect(safeHref('//evil.example/x')).toBeNull();
    expect(safeHref('/\\evil.example')).toBeNull();
    expect(safeHref('#top')).toBeNull();
    expect(safeHref('')).toBeNull();
    expect(safeHref('   ')).toBeNull();
    expect(safeHref(null)).toBeNull();
    expect(safeHref(12)).toBeNull();
  });

  it('tells app paths from outside links', () => {
    expect(isInternalHref('/users')).toBe(true);
    expect(isInternalHref('https://faena.pe')).toBe(false);
  });
});

describe('logSentence', () => {
  const row = {
    user_name: 'Ana Quispe Rojas',
    user_link: '/users?query=Ana%20Quispe%20Rojas',
    type_log_prefix: '',
    type_log_name: 'modificó',
    type_log_suffix: '(nombre, estado)',
    target_name: 'Marca',
    target_item_name: 'Volvo',
    target_item_link: '/marcas?query=Volvo',
  };

  it('reads user, prefix, action, target, record and suffix in order, leaving empty parts out', () => {
    expect(logSentence(row)).toEqual([
      { text: 'Ana Quispe Rojas', href: '/users?query=Ana%20Quispe%20Rojas', role: 'user' },
      { text: 'modificó', href: null, role: 'action' },
      { text: 'Marca', href: null, role: 'target' },
      { text: 'Volvo', href: '/marcas?query=Volvo', role: 'item' },
      { text: '(nombre, estado)', href: null, role: 'suffix' },
    ]);
    expect(logSentenceText(row)).toBe('Ana Quispe Rojas modificó Marca Volvo (nombre, estado)');
  });

  it('keeps the prefix before the action and trims every part', () => {
    expect(logSentenceText({ user_name: ' Sistema ', type_log_prefix: 'a través de la API', type_log_name: ' creó ', target_name: 'Unidad', target_item_name: '#12' })).toBe(
      'Sistema a través de la API creó Unidad #12',
    );
  });

  it('gives plain text without links, drops unsafe links and reads numbers', () => {
    const parts = logSentence({ user_name: 'Ana', user_link: null, target_item_name: 7 as unknown as string, target_item_link: 'javascript:alert(1)' });
    expect(parts).toEqual([
      { text: 'Ana', href: null, role: 'user' },
      { text: '7', href: null, role: 'item' },
    ]);
  });

  it('is empty for an empty row', () => {
    expect(logSentence({})).toEqual([]);
  });
});

describe('logRecord', () => {
  it('names the record from target and id_target', () => {
    expect(logRecord({ target: 'marca', id_target: 3 })).toEqual({ streamType: 'marca', id: 3 });
    expect(logRecord({ stream_type: 'user', id_target: '8' })).toEqual({ streamType: 'user', id: '8' });
  });

  it('is null without a type or an id', () => {
    expect(logRecord({ target: 'session', id_target: null })).toBeNull();
    expect(logRecord({ id_target: 3 })).toBeNull();
    expect(logRecord({ target: 'marca', id_target: 0 })).toBeNull();
    expect(logRecord({})).toBeNull();
  });
});
