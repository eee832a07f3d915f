import { describe, expect, it } from 'vitest';
import { movePending, stockDecider } from './decider';
import type { MoveStock, StockEvent, StockState } from './types';

// Issue 19: amounts in another currency without a rate travel with the units, in proportion, so
// once the rate is known the issued cost is what the moving average would have given.

const key = { almacen: 'central' as const, id_obra: 0, codigo: 'FIL-1' };
const move = (cantidad: number, costo_unitario: number | null, sin_tipo_cambio?: Record<string, number>): MoveStock => ({
  type: 'MoveStock', key, id_material: null, descripcion: 'Filtro', motivo: cantidad > 0 ? 'ingreso_oc' : 'salida', cantidad, costo_unitario, sin_tipo_cambio,
  documento: { tipo: 'archivo_entradas', id: 1, referencia: '' }, by: null,
});

function run(commands: MoveStock[]): { events: StockEvent[]; state: StockState } {
  const events: StockEvent[] = [];
  let state = stockDecider.initialState();
  for (const c of commands) {
    const decided = stockDecider.decide(c, state);
    events.push(...decided);
    state = decided.reduce((s, e) => stockDecider.evolve(s, e), state);
  }
  return { events, state };
}

describe('stock amounts without a rate', () => {
  it('an exit takes its share of every waiting amount; the last exit takes what is left', () => {
    expect(movePending({ 'USD:2026-09': 50 }, 4, -1, undefined)).toEqual({ moved: { 'USD:2026-09': -12.5 }, after: { 'USD:2026-09': 37.5 } });
    expect(movePending({ 'USD:2026-09': 10 }, 3, -3, undefined)).toEqual({ moved: { 'USD:2026-09': -10 }, after: {} });
    expect(movePending({}, 2, 2, { 'EUR:2026-01': 7 })).toEqual({ moved: { 'EUR:2026-01': 7 }, after: { 'EUR:2026-01': 7 } });
  });

  it('soles and a waiting USD entry: the known average spreads over all units, the USD share follows the quantity', () => {
    const { events, state } = run([move(2, 10), move(2, 0, { 'USD:2026-09': 50 }), move(-1, null), move(-3, null)]);
    expect(events.map((e) => [e.data.costo_unitario, e.data.costo_promedio, e.data.sin_tipo_cambio, e.data.pendiente])).toEqual([
      [10, 10, undefined, undefined],
      [0, 5, { 'USD:2026-09': 50 }, { 'USD:2026-09': 50 }],
      [5, 5, { 'USD:2026-09': -12.5 }, { 'USD:2026-09': 37.5 }],
      [5, 5, { 'USD:2026-09': -37.5 }, {}],
    ]);
    // With USD at 4: the first exit costs 5 + 12.5 × 4 = 55 = (20 + 50 × 4) ÷ 4, the average had the rate been known.
    expect(state).toMatchObject({ saldo: 0, pendiente: {}, movimientos: 4 });
  });

  it('balances recorded before the rates read with nothing waiting', () => {
    const { events } = run([move(3, 2), move(-1, null)]);
    expect(events.every((e) => e.data.sin_tipo_cambio === undefined && e.data.pendiente === undefined)).toBe(true);
  });
});
