import { describe, expect, it } from 'vitest';
import { referencesMessage } from './references-message';

describe('referencesMessage', () => {
  it('names every kind of record that still points at the row, singular or plural', () => {
    expect(
      referencesMessage([
        { one: 'modelo', many: 'modelos', count: 3 },
        { one: 'equipo', many: 'equipos', count: 1 },
      ]),
    ).toBe('No se puede eliminar: tiene registros asociados (3 modelos, 1 equipo)');
  });
  it('lets the removal go ahead when nothing points at it', () => {
    expect(referencesMessage([])).toBeNull();
    expect(referencesMessage([{ one: 'modelo', many: 'modelos', count: 0 }])).toBeNull();
  });
});
