import { describe, expect, it } from 'vitest';
import { deciderSpec, refusalOf } from '../testing/decider-spec';
import {
  centralEntryFileDecider, checkEntryRows, MSG_FILE_EXISTS, MSG_FILE_REQUIRED, MSG_NO_ROWS, R_ORDER_PENDING, R_ORDER_UNKNOWN, R_QUANTITY, R_SITE_UNKNOWN,
  refuseEntriesSheet, rRepeated,
} from './decider';
import { ENTRY_COLUMNS, type CentralEntryFileCommand, type SheetRow } from './types';

const row = (fila: number, over: Partial<SheetRow['values']> = {}): SheetRow => ({
  fila,
  values: {
    ...(Object.fromEntries(ENTRY_COLUMNS.map((c) => [c, null])) as SheetRow['values']),
    codigo_obra: 'ob-1', codigo_recurso: 'mat-1', numero_orden_compra: 'oc-1', albaran: 'A-1', cantidad: '2,5', fecha_movimiento: '05/09/2026', ...over,
  },
});
const facts = { sites: ['OB-1'], orders: ['OC-1', 'OC-2'], pendingOrders: ['OC-2'] };

describe('an imported sheet of central entries', () => {
  it('needs a file, readable, with rows (422 on archivo)', () => {
    expect(refuseEntriesSheet({ rows: [row(2)] })).toHaveLength(1);
    expect(refusalOf(() => refuseEntriesSheet(null))).toMatchObject([MSG_FILE_REQUIRED, 422, { archivo: MSG_FILE_REQUIRED }]);
    expect(refusalOf(() => refuseEntriesSheet({ unreadable: 'No se pudo leer' }))).toMatchObject(['No se pudo leer', 422, { archivo: 'No se pudo leer' }]);
    expect(refusalOf(() => refuseEntriesSheet({ rows: [] }))).toMatchObject([MSG_NO_ROWS, 422, { archivo: MSG_NO_ROWS }]);
  });

  it('takes a row naming a known site and an approved order, with its values normalised', () => {
    const { valid, invalid } = checkEntryRows([row(2)], facts);
    expect(invalid).toEqual([]);
    expect(valid).toEqual([expect.objectContaining({ fila: 2, codigo_obra: 'OB-1', codigo_recurso: 'MAT-1', numero_orden_compra: 'OC-1', cantidad: 2.5, importe: null, fecha_movimiento: '2026-09-05' })]);
  });

  it('refuses a row with an unknown site or order, an order pending in SICAM, a bad quantity or a repeated key, each with its reasons', () => {
    const { valid, invalid } = checkEntryRows([
      row(2), row(3), row(4, { codigo_obra: 'OB-9', numero_orden_compra: 'OC-9' }), row(5, { numero_orden_compra: 'OC-2', albaran: 'A-2' }), row(6, { albaran: 'A-3', cantidad: 0 }),
    ], facts);
    expect(valid.map((e) => e.fila)).toEqual([2]);
    expect(invalid.map((r) => [r.fila, r.motivo])).toEqual([
      [3, rRepeated(2)], [4, `${R_SITE_UNKNOWN}; ${R_ORDER_UNKNOWN}`], [5, R_ORDER_PENDING], [6, R_QUANTITY],
    ]);
  });

  it('is recorded once (409)', () => {
    const given = deciderSpec(centralEntryFileDecider);
    const command: CentralEntryFileCommand = { type: 'ImportCentralEntries', id: 1, nombre: 'a.xlsx', pic: 'p', hash: 'h', entradas: [], validos: 0, invalidos: 1, by: 3 };
    const [event] = given([]).when(command).thenTypes(['CentralEntriesImported']);
    given([event]).when(command).thenRefused(MSG_FILE_EXISTS, 409);
  });
});
