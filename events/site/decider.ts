import { changesOf } from '@shared/diff';
import { MSG_VALIDATION } from '@shared/messages';
import { unreachable, type Decider } from '../decider';
import { aggregate } from '../execute';
import { CommandRejected } from '../errors';
import { applyEntries, computeLines, gastosTotales } from '@shared/site-expenses-lines';
import type { GastoLinea, LineaCambiada, ObraGastosCommand, ObraGastosEvent, ObraGastosState } from './types';

export const MSG_SIN_CONCEPTOS = 'La obra aún no tiene conceptos de gastos generales. Vuelva a cargar la página.';
export const MSG_CONCEPTO_NO_EXISTE = 'El concepto no pertenece a esta obra';
export const MSG_CONCEPTO_REPETIDO = 'El concepto está repetido';
/** rm_obras.gastos_generales is numeric(14, 2). */
export const MAX_TOTAL_GASTOS = 999_999_999_999;
export const MSG_TOTAL_EXCEDE = 'El total de gastos generales supera el máximo permitido (S/ 999,999,999,999.00)';

const VALUE_FIELDS = ['cantidad', 'monto', 'monto_total'] as const;

function changedLines(before: GastoLinea[], after: GastoLinea[]): LineaCambiada[] {
  const previous = new Map(before.map((l) => [l.id, l]));
  const out: LineaCambiada[] = [];
  for (const line of after) {
    const old = previous.get(line.id)!;
    const changes: LineaCambiada['changes'] = changesOf(old, line, VALUE_FIELDS);
    if (Object.keys(changes).length) out.push({ id: line.id, numero: line.numero, changes });
  }
  return out;
}

/** A site's general expenses, one stream per site (`obra_gastos-{id_obra}`). Opening them the first
 * time copies the concept catalogue (idempotent: a second opening changes nothing); a save
 * applies the entered values to the editable lines, recomputes every computed line from the rules
 * (compute-lines.ts) and records only the lines that changed, with the site's new total. */
export const obraGastosDecider: Decider<ObraGastosState, ObraGastosCommand, ObraGastosEvent> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'IniciarGastosGenerales': {
        if (state.status === 'open' || command.lineas.length === 0) return [];
        const lineas = computeLines(command.lineas);
        return [{ type: 'GeneralExpensesOpened', data: { id_obra: command.id_obra, catalogo_version: command.catalogo_version, lineas } }];
      }
      case 'GuardarGastosGenerales': {
        if (state.status !== 'open') throw new CommandRejected(MSG_SIN_CONCEPTOS, {}, 422);
        const known = new Set(state.lineas.map((l) => l.id));
        const seen = new Set<number>();
        const errors: Record<string, string> = {};
        command.entradas.forEach((e, i) => {
          if (!known.has(e.id)) errors[`obra_conceptos.${i}.id`] = MSG_CONCEPTO_NO_EXISTE;
          else if (seen.has(e.id)) errors[`obra_conceptos.${i}.id`] = MSG_CONCEPTO_REPETIDO;
          seen.add(e.id);
        });
        if (Object.keys(errors).length) throw new CommandRejected(MSG_VALIDATION, errors, 422);
        const next = computeLines(applyEntries(state.lineas, command.entradas));
        const total = { from: gastosTotales(state.lineas).total, to: gastosTotales(next).total };
        if (total.to > MAX_TOTAL_GASTOS) throw new CommandRejected(MSG_TOTAL_EXCEDE, {}, 422);
        const lineas = changedLines(state.lineas, next);
        if (lineas.length === 0) return [];
        return [{ type: 'GeneralExpensesSaved', data: { id_obra: state.id_obra, lineas, total } }];
      }
      default:
        return unreachable(command, 'command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'GeneralExpensesOpened':
        return { status: 'open', id_obra: event.data.id_obra, lineas: event.data.lineas };
      case 'GeneralExpensesSaved': {
        if (state.status !== 'open') return state;
        const byId = new Map(event.data.lineas.map((l) => [l.id, l.changes]));
        const lineas = state.lineas.map((line) => {
          const changes = byId.get(line.id);
          if (!changes) return line;
          const next = { ...line };
          for (const f of VALUE_FIELDS) if (changes[f]) next[f] = changes[f].to;
          return next;
        });
        return { ...state, lineas };
      }
      default:
        return unreachable(event, 'event');
    }
  },
};


/** A site's general expenses: `obra_gastos-{id_obra}` streams decided by obraGastosDecider. */
export const obraGastos = aggregate('obra_gastos', obraGastosDecider);
