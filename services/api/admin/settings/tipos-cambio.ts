import * as v from 'valibot';
import { currencyCode, isSoles, MONTH_RE } from '../../../../shared/currency';
import { positiveAmount } from '../../catalogues/catalogue-fields';
import { counted, sorted } from '../../catalogues/catalogue-presets';
import { defineCatalogue } from '../../catalogues/define-catalogue';
import { REQUIRED } from '../../platform/fields';
import type { AnyRoute } from '../../platform/route';
import { tipoCambioItem, tipoCambioRow } from '@shared/contracts/admin-tipos-cambio';

export const MSG_MONEDA = 'Ingrese el código de 3 letras de la moneda (ej. USD)';
export const MSG_MONEDA_SOLES = 'Los costos se llevan en soles: registre solo otras monedas';
export const MSG_MES = 'Ingrese el mes como AAAA-MM';
export const MSG_DUPLICADO = 'Ya hay un tipo de cambio de esa moneda para ese mes';
export const MSG_USADO = 'Este tipo de cambio ya valorizó movimientos del kárdex: no se puede cambiar';

/** rm_tipos_cambio.tasa is numeric(14, 6). */
const TASA_MAX = 99_999_999.999999;

/** /settings/tipos_cambio (issue 19, decision "Amounts in another currency…"): the monthly rates
 * (soles per unit of another currency) that value the central entries in that currency, on the
 * generic catalogue mechanism under the settings' rights. One rate per currency and month. A rate
 * that valued ledger movements when they were recorded keeps its currency, month and value (so
 * every figure of the month uses one rate) and cannot be removed; figures still waiting for a
 * rate take it when they are read. */
export function tiposCambioRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/settings/tipos_cambio', module: '/settings', title: 'Tipos de cambio', fileBase: 'tipos_cambio',
    entity: 'tipo_cambio', name: 'tipo de cambio', table: 'rm_tipos_cambio', alias: 't',
    row: tipoCambioRow,
    columns: [
      sorted('moneda', 'Moneda', 't.moneda'),
      sorted('mes', 'Mes', 't.mes'),
      sorted('tasa', 'Tipo de cambio (S/)', 't.tasa', 'decimal'),
      counted('movimientos', 'Movimientos valorizados', "(SELECT count(*) FROM rm_stock_movimientos s WHERE s.cambio ->> 'id_tipo_cambio' = t.id::text)::int"),
    ],
    search: ['t.moneda', 't.mes'], key: 't.id', defaultOrder: { col: 'mes', dir: 'desc' },
    item: tipoCambioItem,
    fields: {
      moneda: v.pipe(v.string(REQUIRED), v.transform((m: string) => currencyCode(m)), v.nonEmpty(REQUIRED), v.regex(/^[A-Z]{3}$/, MSG_MONEDA), v.check((m) => !isSoles(m), MSG_MONEDA_SOLES)),
      mes: v.pipe(v.string(REQUIRED), v.trim(), v.nonEmpty(REQUIRED), v.regex(MONTH_RE, MSG_MES)),
      tasa: positiveAmount(6, TASA_MAX),
    },
    defaults: { moneda: 'USD', mes: '', tasa: null },
    unique: [{ field: 'mes', within: 'moneda', message: MSG_DUPLICADO }],
    check: async (fields, { id, deps, errors }) => {
      if (!id) return;
      const [stored] = await deps.sql<{ moneda: string; mes: string; tasa: string; usados: number }[]>`
        SELECT moneda, mes, tasa::text, (SELECT count(*)::int FROM rm_stock_movimientos WHERE cambio ->> 'id_tipo_cambio' = ${String(id)}) AS usados
          FROM rm_tipos_cambio WHERE id = ${id}`;
      if (!stored?.usados) return;
      const changed = stored.moneda !== fields.moneda || stored.mes !== fields.mes || Number(stored.tasa) !== fields.tasa;
      if (changed) errors.tasa = MSG_USADO;
    },
    blockedBy: [{ one: 'movimiento del kárdex valorizado con él', many: 'movimientos del kárdex valorizados con él', from: 'rm_stock_movimientos', where: "cambio ->> 'id_tipo_cambio' = $1::text" }],
  });
}
