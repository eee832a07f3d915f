import { describe, expect, it } from 'vitest';
import { stateSections } from './stateFields';

/** The rows expected of a state, in order: each field with the text shown for it. */
const rows = (shown: Record<string, string>) => Object.entries(shown).map(([field, value]) => ({ field, value }));

describe('stateSections', () => {
  it("a master-data record: its fields at the top, by the names the history's changes use", () => {
    expect(stateSections({ status: 'active', id: 3, fields: { nombre: 'Volvo', estado: 1, protected: false, nota: '' } })).toEqual({
      title: '',
      rows: rows({ status: 'active', id: '3', nombre: 'Volvo', estado: '1', protected: 'No', nota: '—' }),
      sections: [],
    });
  });

  it('a work order: the header at the top, lines as nested groups, empty tables and lists as a dash', () => {
    const s = stateSections({
      status: 'abierto',
      header: { id_obra: 2, kilometraje: null },
      lines: { diagnosticos: { '12': { id: 12, descripcion: 'Fuga' } }, intervenciones: {} },
      request: null,
      documentos: [4, 5],
      vacios: [],
    });
    expect(s.rows).toEqual(rows({ status: 'abierto', id_obra: '2', kilometraje: '—', request: '—', documentos: '4, 5', vacios: '—' }));
    expect(s.sections).toEqual([
      {
        title: 'lines',
        rows: [{ field: 'intervenciones', value: '—' }],
        sections: [{ title: 'lines › diagnosticos', rows: [], sections: [{ title: 'lines › diagnosticos › 12', rows: [{ field: 'id', value: '12' }, { field: 'descripcion', value: 'Fuga' }], sections: [] }] }],
      },
    ]);
  });

  it('a list of objects (a request’s products) is numbered from 1', () => {
    const s = stateSections({ productos: [{ id: 7, cantidad: 2 }] });
    expect(s.sections[0]).toEqual({ title: 'productos', rows: [], sections: [{ title: 'productos › 1', rows: [{ field: 'id', value: '7' }, { field: 'cantidad', value: '2' }], sections: [] }] });
  });
});
