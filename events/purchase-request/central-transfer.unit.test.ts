import { describe, expect, it } from 'vitest';
import { MSG_VALIDATION } from '@shared/messages';
import { MSG_ROW_NOT_FOUND } from '../picked-rows';
import { refusalOf } from '../testing/decider-spec';
import { allotTransferRows, MSG_NO_CENTRAL_STOCK, MSG_NOT_OF_ORDER, MSG_NOTHING_TO_SEND, placeTransferRows, rowsToSend } from './central-transfer';
import { MSG_WAYBILL_REQUIRED } from './decider';

const groupOf = (o: string | null | undefined) => {
  const t = (o ?? '').trim().toUpperCase();
  return t === 'STOCK' ? '' : t;
};
const products = new Map([
  [1, { id: 1, codigo: 'MAT-1', numero_orden: 'OC-1', stock: 0 }],
  [2, { id: 2, codigo: 'MAT-1', numero_orden: null, stock: 3 }],
]);

describe('a central transfer\'s rows', () => {
  it('needs a waybill and a row above 0; only rows above 0 are sent', () => {
    expect(rowsToSend('G-1', [{ cantidad_a_salir: 0 }, { cantidad_a_salir: 2 }])).toEqual([{ cantidad_a_salir: 2, index: 1 }]);
    expect(refusalOf(() => rowsToSend('', [{ cantidad_a_salir: 0 }]))).toMatchObject([MSG_VALIDATION, 422, { numero_guia: MSG_WAYBILL_REQUIRED, salidas: MSG_NOTHING_TO_SEND }]);
  });

  it('each row leaves from a group its product belongs to (its order, or central stock it holds)', () => {
    const rows = [
      { id_producto_solicitado: 1, cantidad_a_salir: 1, index: 0 },
      { id_producto_solicitado: 2, numero_orden_compra: 'STOCK', cantidad_a_salir: 1, index: 1 },
      { id_producto_solicitado: 1, numero_orden_compra: 'OC-2', cantidad_a_salir: 1, index: 2 },
      { id_producto_solicitado: 1, numero_orden_compra: 'STOCK', cantidad_a_salir: 1, index: 3 },
      { id_producto_solicitado: 9, cantidad_a_salir: 1, index: 4 },
    ];
    const { lines, errors } = placeTransferRows(rows, products, groupOf);
    expect(lines.map((l) => [l.row.index, l.orden])).toEqual([[0, 'OC-1'], [1, '']]);
    expect(errors).toEqual({ 'salidas.2.numero_orden_compra': MSG_NOT_OF_ORDER, 'salidas.3.numero_orden_compra': MSG_NO_CENTRAL_STOCK, 'salidas.4.id_producto_solicitado': MSG_ROW_NOT_FOUND });
  });

  it('a group\'s rows take at most what it holds, in order; beyond it the row is refused (422)', () => {
    const line = (index: number, cantidad_a_salir: number) => ({ row: { cantidad_a_salir, index }, product: { codigo: 'MAT-1' }, orden: 'OC-1' });
    const held = new Map([['MAT-1\tOC-1', 3]]);
    expect(allotTransferRows([line(0, 1), line(1, 2)], held, {})).toHaveLength(2);
    expect(refusalOf(() => allotTransferRows([line(0, 2), line(1, 2)], held, { otro: 'x' }))).toMatchObject([MSG_VALIDATION, 422, { otro: 'x', 'salidas.1.cantidad_a_salir': 'No puede ser mayor a lo disponible en OC-1 (1)' },
    ]);
  });
});
