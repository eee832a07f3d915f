import { describe, expect, it } from 'vitest';
import { isInternalHref, logRecord, logSentence, logSentenceText, safeHref } from './logSentence';

describe('safeHref', () => {
  it.each([
    // App paths and absolute web and mail links are kept.
    ...['/users?query=Ana%20Quispe', 'https://faena.pe/x', 'HTTP://faena.pe', 'mailto:ana@faena.pe'].map((href) => [href, href]),
    // Bare and hash paths become app paths.
    ['marcas?query=Volvo', '/marcas?query=Volvo'],
    ['#/apps/marcas', '/apps/marcas'],
    ['  /legal ', '/legal'],
    // Active and foreign-host addresses and non-text are refused.
    ...['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/x', '/\\evil.example', '#top', '', '   ', null, 12].map((value) => [value, null]),
  ])('%j → %j', (value, href) => {
    expect(safeHref(value)).toBe(href);
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
