import { describe, expect, it } from 'vitest';
import { displayValue, normalizeChanges, normalizeHistory, textOf } from './historyEvents';

describe('normalizeChanges', () => {
  it('reads the contract list', () => {
    expect(normalizeChanges([{ field: 'nombre', from: 'Volvo', to: 'Volvo CE' }])).toEqual([{ field: 'nombre', from: 'Volvo', to: 'Volvo CE' }]);
  });

  it('reads other spellings, keeping null values', () => {
    expect(
      normalizeChanges([
        { campo: 'estado', anterior: 1, nuevo: 0 },
        { name: 'ruc', old: null, new: '20123456789' },
        { key: 'email', before: '', after: 'a@b.pe' },
      ]),
    ).toEqual([
      { field: 'estado', from: 1, to: 0 },
      { field: 'ruc', from: null, to: '20123456789' },
      { field: 'email', from: '', to: 'a@b.pe' },
    ]);
  });

  it('reads a field map of { from, to }, pairs or plain values', () => {
    expect(normalizeChanges({ nombre: { from: 'A', to: 'B' }, estado: [1, 0], coin: 'US$' })).toEqual([
      { field: 'nombre', from: 'A', to: 'B' },
      { field: 'estado', from: 1, to: 0 },
      { field: 'coin', from: undefined, to: 'US$' },
    ]);
  });

  it('reads a single change object and [field, from, to] tuples', () => {
    expect(normalizeChanges({ field: 'legal', from: '<p>a</p>', to: '<p>b</p>' })).toEqual([{ field: 'legal', from: '<p>a</p>', to: '<p>b</p>' }]);
    expect(normalizeChanges([['interval', 30, 60]])).toEqual([{ field: 'interval', from: 30, to: 60 }]);
  });

  it('reads JSON text and ignores anything else', () => {
    expect(normalizeChanges('{"nombre":{"from":"A","to":"B"}}')).toEqual([{ field: 'nombre', from: 'A', to: 'B' }]);
    expect(normalizeChanges('modificó el nombre')).toEqual([]);
    expect(normalizeChanges('{broken')).toEqual([]);
    expect(normalizeChanges(null)).toEqual([]);
    expect(normalizeChanges(undefined)).toEqual([]);
    expect(normalizeChanges(42)).toEqual([]);
    expect(normalizeChanges([{ from: 1, to: 2 }, 'x', null])).toEqual([]);
  });
});

describe('displayValue', () => {
  it('shows empties as a dash, booleans in Spanish and objects as JSON', () => {
    expect(displayValue(null)).toBe('—');
    expect(displayValue(undefined)).toBe('—');
    expect(displayValue('')).toBe('—');
    expect(displayValue(true)).toBe('Sí');
    expect(displayValue(false)).toBe('No');
    expect(displayValue(0)).toBe('0');
    expect(displayValue('Volvo')).toBe('Volvo');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
    expect(displayValue([1, 2])).toBe('[1,2]');
  });
});

describe('textOf', () => {
  it('reads scalars and name-like fields of objects', () => {
    expect(textOf(' Ana ')).toBe('Ana');
    expect(textOf(5)).toBe('5');
    expect(textOf({ id: 3, name: 'Ana Quispe' })).toBe('Ana Quispe');
    expect(textOf({ id: 3 })).toBe('3');
    expect(textOf(null)).toBe('');
    expect(textOf(Number.NaN)).toBe('');
  });
});

describe('normalizeHistory', () => {
  it('reads the contract reply, newest version first, with "login as"', () => {
    const events = normalizeHistory({
      ok: true,
      msg: '',
      items: [
        { version: 1, type: 'RecordCreated', action: 'creó', who: 'Ana', original_who: null, session: 'abc', when: '2026-03-05T14:00:00Z', changes: [{ field: 'nombre', from: null, to: 'Volvo' }] },
        { version: 2, type: 'RecordUpdated', action: 'modificó', who: 'Ana', original_who: 'Jorge', session: 'def', when: '2026-03-06T14:00:00Z', changes: [] },
      ],
    });
    expect(events.map((e) => e.version)).toEqual([2, 1]);
    expect(events[0]).toMatchObject({ key: 'v2', type: 'RecordUpdated', action: 'modificó', who: 'Ana', originalWho: 'Jorge', session: 'def', when: '2026-03-06T14:00:00Z', changes: [] });
    expect(events[1]).toMatchObject({ originalWho: '', changes: [{ field: 'nombre', from: null, to: 'Volvo' }] });
  });

  it('reads other spellings and a bare list, keeping the order without versions', () => {
    const events = normalizeHistory([
      { event_type: 'RecordCreated', user: { id: 1, name: 'Ana' }, original_user: 'Ana', session_id: 's1', date_created: '2026-01-01', cambios: { nombre: { from: null, to: 'X' } } },
      { tipo: 'RecordRemoved', usuario: 'Luis', fecha: '2026-01-02' },
    ]);
    expect(events.map((e) => e.type)).toEqual(['RecordCreated', 'RecordRemoved']);
    expect(events[0]).toMatchObject({ key: 'i0', who: 'Ana', originalWho: '', session: 's1', when: '2026-01-01', changes: [{ field: 'nombre', from: null, to: 'X' }] });
    expect(events[1]).toMatchObject({ key: 'i1', who: 'Luis', when: '2026-01-02', changes: [] });
  });

  it('keeps keys unique, skips unreadable entries and copes with odd replies', () => {
    expect(normalizeHistory({ items: [{ version: '3' }, { version: 3 }, 'x', null] }).map((e) => e.key)).toEqual(['v3', 'v3-1']);
    expect(normalizeHistory({ events: [{ version: 1 }] })).toHaveLength(1);
    expect(normalizeHistory({ ok: true })).toEqual([]);
    expect(normalizeHistory(null)).toEqual([]);
    expect(normalizeHistory('nope')).toEqual([]);
  });
});
