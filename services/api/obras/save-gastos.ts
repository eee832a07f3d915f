import { fold } from '../../../events/decider';
import { ConcurrencyError } from '../../../events/errors';
import { gastosTotales } from '../../../events/obra-gastos/compute-lines';
import { obraGastosDecider } from '../../../events/obra-gastos/decider';
import type { ObraGastosEvent } from '../../../events/obra-gastos/types';
import { recordDecider, type RecordEvent } from '../../../events/record/record';
import { streamIdOf } from '../../../events/store';
import type { EventMetadata } from '../../../events/types';
import { ApiError, NOT_FOUND } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import type { GastosSaveInput } from './gastos-schemas';

const lastVersion = (events: { version: number }[]) => (events.length ? events[events.length - 1].version : 0);

/** Saves a site's general expenses in one transaction: the decider applies the typed values and
 * recomputes the lines (one GastosGeneralesGuardados with the changed lines on
 * `obra_gastos-{id}`), and the site's gastos_generales follows the lines' total (a RecordUpdated
 * on `obra-{id}`, so the site's own history shows it). A form loaded at another version than the
 * stream's, or a concurrent writer of either stream, is a 409 and writes nothing. */
export async function saveGastos(deps: ApiDeps, input: GastosSaveInput, metadata: Partial<EventMetadata>): Promise<void> {
  const [obra] = await deps.sql`SELECT 1 FROM rm_obras WHERE id = ${input.id}`;
  if (!obra) throw new ApiError(404, NOT_FOUND);
  const gastosStream = streamIdOf('obra_gastos', input.id);
  const obraStream = streamIdOf('obra', input.id);
  await deps.store.transaction(async ({ tx, append }) => {
    const history = await deps.store.readStream(gastosStream, {}, tx);
    const version = lastVersion(history);
    if (input.version !== undefined && input.version !== version) throw new ConcurrencyError(gastosStream, String(input.version), version);
    const state = fold(obraGastosDecider, history as unknown as ObraGastosEvent[]);
    const events = obraGastosDecider.decide({ type: 'GuardarGastosGenerales', id_obra: input.id, entradas: input.obra_conceptos.map((e) => ({ id: e.id, cantidad: e.cantidad ?? 0, monto: e.monto ?? 0 })) }, state);
    if (events.length) await append(gastosStream, events, { expectedVersion: version, metadata });
    const after = events.reduce(obraGastosDecider.evolve, state);
    if (after.status !== 'open') return;

    const obraHistory = await deps.store.readStream(obraStream, {}, tx);
    const obraState = fold(recordDecider, obraHistory as unknown as RecordEvent[]);
    const obraEvents = recordDecider.decide({ type: 'UpdateRecord', id: input.id, fields: { gastos_generales: gastosTotales(after.lineas).total } }, obraState);
    if (obraEvents.length) await append(obraStream, obraEvents, { expectedVersion: lastVersion(obraHistory), metadata });
  });
}
