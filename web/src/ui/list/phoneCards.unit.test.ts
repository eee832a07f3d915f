import { describe, expect, it } from 'vitest';
import { cardParts, type DataTableColumn } from './DataTable';
import { activeFilterCount } from './FilterBar';

type Row = Record<string, unknown>;
const cols = (...keys: string[]): DataTableColumn<Row>[] => keys.map((key) => ({ key, label: key === 'estado_nombre' ? 'Estado' : key }));
const keys = (parts: ReturnType<typeof cardParts<Row>>) => ({ title: parts.title?.key, subtitle: parts.subtitle?.key, chip: parts.chip?.key, fields: parts.fields.map((f) => f.key) });

describe('a row as a phone card', () => {
  it('defaults: the estado column is the chip, the first other column the title, the next two the fields', () => {
    expect(keys(cardParts(cols('codigo', 'obra', 'equipo', 'apertura', 'estado')))).toEqual({ title: 'codigo', subtitle: undefined, chip: 'estado', fields: ['obra', 'equipo'] });
  });

  it("a catalogue's id gives way to its name; a column labelled 'Estado' is the chip", () => {
    expect(keys(cardParts(cols('id', 'nombre', 'estado', 'date_created')))).toEqual({ title: 'nombre', subtitle: undefined, chip: 'estado', fields: ['date_created'] });
    expect(keys(cardParts(cols('codigo', 'estado_nombre', 'obra')))).toMatchObject({ title: 'codigo', chip: 'estado_nombre', fields: ['obra'] });
  });

  it('a list names its own title, subtitle and fields', () => {
    expect(keys(cardParts(cols('a', 'b', 'c', 'd'), { title: 'b', subtitle: 'c', fields: ['d'] }))).toEqual({ title: 'b', subtitle: 'c', chip: undefined, fields: ['d'] });
  });
});

describe('the Filtros button count', () => {
  it('counts the filters, not paging, order or the search text; a date range once', () => {
    expect(activeFilterCount({ page: 2, limit: 15, order_col: 'x', order_dir: 'asc', query: 'kom' })).toBe(0);
    expect(activeFilterCount({ date_from: '2026-01-01', date_to: '2026-01-31', estado: 1 } as never)).toBe(2);
    expect(activeFilterCount({ id_obra: undefined, estado: 0 } as never)).toBe(1);
  });
});
