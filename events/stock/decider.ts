import { MSG_VALIDATION } from '@shared/messages';
import { unreachable, type Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import type { Almacen, PendingAmounts, StockCommand, StockEvent, StockKey, StockState } from './types';
import { roundQty } from '@shared/quantity';


export const ALMACEN_NAMES: Record<Almacen, string> = { central: 'el almacén central', transito: 'tránsito a obra', obra: 'el almacén de obra' };

/** The 409 of a movement that would leave a balance below zero (shown as is to the user). */
export function msgNotEnoughStock(key: StockKey, saldo: number): string {
  const donde = ALMACEN_NAMES[key.almacen];
  return `Stock insuficiente de ${key.codigo} en ${donde}: quedan ${saldo}`;
}

const nonEmpty = (p: PendingAmounts): PendingAmounts | undefined => (Object.keys(p).length ? p : undefined);

/** Issue 19: the amounts in other currencies without a rate that a movement carries, and what the
 * balance keeps after it. Units are fungible, as the moving average says: an exit takes its share
 * (quantity ÷ balance) of every amount, so once a rate is known the issued cost is exactly what the
 * average would have given had the rate been known at entry. An exit that empties the balance
 * takes all. */
export function movePending(before: PendingAmounts, saldo: number, cantidad: number, entering: PendingAmounts | undefined): { moved: PendingAmounts; after: PendingAmounts } {
  const moved: PendingAmounts = {};
  const after: PendingAmounts = { ...before };
  if (cantidad > 0) {
    for (const [k, monto] of Object.entries(entering ?? {})) {
      const m = roundQty(monto);
      if (m <= 0) continue;
      moved[k] = m;
      after[k] = roundQty((after[k] ?? 0) + m);
    }
  } else {
    const share = saldo > 0 ? Math.min(1, -cantidad / saldo) : 1;
    for (const [k, monto] of Object.entries(before)) {
      const m = share >= 1 ? monto : roundQty(monto * share);
      if (m === 0) continue;
      moved[k] = -m;
      after[k] = roundQty(monto - m);
      if (after[k] <= 0) delete after[k];
    }
  }
  return { moved, after };
}

/** One warehouse × material balance (`stock-{id}`): every movement is appended here with the
 * balance before and after it, and none may take the balance below zero. The moving-average unit
 * cost is kept per balance: an entry mixes its cost in, an exit leaves at the average. */
export const stockDecider: Decider<StockState, StockCommand, StockEvent> = {
  initialState: () => ({ saldo: 0, costo_promedio: 0, pendiente: {}, movimientos: 0, key: null }),

  decide(command, state) {
    const cantidad = roundQty(command.cantidad);
    if (!Number.isFinite(cantidad) || cantidad === 0) throw new CommandRejected(MSG_VALIDATION, { cantidad: 'La cantidad debe ser distinta de 0' }, 422);
    if (state.key && (state.key.almacen !== command.key.almacen || state.key.id_obra !== command.key.id_obra || state.key.codigo !== command.key.codigo)) {
      throw new Error('El movimiento no corresponde a este stock');
    }
    const saldo = roundQty(state.saldo + cantidad);
    if (saldo < 0) throw new CommandRejected(msgNotEnoughStock(command.key, state.saldo), {}, 409);
    const unit = cantidad > 0 && command.costo_unitario !== null && command.costo_unitario >= 0 ? command.costo_unitario : state.costo_promedio;
    const promedio = cantidad > 0 && saldo > 0 ? (Math.max(state.saldo, 0) * state.costo_promedio + cantidad * unit) / saldo : state.costo_promedio;
    const pending = movePending(state.pendiente, state.saldo, cantidad, command.sin_tipo_cambio);
    const sinTipoCambio = nonEmpty(pending.moved);
    const pendiente = nonEmpty(pending.after);
    return [{
      type: 'StockMoved',
      data: {
        ...command.key,
        id_material: command.id_material,
        descripcion: command.descripcion,
        motivo: command.motivo,
        cantidad,
        saldo_anterior: state.saldo,
        saldo,
        costo_unitario: roundQty(unit),
        costo_promedio: roundQty(promedio),
        ...(command.cambio ? { cambio: command.cambio } : {}),
        ...(sinTipoCambio ? { sin_tipo_cambio: sinTipoCambio } : {}),
        ...(pendiente || Object.keys(state.pendiente).length ? { pendiente: pendiente ?? {} } : {}),
        documento: command.documento,
        id_producto: command.id_producto ?? null,
        id_linea: command.id_linea ?? null,
        id_orden_trabajo: command.id_orden_trabajo ?? null,
        by: command.by,
      },
    }];
  },

  evolve(state, event) {
    switch (event.type) {
      case 'StockMoved': {
        const d = event.data;
        return { saldo: d.saldo, costo_promedio: d.costo_promedio, pendiente: d.pendiente ?? state.pendiente, movimientos: state.movimientos + 1, key: { almacen: d.almacen, id_obra: d.id_obra, codigo: d.codigo } };
      }
      default:
        return unreachable(event.type, 'event');
    }
  },
};

export const stock = aggregate('stock', stockDecider);
