import * as v from 'valibot';
import { updateRecord } from '../../../events/record/commands';
import { ApiError, NOT_FOUND } from '../platform/api-error';
import { SAVED } from '../platform/define-crud';
import { positiveId } from '../platform/fields';
import { defineRoute, moduleAccess, readById, type AnyRoute } from '../platform/route';
import type { Sql } from 'postgres';
import { amountField } from './amount-field';
import { montoTotalReply } from '@shared/contracts/sites';

/** rm_obras.monto_total is numeric(14, 2): whole soles up to this. */
export const MAX_MONTO_TOTAL = 999_999_999_999;

async function loadMonto(sql: Sql, id: number) {
  const [item] = await sql`SELECT id, codigo, nombre, monto_total::text AS monto_total FROM rm_obras WHERE id = ${id}`;
  if (!item) throw new ApiError(404, NOT_FOUND);
  return item;
}

/** Seed 001 §2: 'A dialog sets the total amount (monto total) of a site'; §7: GET /obras
 * montoTotal and guardarMonto. The amount is parsed as an integer, non-numeric → 0 (§5), and is
 * a field of the site's record stream (`obra-{id}`: RecordUpdated { monto_total }). */
export function montoTotalRoutes(): AnyRoute[] {
  return [
    readById('/obras', {
      path: '/obras/montoTotal',
      summary: 'Monto total de una obra (para el diálogo)',
      output: montoTotalReply,
      async handler({ input, deps }) {
        return { item: await loadMonto(deps.sql, input.id) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/obras/guardarMonto',
      access: moduleAccess('/obras', 'edit'),
      summary: 'Guardar el monto total de una obra (entero; un valor no numérico es 0)',
      input: v.object({ id: positiveId(), monto_total: amountField(MAX_MONTO_TOTAL) }),
      output: montoTotalReply,
      async handler({ input, deps, metadata }) {
        await loadMonto(deps.sql, input.id);
        await updateRecord(deps.store, 'obra', input.id, { monto_total: input.monto_total }, { metadata });
        return { item: await loadMonto(deps.sql, input.id), msg: SAVED };
      },
    }),
  ];
}
