import { describe, expect, it } from 'vitest';
import { MSG_FILTER_FIRST, MSG_VALE_REQUIRED } from '@shared/messages';
import { confirmLabel, errorsByRow, issueBody, needsFilter, receiptBody, repick, typeQuantity, type Picked } from './movements';

type Row = { id: number; cap: number };
const cap = (r: Row) => r.cap;

describe('site movements: the issue and receipt screens', () => {
  it('say what the server says: one constant of shared/messages.ts, in the seed wording', () => {
    expect(MSG_FILTER_FIRST).toBe('FILTRE PARA BUSCAR');
    expect(MSG_VALE_REQUIRED).toBe('El campo VALE SALIDA es requerido');
  });

  it("the issue list waits for a filter: none (or only the search, the page, the order) shows 'FILTRE PARA BUSCAR'", () => {
    expect(needsFilter({})).toBe(true);
    expect(needsFilter({ page: 2, query: 'fil', order_col: 'codigo_material' } as never)).toBe(true);
    expect(needsFilter({ id_obra: undefined, numero_orden: '' })).toBe(true);
    for (const key of ['id_obra', 'id_orden_trabajo', 'id_solicitud_compra', 'id_material', 'todos'] as const) expect(needsFilter({ [key]: 1 }), key).toBe(false);
    expect(needsFilter({ numero_orden: 'OC-1' })).toBe(false);
  });

  it('the confirm label pluralises', () => {
    expect(confirmLabel(0, 'salida', 'salidas')).toBe('Confirmar salida');
    expect(confirmLabel(1, 'salida', 'salidas')).toBe('Confirmar salida');
    expect(confirmLabel(3, 'salida', 'salidas')).toBe('Confirmar 3 salidas');
    expect(confirmLabel(2, 'entrada', 'entradas')).toBe('Confirmar 2 entradas');
  });

  it('a quantity is a non-negative decimal (the invalid last character dropped), capped at the row', () => {
    expect(typeQuantity('2', 5)).toBe('2');
    expect(typeQuantity('2.5', 5)).toBe('2.5');
    expect(typeQuantity('2,5', 5)).toBe('2.5');
    expect(typeQuantity('2a', 5)).toBe('2');
    expect(typeQuantity('-', 5)).toBe('');
    expect(typeQuantity('2.5.', 5)).toBe('2.5');
    expect(typeQuantity('7', 5)).toBe('5');
    expect(typeQuantity('1.75', 1.5)).toBe('1.5');
    expect(typeQuantity('', 5)).toBe('');
  });

  it('selecting starts a row at its cap, keeps what was typed and rows of other pages, drops the unselected', () => {
    const page = [{ id: 1, cap: 3 }, { id: 2, cap: 0.5 }];
    let picked = repick(new Map(), new Set([1, 2]), page, cap);
    expect([...picked.values()].map((p) => p.text)).toEqual(['3', '0.5']);
    picked.set(1, { ...picked.get(1)!, text: '1' });
    picked = repick(picked, new Set([1, 2, 9]), [{ id: 7, cap: 1 }], cap); // 9: not on any page seen
    expect([...picked.entries()].map(([id, p]) => [id, p.text])).toEqual([[1, '1'], [2, '0.5']]);
    picked = repick(picked, new Set([2]), [], cap);
    expect([...picked.keys()]).toEqual([2]);
  });

  it('the request bodies', () => {
    const picked: Picked<{ id: number }>[] = [{ row: { id: 11 }, text: '2.5' }, { row: { id: 12 }, text: '' }];
    expect(issueBody('  V-001 ', picked)).toEqual({ vale_salida: 'V-001', salidas: [{ id_producto_solicitado: 11, cantidad_a_salir: 2.5 }, { id_producto_solicitado: 12, cantidad_a_salir: 0 }] });
    expect(receiptBody(picked)).toEqual({ entradas: [{ id_producto_solicitado: 11, cantidad_entrante: 2.5 }, { id_producto_solicitado: 12, cantidad_entrante: 0 }] });
  });

  it("a refusal's errors go to the row they name (by position in the body) or to their field", () => {
    const errors = { vale_salida: MSG_VALE_REQUIRED, 'salidas.1.cantidad_a_salir': 'No puede ser mayor a la cantidad disponible (2)', 'salidas.0.id_producto_solicitado': 'No se encontró el producto' };
    expect(errorsByRow(errors, 'salidas', [11, 12])).toEqual({ rows: { 11: 'No se encontró el producto', 12: 'No puede ser mayor a la cantidad disponible (2)' }, fields: { vale_salida: MSG_VALE_REQUIRED } });
    expect(errorsByRow({ 'entradas.0.cantidad_entrante': 'x', entradas: 'Seleccione al menos una fila' }, 'entradas', [5])).toEqual({ rows: { 5: 'x' }, fields: { entradas: 'Seleccione al menos una fila' } });
  });
});
