import { MSG_NOT_FOUND } from '@shared/messages';
import { NotFound } from '../../../events/errors';
import { execute } from '../../../events/execute';
import { gastosTotales } from '@shared/site-expenses-lines';
import { obraGastos } from '../../../events/site/decider';
import { recordAggregate } from '../../../events/record/commands';
import type { EventMetadata } from '../../../events/types';
import type { ApiDeps } from '../platform/deps';
import type { GastosSaveInput } from './gastos-schemas';

/** Saves a site's general expenses in one command: the decider applies the typed values and
 * recomputes the lines (one GeneralExpensesSaved with the changed lines on
 * `obra_gastos-{id}`), and the site's gastos_generales follows the lines' total (a RecordUpdated
 * on `obra-{id}`, so the site's own history shows it), both streams in one transaction. A form
 * loaded at another version than the stream's, or a concurrent writer of either stream, is a 409
 * and writes nothing. */
export async function saveGastos(deps: ApiDeps, input: GastosSaveInput, metadata: Partial<EventMetadata>): Promise<void> {
  const [obra] = await deps.sql`SELECT 1 FROM rm_obras WHERE id = ${input.id}`;
  if (!obra) throw new NotFound(MSG_NOT_FOUND);
  await execute(deps.store, async (c) => {
    const gastos = await c.load(obraGastos, input.id, { expectedVersion: input.version });
    gastos.decide({ type: 'GuardarGastosGenerales', id_obra: input.id, entradas: input.obra_conceptos.map((e) => ({ id: e.id, cantidad: e.cantidad ?? 0, monto: e.monto ?? 0 })) });
    if (gastos.state.status !== 'open') return;
    const site = await c.load(recordAggregate('obra'), input.id);
    site.decide({ type: 'UpdateRecord', id: input.id, fields: { gastos_generales: gastosTotales(gastos.state.lineas).total } });
  }, { metadata });
}
