import type { FieldChange } from '@shared/diff';
import { GRUPOS, REGLAS, type GastoEntrada, type GastoLinea, type Grupo, type Regla } from '@shared/site-expenses';
import type { Event } from '../types';

export { GRUPOS, REGLAS, type GastoEntrada, type GastoLinea, type Grupo, type Regla };


/** The changed values of one line in a save. */
export type LineaCambiada = {
  id: number;
  numero: number;
  changes: Partial<Record<'cantidad' | 'monto' | 'monto_total', FieldChange<number>>>;
};

export type ObraGastosEvent =
  /** The site's lines, copied from the concept catalogue the first time they are opened. */
  | Event<'GeneralExpensesOpened', { id_obra: number; catalogo_version: number; lineas: GastoLinea[] }>
  /** One save: the lines whose values changed (before → after) and the site's new total. */
  | Event<'GeneralExpensesSaved', { id_obra: number; lineas: LineaCambiada[]; total: FieldChange<number> }>;

export type ObraGastosCommand =
  | { type: 'IniciarGastosGenerales'; id_obra: number; catalogo_version: number; lineas: GastoLinea[] }
  | { type: 'GuardarGastosGenerales'; id_obra: number; entradas: GastoEntrada[] };

export type ObraGastosState = { status: 'absent' } | { status: 'open'; id_obra: number; lineas: GastoLinea[] };
