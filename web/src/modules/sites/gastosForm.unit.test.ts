import { describe, expect, it } from 'vitest';
import type { GastoLinea } from '@shared/site-expenses';
import { isDirty, lineErrors, liveLines, payloadOf, valuesOf } from './gastosForm';

const line = (over: Partial<GastoLinea> & Pick<GastoLinea, 'id' | 'numero' | 'grupo'>): GastoLinea => ({
  concepto: `Concepto ${over.numero}`, info: '', usa_cantidad: 1, disabled: 0, regla: 'normal', cantidad: 0, monto: 0, monto_total: 0, ...over,
});

const LINES: GastoLinea[] = [
  line({ id: 1, numero: 1, grupo: 'concepto', cantidad: 2, monto: 100, monto_total: 200 }),
  line({ id: 11, numero: 11, grupo: 'concepto', usa_cantidad: 0, regla: 'total_otros_grupos' }),
  line({ id: 12, numero: 12, grupo: 'concepto', regla: 'suma_cantidades' }),
  line({ id: 16, numero: 16, grupo: 'concepto', usa_cantidad: 0, regla: 'total_fijo' }),
  line({ id: 17, numero: 17, grupo: 'gestion' }),
  line({ id: 31, numero: 31, grupo: 'tecnico', disabled: 1 }),
];

describe('general-expenses form', () => {
  it('starts from the editable lines only and is not dirty', () => {
    const values = valuesOf(LINES);
    expect(Object.keys(values).map(Number)).toEqual([1, 16, 17]);
    expect(isDirty(LINES, values)).toBe(false);
    expect(isDirty(LINES, { ...values, 1: { cantidad: '2.9', monto: '100abc' } })).toBe(false); // parses to the same
  });

  it('computes lines 11 and 12 and the totals live from the typed text', () => {
    const values = { ...valuesOf(LINES), 17: { cantidad: '3', monto: '1500.50' }, 16: { cantidad: '', monto: '9000' } };
    const { lines, totales } = liveLines(LINES, values);
    expect(lines.find((l) => l.id === 11)!.monto_total).toBe(4500);
    expect(lines.find((l) => l.id === 12)!.cantidad).toBe(3);
    expect(totales.total).toBe(200 + 9000 + 4500);
    expect(isDirty(LINES, values)).toBe(true);
    expect(payloadOf(LINES, values)).toEqual([
      { id: 1, cantidad: '2', monto: '100' },
      { id: 16, cantidad: '', monto: '9000' },
      { id: 17, cantidad: '3', monto: '1500.50' },
    ]);
  });

  it('maps a 422 back to the inputs by the index sent', () => {
    const sent = [{ id: 1 }, { id: 17 }];
    expect(lineErrors({ 'obra_conceptos.1.monto': 'Máximo 99,999,999', 'obra_conceptos.0.id': 'El concepto está repetido', other: 'x' }, sent)).toEqual({
      '17.monto': 'Máximo 99,999,999',
      '1.monto': 'El concepto está repetido',
    });
  });
});
